import { expect, test, type Page } from '@playwright/test';
import { NOTE_FORM_TEXTS } from '@tandem/shared-types';
import { commentBox, discussionWith } from './support/locators';
import { api, createIssue, signedInPage } from './support/session';

const PROJECT = 'acme/tandem';

async function openIssue(page: Page, iid: number): Promise<void> {
  await page.goto(`/${PROJECT}/-/issues/${iid}`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('notes-skeleton')).toHaveCount(0);
}

test("bob's reply with 'Resolve thread' ticked resolves the thread, and alice sees both live", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const stamp = Date.now();
  const iid = await createIssue(alice, PROJECT, { title: `Reply and resolve e2e ${stamp}` });
  const threadText = `Is the fix in? ${stamp}`;
  await api(alice, 'post', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/${iid}/discussions`, { body: threadText });
  await openIssue(alice, iid);
  await openIssue(bob, iid);
  await expect(discussionWith(alice, threadText)).toHaveAttribute('data-resolved', 'false');

  const replyText = `Yes, merged ${stamp}`;
  await discussionWith(bob, threadText).getByRole('button', { name: 'Reply…' }).click();
  const form = bob.getByTestId('reply-form');
  await form.getByRole('textbox', { name: 'Reply' }).fill(replyText);
  await form.getByRole('checkbox', { name: NOTE_FORM_TEXTS.replyAndResolve }).check();
  await form.getByRole('button', { name: 'Reply' }).click();
  await expect(discussionWith(bob, threadText)).toHaveAttribute('data-resolved', 'true');

  // alice: the reply inside the thread and the thread resolved, within a second
  await expect(alice.getByTestId('discussion').filter({ hasText: threadText }).first()).toHaveAttribute('data-resolved', 'true', { timeout: 1000 });
  await expect(alice.getByTestId('threads-resolved')).toContainText('1 of 1 thread resolved');
  await alice.getByTestId('discussion').filter({ hasText: threadText }).first().getByRole('button', { name: /reply/ }).click();
  await expect(alice.getByTestId('discussion').filter({ hasText: threadText }).first().getByText(replyText)).toBeVisible();

  // and the reply form of a resolved thread unresolves it
  await discussionWith(alice, threadText).getByRole('button', { name: 'Reply…' }).click();
  await alice.getByTestId('reply-form').getByRole('textbox', { name: 'Reply' }).fill(`Not quite ${stamp}`);
  await alice.getByTestId('reply-form').getByRole('checkbox', { name: NOTE_FORM_TEXTS.replyAndUnresolve }).check();
  await alice.getByTestId('reply-form').getByRole('button', { name: 'Reply' }).click();
  await expect(bob.getByTestId('discussion').filter({ hasText: threadText }).first()).toHaveAttribute('data-resolved', 'false', { timeout: 1000 });
});

test('a slash at the start of a comment lists the commands the user may run', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  const dave = await signedInPage(browser, 'dave');
  const iid = await createIssue(bob, PROJECT, { title: `Command list e2e ${Date.now()}` });
  await openIssue(bob, iid);
  await commentBox(bob).pressSequentially('/pro');
  await expect(bob.getByRole('listbox')).toContainText('/promote');
  await openIssue(dave, iid);
  await commentBox(dave).pressSequentially('/');
  await expect(dave.getByRole('listbox')).toContainText('/todo');
  await expect(dave.getByRole('listbox')).not.toContainText('/close');
});
