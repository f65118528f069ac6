import { expect, test, type Page } from '@playwright/test';
import { TEXTS } from '@tandem/shared-types';
import { csrfOf, signedInPage, signIn } from './support/session';

// Each test works on its own demo issue, so the order of tests does not matter.
const issueUrl = (iid: number) => `/acme/tandem/-/issues/${iid}`;

const statusBadge = (page: Page) => page.getByTestId('issue-status-badge');
const issueTitle = (page: Page) => page.getByTestId('issue-title');

test('alice signs in, edits the title of #1 (kept after reload), then closes and reopens it', async ({ page }) => {
  await page.goto(`/users/sign_in?redirect=${encodeURIComponent(issueUrl(1))}`);
  await page.getByLabel('Username or primary email').fill('alice');
  await page.getByLabel('Password').fill('tandem-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(issueUrl(1));
  await expect(page.getByRole('button', { name: 'User menu for Alice Adams' })).toBeVisible();
  await expect(statusBadge(page)).toHaveText('Open');

  const newTitle = `Real-time updates for the issue page (edited ${Date.now()})`;
  await page.getByRole('button', { name: 'Edit title and description' }).click();
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue('Real-time updates for the issue page');
  await title.fill(newTitle);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveCount(0);
  await expect(issueTitle(page)).toHaveText(newTitle);
  await expect(page.getByTestId('edited-note')).toContainText('Edited');
  await expect(page.getByTestId('edited-note')).toContainText('Alice Adams');

  await page.reload();
  await expect(issueTitle(page)).toHaveText(newTitle);

  await page.locator('.issue-header').getByRole('button', { name: 'Close issue' }).click();
  await expect(statusBadge(page)).toHaveText('Closed');
  await expect(page.locator('.issue-header').getByRole('button', { name: 'Reopen issue' })).toBeVisible();
  await page.reload();
  await expect(statusBadge(page)).toHaveText('Closed');

  await page.locator('.issue-header').getByRole('button', { name: 'Reopen issue' }).click();
  await expect(statusBadge(page)).toHaveText('Open');
  await expect(page.locator('.issue-header').getByRole('button', { name: 'Close issue' })).toBeVisible();
  await page.reload();
  await expect(statusBadge(page)).toHaveText('Open');

  // After the state changes the form saves again without a false conflict
  await page.getByRole('button', { name: 'Edit title and description' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Real-time updates for the issue page');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(issueTitle(page)).toHaveText('Real-time updates for the issue page');
});

test('a stale save is refused: bob sees the conflict warning and keeps his text', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  const alice = await signedInPage(browser, 'alice');
  await bob.goto(issueUrl(7));
  await alice.goto(issueUrl(7));

  await bob.getByRole('button', { name: 'Edit title and description' }).click();
  await bob.getByRole('textbox', { name: 'Title', exact: true }).fill('Bob: keyboard shortcut to save');
  await bob.getByRole('textbox', { name: 'Description', exact: true }).fill('Bob typed this and must not lose it.');

  const aliceTitle = `Alice: save with Ctrl+Enter ${Date.now()}`;
  await alice.getByRole('button', { name: 'Edit title and description' }).click();
  await alice.getByRole('textbox', { name: 'Title', exact: true }).fill(aliceTitle);
  await alice.getByRole('button', { name: 'Save changes' }).click();
  await expect(issueTitle(alice)).toHaveText(aliceTitle);

  await bob.getByRole('button', { name: 'Save changes' }).click();
  const warning = bob.getByTestId('locked-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toHaveText(`${TEXTS.lockedWarning('issue')} ${TEXTS.lockedWarningReview('issue')}`);
  await expect(warning.getByRole('link', { name: 'the issue' })).toHaveAttribute('href', issueUrl(7));
  await expect(bob.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Bob: keyboard shortcut to save');
  await expect(bob.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('Bob typed this and must not lose it.');

  // The server kept alice's change
  await alice.reload();
  await expect(issueTitle(alice)).toHaveText(aliceTitle);
  await bob.context().close();
  await alice.context().close();
});

test('the open form warns as soon as someone else changes the issue', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  const alice = await signedInPage(browser, 'alice');
  await bob.goto(issueUrl(9));
  await bob.getByRole('button', { name: 'Edit title and description' }).click();
  await bob.getByRole('textbox', { name: 'Description', exact: true }).fill('Bob is still typing');

  // Alice changes the title through the API while bob's form is open
  const res = await alice.request.put(`/api/v4/projects/${encodeURIComponent('acme/tandem')}/issues/9`, {
    data: { title: `Flaky test: notes polling overlap (${Date.now()})` },
    headers: { 'x-csrf-token': csrfOf(alice) },
  });
  expect(res.status()).toBe(200);

  await expect(bob.getByTestId('locked-warning')).toBeVisible({ timeout: 15_000 });
  await expect(bob.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('Bob is still typing');
  await bob.context().close();
  await alice.context().close();
});

test('a signed-out visitor reads the issue but gets no edit or close controls', async ({ page }) => {
  await page.goto(issueUrl(1));
  await expect(issueTitle(page)).toBeVisible();
  await expect(statusBadge(page)).toBeVisible();
  await expect(page.getByTestId('issue-description')).toContainText('Every change should reach everyone watching');
  await expect(page.getByTestId('task-status')).toContainText(TEXTS.taskStatus(1, 3));
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', `/users/sign_in?redirect=${encodeURIComponent(issueUrl(1))}`);
  await expect(page.getByRole('button', { name: 'Edit title and description' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Close issue|Reopen issue/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Issue actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Copy reference' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Close issue|Reopen issue/ })).toHaveCount(0);
  // Sidebar values are shown read-only, without Edit links
  await expect(page.getByTestId('sidebar-assignees')).toContainText('Bob Brown');
  await expect(page.getByTestId('sidebar-reference')).toContainText('acme/tandem#1');
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
});

test('dave (guest) sees no Close button on an issue someone else wrote', async ({ page }) => {
  await signIn(page, 'dave');
  await page.goto(issueUrl(8));
  await expect(page.getByRole('button', { name: 'User menu for Dave Diaz' })).toBeVisible();
  await expect(issueTitle(page)).toHaveText('Document the scale-out setup');
  await expect(statusBadge(page)).toHaveText('Open');
  await expect(page.getByRole('button', { name: 'Close issue' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit title and description' })).toHaveCount(0);
});

test('issues the viewer may not read, and unknown ones, show the 404 page', async ({ page }) => {
  await page.goto(issueUrl(4)); // confidential
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Rotate the staging database credentials')).toHaveCount(0);
  await page.goto(issueUrl(9999));
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('bob (assignee) sees the confidential issue with its badge', async ({ page }) => {
  await signIn(page, 'bob');
  await page.goto(issueUrl(4));
  await expect(issueTitle(page)).toHaveText('Rotate the staging database credentials');
  await expect(page.getByTestId('confidential-badge')).toBeVisible();
  await expect(page.getByTestId('sidebar-confidentiality')).toContainText('This issue is confidential');
});

test('at 360 px the header actions collapse into one menu and the sidebar is a drawer', async ({ browser }) => {
  const page = await signedInPage(browser, 'alice', { width: 360, height: 740 });
  await page.goto(issueUrl(10));
  await expect(statusBadge(page)).toHaveText('Open');
  await expect(page.locator('.issue-header').getByRole('button', { name: 'Close issue' })).toBeHidden();
  await expect(page.getByTestId('sidebar-labels')).toBeHidden();

  await page.getByRole('button', { name: 'Issue details' }).click();
  await expect(page.getByTestId('sidebar-labels')).toBeVisible();
  await expect(page.getByTestId('sidebar-labels')).toContainText('ui');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sidebar-labels')).toBeHidden();

  await page.getByRole('button', { name: 'Issue actions' }).click();
  await page.getByRole('menuitem', { name: 'Close issue' }).click();
  await expect(statusBadge(page)).toHaveText('Closed');
  await page.getByRole('button', { name: 'Issue actions' }).click();
  await page.getByRole('menuitem', { name: 'Reopen issue' }).click();
  await expect(statusBadge(page)).toHaveText('Open');
  await page.context().close();
});

test('the description editor previews markdown rendered by the server', async ({ page }) => {
  await signIn(page, 'alice');
  await page.goto(issueUrl(11));
  await page.getByRole('button', { name: 'Edit title and description' }).click();
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('**bold** and <img src=x onerror="window.__xss=1">');
  // the description editor's tabs come before the comment form's
  await page.getByRole('tab', { name: 'Preview' }).first().click();
  await expect(page.getByRole('tabpanel').locator('strong')).toHaveText('bold');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await page.getByRole('tab', { name: 'Write' }).first().click();
  await page.getByRole('textbox', { name: 'Description', exact: true }).press('Escape');
  await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveCount(0);
});
