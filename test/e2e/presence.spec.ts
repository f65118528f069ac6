import { expect, test, type Page } from '@playwright/test';
import { PRESENCE, PRESENCE_TEXTS } from '@tandem/shared-types';
import { signedInPage } from './support/session';

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
