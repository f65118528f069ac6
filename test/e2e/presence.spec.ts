import { expect, test, type Page } from '@playwright/test';
import { PRESENCE, PRESENCE_TEXTS } from '@tandem/shared-types';
import { csrfOf, signedInPage } from './support/session';
import { commentBox } from './support/locators';

/** Presence: who is on the issue now and who edits its description, live, and gone when the tab closes. */

const viewer = (page: Page, username: string) => page.getByTestId('presence-bar').locator(`[data-username="${username}"]`);

test('bob sees alice arrive, edit the description and leave; nobody sees themselves', async ({ browser }) => {
  const url = '/acme/tandem/-/issues/19';
  const bob = await signedInPage(browser, 'bob');
  await bob.goto(url);
  await expect(bob.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(bob.getByTestId('presence-bar')).toHaveCount(0);

  const alice = await signedInPage(browser, 'alice');
  await alice.goto(url);
  // bob was there first: alice's hello makes him answer at once, so each sees the other
  await expect(viewer(bob, 'alice')).toBeVisible({ timeout: 2000 });
  await expect(viewer(alice, 'bob')).toBeVisible({ timeout: 2000 });
  await expect(viewer(alice, 'alice')).toHaveCount(0);

  await alice.getByRole('button', { name: 'Edit title and description' }).click();
  const aliceName = (await viewer(bob, 'alice').locator('img').getAttribute('alt'))!;
  await expect(bob.getByTestId('presence-editing')).toHaveText(PRESENCE_TEXTS.editingDescription(aliceName), { timeout: 2000 });
  await alice.getByRole('button', { name: 'Cancel' }).click();
  await expect(bob.getByTestId('presence-editing')).toHaveText('', { timeout: 2000 });

  const closedAt = Date.now();
  await alice.context().close();
  await expect(viewer(bob, 'alice')).toHaveCount(0, { timeout: PRESENCE.ttlMs });
  // a closed tab says 'left' on its way out: well before the TTL
  expect(Date.now() - closedAt).toBeLessThan(3000);
});

test('a posted comment ends "is typing…" on the other page at once, not after the typing lapse', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const res = await alice.request.post('/api/v4/projects/acme%2Ftandem/issues', { data: { title: `Typing ends ${Date.now()}` }, headers: { 'x-csrf-token': csrfOf(alice) } });
  expect(res.status()).toBe(201);
  const url = `/acme/tandem/-/issues/${((await res.json()) as { iid: number }).iid}`;
  const bob = await signedInPage(browser, 'bob');
  await bob.goto(url);
  await expect(bob.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await alice.goto(url);
  await expect(viewer(bob, 'alice')).toBeVisible({ timeout: 2000 });

  const box = commentBox(alice);
  await box.pressSequentially('Posting this now', { delay: 20 });
  await expect(bob.getByTestId('presence-typing')).toHaveText(PRESENCE_TEXTS.typing(['Alice Adams']), { timeout: 2000 });
  await box.press('Control+Enter');
  await expect(bob.getByText('Posting this now')).toBeVisible({ timeout: 2000 });
  // the comment's own event ends the typing state: well inside the 3 s the typing state would linger
  await expect(bob.getByTestId('presence-typing')).toHaveText('', { timeout: PRESENCE.typingIdleMs / 3 });
  await expect(viewer(bob, 'alice')).toBeVisible();
});
