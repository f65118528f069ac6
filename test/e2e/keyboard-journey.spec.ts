import { expect, test, type Locator, type Page } from '@playwright/test';
import { commentBox, noteWith } from './support/locators';
import { createIssue, signedInPage } from './support/session';

/**
 * A keyboard-only journey on the issue page: Tab to the assignees' Edit, search, arrow to a
 * person, Enter, Escape (saved, focus back on Edit); the same for a label; then Tab to the
 * comment box, type and send with Ctrl+Enter. No click after the page is open.
 */
const PROJECT = 'acme/tandem';

/** Presses Tab until `target` has focus (at most 300 presses), as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 300; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the target');
}

/** Arrow-down until the combobox's active option (aria-activedescendant) has `text`. */
async function arrowTo(page: Page, box: Locator, text: RegExp) {
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('ArrowDown');
    const id = await box.getAttribute('aria-activedescendant');
    if (id && text.test((await page.locator(`[id="${id}"]`).textContent()) ?? '')) return;
  }
  throw new Error(`no option ${text} became active`);
}

test('assigns a person and a label and writes a comment with the keyboard only', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const iid = await createIssue(alice, PROJECT, { title: `Keyboard journey ${Date.now()}` });
  await alice.goto(`/${PROJECT}/-/issues/${iid}`);
  const assignees = alice.getByTestId('sidebar-assignees');
  const assigneesEdit = assignees.getByRole('button', { name: 'Edit' });
  await expect(assigneesEdit).toBeVisible();

  await tabTo(alice, assigneesEdit);
  await alice.keyboard.press('Enter');
  const people = assignees.getByRole('combobox', { name: 'Search users' });
  await expect(people).toBeFocused();
  await alice.keyboard.type('bob');
  await expect(assignees.getByRole('option', { name: /Bob/ })).toBeVisible();
  await arrowTo(alice, people, /@bob/);
  await alice.keyboard.press('Enter');
  await expect(assignees.getByRole('option', { name: /Bob/ })).toHaveAttribute('aria-selected', 'true');
  await alice.keyboard.press('Escape');
  await expect(assignees.getByRole('listbox')).toHaveCount(0);
  await expect(assignees.getByRole('link', { name: /Bob/ })).toBeVisible();
  await expect(assignees.getByRole('button', { name: 'Edit' })).toBeFocused();

  const labels = alice.getByTestId('sidebar-labels');
  const labelsEdit = labels.getByRole('button', { name: 'Edit' });
  await tabTo(alice, labelsEdit);
  await alice.keyboard.press('Enter');
  const labelBox = labels.getByRole('combobox', { name: 'Search labels' });
  await expect(labelBox).toBeFocused();
  await alice.keyboard.type('bug');
  await expect(labels.getByRole('option', { name: /^bug$/ })).toBeVisible();
  await arrowTo(alice, labelBox, /^bug$/);
  await alice.keyboard.press('Enter');
  await expect(labels.getByRole('option', { name: /^bug$/ })).toHaveAttribute('aria-selected', 'true');
  await expect(labels.getByRole('button', { name: 'Apply' })).toBeVisible();
  await alice.keyboard.press('Escape');
  await expect(labels.getByRole('listbox')).toHaveCount(0);
  await expect(labels.getByText('bug', { exact: true })).toBeVisible();
  await expect(labels.getByRole('button', { name: 'Edit' })).toBeFocused();

  await tabTo(alice, commentBox(alice));
  await alice.keyboard.type('Typed without a mouse');
  await alice.keyboard.press('Control+Enter');
  await expect(noteWith(alice, 'Typed without a mouse')).toBeVisible();

  // saved for everyone: a fresh load shows the assignee and the label
  const issue = (await (await alice.request.get(`/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/${iid}`)).json()) as { assignees: Array<{ username: string }>; labels: string[] };
  expect(issue.assignees.map((a) => a.username)).toEqual(['bob']);
  expect(issue.labels).toEqual(['bug']);
  await alice.context().close();
});
