import { expect, test } from '@playwright/test';
import { commentBox, noteWith } from './support/locators';
import { createIssue, markDocument, sameDocument, signedInPage } from './support/session';

/** Reporting an issue from the UI: the list's New issue button, the form, the created issue's page. */

test('a developer creates an issue with a description, a label and an assignee from the issue list', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  await bob.goto('/acme/tandem/-/issues');
  await bob.getByRole('link', { name: 'New issue' }).click();
  await expect(bob).toHaveURL(/\/acme\/tandem\/-\/issues\/new$/);
  const create = bob.getByRole('button', { name: 'Create issue' });
  await expect(create).toBeDisabled();

  const title = `Created from the form ${Date.now()}`;
  await bob.getByRole('textbox', { name: 'Title (required)' }).fill(title);
  await bob.getByRole('textbox', { name: 'Description' }).fill('Steps:\n\n- [ ] **first**');
  await bob.getByRole('tab', { name: 'Preview' }).click();
  await expect(bob.getByRole('tabpanel').locator('strong')).toHaveText('first');
  await bob.getByRole('group', { name: 'Labels' }).getByRole('checkbox', { name: 'bug' }).check();
  await bob.getByRole('group', { name: 'Assignees' }).getByRole('checkbox', { name: /@carol/ }).check();
  await create.click();

  await expect(bob).toHaveURL(/\/acme\/tandem\/-\/issues\/\d+$/);
  await expect(bob.getByTestId('issue-title')).toHaveText(title);
  await expect(bob.getByTestId('task-status')).toBeVisible();
  await expect(bob.getByTestId('sidebar-labels')).toContainText('bug');
  await expect(bob.getByTestId('sidebar-assignees')).toContainText('carol');
});

test('a guest may report an issue but is not offered the metadata fields; signed-out visitors are sent to sign in', async ({ browser }) => {
  const dave = await signedInPage(browser, 'dave');
  await dave.goto('/acme/tandem/-/issues/new');
  await expect(dave.getByRole('textbox', { name: 'Title (required)' })).toBeVisible();
  await expect(dave.getByRole('group', { name: 'Labels' })).toHaveCount(0);
  await dave.getByRole('textbox', { name: 'Title (required)' }).fill('Reported by a guest');
  await dave.getByRole('button', { name: 'Create issue' }).click();
  await expect(dave.getByTestId('issue-title')).toHaveText('Reported by a guest');

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/acme/tandem/-/issues/new');
  await expect(visitor).toHaveURL(/\/users\/sign_in\?redirect=/);
});

test('an issue created by alice appears in bob\'s open issue list without a reload', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  await bob.goto('/acme/tandem/-/issues');
  await expect(bob.getByRole('link', { name: 'New issue' })).toBeVisible();
  await bob.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
  // let the list's socket watch the project before the change
  await bob.waitForTimeout(1000);

  const alice = await signedInPage(browser, 'alice');
  await alice.goto('/acme/tandem/-/issues/new');
  const title = `Live in every list ${Date.now()}`;
  await alice.getByRole('textbox', { name: 'Title (required)' }).fill(title);
  await alice.getByRole('button', { name: 'Create issue' }).click();
  await expect(alice.getByTestId('issue-title')).toHaveText(title);

  await expect(bob.getByRole('link', { name: title })).toBeVisible({ timeout: 3000 });
  expect(await bob.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
});

test("a comment on an issue raises its comment count in bob's open issue list without a reload", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const title = `Counted in the list ${Date.now()}`;
  const iid = await createIssue(alice, 'acme/tandem', { title });

  const bob = await signedInPage(browser, 'bob');
  await bob.goto(`/acme/tandem/-/issues?search=${encodeURIComponent(title)}`);
  const row = bob.getByTestId('issue-row').filter({ has: bob.getByRole('link', { name: title }) });
  await expect(row.getByTitle('Comments')).toHaveText('Comments: 0');
  await markDocument(bob);
  // let the list's socket watch the project before the change
  await bob.waitForTimeout(1000);

  await alice.goto(`/acme/tandem/-/issues/${iid}`);
  await commentBox(alice).fill('Counted by every open list');
  await commentBox(alice).press('Control+Enter');
  await expect(noteWith(alice, 'Counted by every open list')).toBeVisible();

  await expect(row.getByTitle('Comments')).toHaveText('Comments: 1', { timeout: 3000 });
  expect(await sameDocument(bob)).toBe(true);
  await alice.context().close();
  await bob.context().close();
});

test('?issuable_template=Bug opens the New issue page with the Bug template; choosing another over edits asks first', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  await bob.goto('/acme/tandem/-/issues/new?issuable_template=Bug');
  const chooser = bob.getByRole('combobox', { name: 'Choose a template' });
  await expect(chooser).toHaveValue('Bug');
  const description = bob.getByRole('textbox', { name: 'Description' });
  await expect(description).toHaveValue(/## Steps to reproduce/);
  await description.fill('My own words');
  await chooser.selectOption('Feature proposal');
  const dialog = bob.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(description).toHaveValue('My own words');
  await expect(chooser).toHaveValue('Bug');
  await bob.getByRole('button', { name: 'Reset template' }).click();
  await expect(description).toHaveValue(/## Steps to reproduce/);

  const title = `From the Bug template ${Date.now()}`;
  await bob.getByRole('textbox', { name: 'Title (required)' }).fill(title);
  await bob.getByRole('button', { name: 'Create issue' }).click();
  await expect(bob).toHaveURL(/\/acme\/tandem\/-\/issues\/\d+$/);
  await expect(bob.getByTestId('issue-description')).toContainText('Steps to reproduce');
  await bob.context().close();
});
