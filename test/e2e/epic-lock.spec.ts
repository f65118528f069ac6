import { expect, test, type Page } from '@playwright/test';
import { ISSUE_PAGE_TEXTS, TEXTS } from '@tandem/shared-types';
import { api, signedInPage } from './support/session';

// Creates its own epics in the demo group (nothing of the demo seed is changed).
async function openEpic(page: Page, iid: number): Promise<void> {
  await page.goto(`/groups/acme/-/epics/${iid}`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('notes-skeleton')).toHaveCount(0);
}

const descriptionBox = (page: Page) => page.getByTestId('epic-edit-form').getByRole('textbox', { name: 'Description' });

test("alice and bob edit the same epic description: bob's save is refused, shown, and his edit merged onto alice's", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const stamp = Date.now();
  const start = `Goals ${stamp}\n\nScope\n\nRisks`;
  const epic = await api<{ iid: number }>(alice, 'post', '/api/v4/groups/acme/epics', { title: `Locked epic ${stamp}`, description: start });
  await openEpic(alice, epic.iid);
  await openEpic(bob, epic.iid);
  await alice.getByTestId('epic-edit').click();
  await bob.getByTestId('epic-edit').click();
  await expect(descriptionBox(bob)).toHaveValue(start);

  // alice saves first (the first paragraph)
  await descriptionBox(alice).fill(`Goals ${stamp} (by alice)\n\nScope\n\nRisks`);
  await alice.getByTestId('epic-save').click();
  await expect(alice.getByTestId('epic-edit-form')).toHaveCount(0);
  // bob's open form hears of it live: the locked warning
  await expect(bob.getByTestId('locked-warning')).toContainText(TEXTS.lockedWarning('epic'));

  // bob's edit of another paragraph, saved with the version he started from: 409, merged
  await descriptionBox(bob).fill(`Goals ${stamp}\n\nScope\n\nRisks (by bob)`);
  await bob.getByTestId('epic-save').click();
  await expect(bob.getByTestId('merge-applied')).toContainText(ISSUE_PAGE_TEXTS.mergeApplied);
  await expect(descriptionBox(bob)).toHaveValue(`Goals ${stamp} (by alice)\n\nScope\n\nRisks (by bob)`);
  // nothing of bob's was written by the refused save
  await expect(alice.getByTestId('epic-description')).not.toContainText('(by bob)');

  // saving again goes through with both edits, and alice sees them live
  await bob.getByTestId('epic-save').click();
  await expect(bob.getByTestId('epic-edit-form')).toHaveCount(0);
  for (const page of [alice, bob]) {
    await expect(page.getByTestId('epic-description')).toContainText('(by alice)');
    await expect(page.getByTestId('epic-description')).toContainText('(by bob)');
  }
});

test("the epic comment box's preview renders &epic references in the epic's group", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const stamp = Date.now();
  const target = await api<{ iid: number }>(alice, 'post', '/api/v4/groups/acme/epics', { title: `Referenced epic ${stamp}` });
  const epic = await api<{ iid: number }>(alice, 'post', '/api/v4/groups/acme/epics', { title: `Preview epic ${stamp}` });
  await openEpic(alice, epic.iid);
  const form = alice.getByTestId('comment-form');
  await form.getByRole('textbox', { name: 'Comment' }).fill(`Depends on &${target.iid}`);
  await form.getByRole('tab', { name: 'Preview' }).click();
  await expect(form.locator('.md-editor__preview').getByRole('link', { name: `&${target.iid}` })).toHaveAttribute('href', `/groups/acme/-/epics/${target.iid}`);
});
