import { expect, test } from '@playwright/test';
import { LIMITS, TEXTS, VALIDATION } from '@tandem/shared-types';
import { api, createIssue, signedInPage } from './support/session';
import { descriptionBox } from './support/locators';

// Each test works on an issue of its own (created here).

test('a description over 1 MiB is refused in the edit form with the limit\'s message, and the text is kept', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  const iid = await createIssue(bob, 'acme/tandem', { title: `Huge paste ${Date.now()}`, description: 'Short body' });
  await bob.goto(`/acme/tandem/-/issues/${iid}`);
  await bob.getByRole('button', { name: 'Edit title and description' }).click();
  const huge = `${'a'.repeat(LIMITS.descriptionMaxLength)}END`;
  await descriptionBox(bob).fill(huge);
  await bob.getByRole('button', { name: 'Save changes' }).click();
  await expect(bob.getByRole('alert')).toContainText(`${TEXTS.errorUpdating('issue')}. description ${VALIDATION.tooLong(LIMITS.descriptionMaxLength)}`);
  // nothing cut, nothing lost: the form still holds every character, and nothing was saved
  expect(await descriptionBox(bob).evaluate((t) => (t as HTMLTextAreaElement).value.length)).toBe(huge.length);
  const saved = await (await bob.request.get(`/api/v4/projects/acme%2Ftandem/issues/${iid}`)).json();
  expect(saved.description).toBe('Short body');
});

test('a moved issue keeps its original author and creation time', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  const alice = await signedInPage(browser, 'alice');
  const iid = await createIssue(bob, 'acme/tandem', { title: `Moved by alice ${Date.now()}` });
  const original = await (await bob.request.get(`/api/v4/projects/acme%2Ftandem/issues/${iid}`)).json();
  const moved = await api<{ iid: number; web_url: string }>(alice, 'post', `/api/v4/projects/acme%2Ftandem/issues/${iid}/move`, { to_project_id: 'acme/platform/secret-plans' });
  await alice.goto(new URL(moved.web_url).pathname);
  await expect(alice.locator('.author-link').first()).toHaveText('Bob Brown');
  const copy = await (await alice.request.get(`/api/v4/projects/acme%2Fplatform%2Fsecret-plans/issues/${moved.iid}`)).json();
  expect(copy.author.username).toBe('bob');
  expect(copy.created_at).toBe(original.created_at);
});

test('a non-member reads a public issue without a failed request or a console error', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const iid = await createIssue(alice, 'acme/tandem', { title: `Read by a non-member ${Date.now()}`, description: 'Public, with **markdown**.' });
  await api(alice, 'post', `/api/v4/projects/acme%2Ftandem/issues/${iid}/notes`, { body: 'A comment erin can read' });
  const erin = await signedInPage(browser, 'erin');
  const failed: string[] = [];
  erin.on('console', (m) => void (m.type() === 'error' && failed.push(`console: ${m.text()}`)));
  erin.on('pageerror', (e) => failed.push(`page error: ${e.message}`));
  // A request the page cancels itself (a poll dropped once the socket is live) is not a failure
  erin.on('requestfailed', (r) => void (r.failure()?.errorText !== 'net::ERR_ABORTED' && failed.push(`failed: ${r.url()} ${r.failure()?.errorText}`)));
  const asked: string[] = [];
  erin.on('response', (r) => {
    asked.push(r.url());
    if (r.status() >= 400) failed.push(`${r.status()}: ${r.url()}`);
  });
  await erin.goto(`/acme/tandem/-/issues/${iid}`);
  await expect(erin.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(erin.getByText('A comment erin can read')).toBeVisible();
  await expect(erin.getByTestId('sidebar-invite')).toBeAttached();
  await erin.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
  // the page knew erin's level from its data: it never asked for her membership
  expect(asked.filter((u) => u.includes('/members/all/'))).toEqual([]);
  await expect(erin.getByTestId('invite-members-link')).toHaveCount(0);
});
