import { expect, test } from '@playwright/test';
import { SPAM_TEXTS } from '@tandem/shared-types';
import { descriptionBox } from './support/locators';
import { createIssue, signedInPage } from './support/session';

const PROJECT = 'acme/tandem';

test('an edit the spam check flags asks for the captcha; once solved the same save goes through, live for alice', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const iid = await createIssue(alice, PROJECT, { title: `Captcha ${Date.now()}`, description: 'A plain description.' });
  await alice.goto(`/${PROJECT}/-/issues/${iid}`);
  await bob.goto(`/${PROJECT}/-/issues/${iid}`);

  await bob.getByRole('button', { name: 'Edit title and description' }).click();
  await descriptionBox(bob).fill('Win free money today!');
  const flagged = bob.waitForResponse((r) => r.url().endsWith(`/issues/${iid}.json`) && r.request().method() === 'PUT');
  await bob.getByRole('button', { name: 'Save changes' }).click();
  expect((await flagged).status()).toBe(409);

  // the challenge: nothing saved yet, for anyone
  const modal = bob.getByRole('dialog', { name: SPAM_TEXTS.modalTitle });
  await expect(modal).toBeVisible();
  await expect(alice.getByTestId('issue-description')).toContainText('A plain description.');
  const submit = modal.getByRole('button', { name: SPAM_TEXTS.modalSubmit });
  await expect(submit).toBeDisabled();
  await modal.getByText("I'm not a robot").click();
  await expect(submit).toBeEnabled({ timeout: 20_000 });
  const retried = bob.waitForResponse((r) => r.url().endsWith(`/issues/${iid}.json`) && r.request().method() === 'PUT');
  await submit.click();
  const res = await retried;
  expect(res.status()).toBe(200);
  expect(JSON.parse(res.request().postData() ?? '{}')).toMatchObject({ description: 'Win free money today!', spam_log_id: expect.any(Number), captcha_response: expect.any(String) });

  await expect(modal).toHaveCount(0);
  await expect(descriptionBox(bob)).toHaveCount(0);
  for (const page of [bob, alice]) await expect(page.getByTestId('issue-description')).toContainText('Win free money today!');
  await alice.context().close();
  await bob.context().close();
});

test('cancelling the captcha keeps the comment unsent and says why', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  const iid = await createIssue(bob, PROJECT, { title: `Captcha comment ${Date.now()}`, description: 'Plain.' });
  await bob.goto(`/${PROJECT}/-/issues/${iid}`);
  const box = bob.getByTestId('comment-form').getByRole('textbox', { name: 'Comment' });
  await box.fill('Get a payday loan here');
  await box.press('Control+Enter');
  const modal = bob.getByRole('dialog', { name: SPAM_TEXTS.modalTitle });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: SPAM_TEXTS.modalCancel }).click();
  await expect(modal).toHaveCount(0);
  await expect(bob.getByText(SPAM_TEXTS.recognizedAsSpam('comment'))).toBeVisible();
  // nothing was stored: after a reload the issue still has no activity
  await bob.reload();
  await expect(bob.getByText('No activity yet.')).toBeVisible();
  await bob.context().close();
});
