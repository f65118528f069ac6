import { expect, test, type Page } from '@playwright/test';
import { DISCUSSION_TEXTS, EPIC_TEXTS } from '@tandem/shared-types';
import { commentBox } from './support/locators';
import { api, signedInPage } from './support/session';

// Creates its own epics in the demo group (nothing of the demo seed is changed).
async function openEpic(page: Page, iid: number): Promise<void> {
  await page.goto(`/groups/acme/-/epics/${iid}`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('notes-skeleton')).toHaveCount(0);
}

const descriptionNotes = (page: Page) => page.getByTestId('system-note').filter({ hasText: 'changed the description' });

async function editDescription(page: Page, text: string): Promise<void> {
  await page.getByTestId('epic-edit').click();
  await page.getByRole('textbox', { name: 'Description' }).fill(text);
  await page.getByTestId('epic-save').click();
  await expect(page.getByTestId('epic-edit-form')).toHaveCount(0);
  await expect(page.getByTestId('epic-description')).toContainText(text);
}

test("alice edits an epic's description twice on its page: one merged note, its compare shows the diff; bob sees the note live", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const stamp = Date.now();
  const epic = await api<{ iid: number }>(alice, 'post', '/api/v4/groups/acme/epics', { title: `Edited epic ${stamp}`, description: 'first plan' });
  await openEpic(alice, epic.iid);
  await openEpic(bob, epic.iid);
  await expect(alice.getByTestId('epic-edit')).toContainText(EPIC_TEXTS.editEpic);

  await editDescription(alice, 'second plan');
  await expect(descriptionNotes(alice)).toHaveCount(1);
  await editDescription(alice, 'third plan');
  // The same author within the limit: the note absorbs the second edit
  await expect(descriptionNotes(alice)).toHaveCount(1);
  await expect(bob.getByTestId('epic-description')).toContainText('third plan', { timeout: 1000 });
  await expect(descriptionNotes(bob)).toHaveCount(1, { timeout: 1000 });

  await descriptionNotes(alice).getByRole('button', { name: DISCUSSION_TEXTS.compareDescriptionVersion }).click();
  const diff = alice.getByTestId('description-diff');
  await expect(diff.locator('del')).toHaveText('first');
  await expect(diff.locator('ins')).toHaveText('third');
  // bob (a developer, admin_epic) compares the same run
  await descriptionNotes(bob).getByRole('button', { name: DISCUSSION_TEXTS.compareDescriptionVersion }).click();
  await expect(bob.getByTestId('description-diff').locator('ins')).toHaveText('third');
});

test('an epic comment attaches a file (the link is in the posted note and serves the file) and autocompletes @ users', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const stamp = Date.now();
  const epic = await api<{ iid: number }>(alice, 'post', '/api/v4/groups/acme/epics', { title: `Attachments epic ${stamp}` });
  await openEpic(alice, epic.iid);

  // Attach a file: the placeholder becomes the group upload's link
  await commentBox(alice).fill(`Plan ${stamp}`);
  await alice.getByTestId('comment-form').getByTestId('md-attach-input').setInputFiles({ name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from(`the plan ${stamp}`) });
  await expect(commentBox(alice)).toHaveValue(new RegExp(`^Plan ${stamp} \\[plan\\.txt\\]\\(/groups/acme/-/uploads/[0-9a-f]{32}/plan\\.txt\\)$`));

  // '@' and pick a user from the group's members
  await commentBox(alice).press('End');
  await commentBox(alice).pressSequentially(' cc @bo');
  const menu = alice.getByTestId('md-autocomplete');
  await expect(menu.getByRole('option', { name: /bob/ })).toBeVisible();
  await menu.getByRole('option', { name: /bob/ }).click();
  await expect(commentBox(alice)).toHaveValue(/ cc @bob $/);

  await commentBox(alice).press('Control+Enter');
  const note = alice.getByTestId('note').filter({ hasText: `Plan ${stamp}` });
  const link = note.getByRole('link', { name: 'plan.txt' });
  await expect(link).toBeVisible();
  await expect(note.getByRole('link', { name: '@bob' })).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/\/groups\/acme\/-\/uploads\/[0-9a-f]{32}\/plan\.txt$/);
  const file = await alice.request.get(href);
  expect(file.status()).toBe(200);
  expect(await file.text()).toBe(`the plan ${stamp}`);
});
