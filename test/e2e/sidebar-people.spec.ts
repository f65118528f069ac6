import { expect, test, type Page } from '@playwright/test';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { csrfOf, signedInPage } from './support/session';

const PROJECT = 'acme/tandem';
const issueUrl = (iid: number, project = PROJECT) => `/${project}/-/issues/${iid}`;

/** A fresh issue of the demo project, so each test starts from a known sidebar. */
async function createIssue(page: Page, title: string): Promise<{ iid: number; id: number }> {
  const res = await page.request.post(`/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, { data: { title }, headers: { 'x-csrf-token': csrfOf(page) } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { iid: number; id: number };
}

test('alice assigns bob in the sidebar; a second browser sees the assignee and the system note at once', async ({ browser }) => {
  // Two browsers and three page loads: slow on a shared CI machine (the live checks keep their 1 s)
  test.slow();
  const alice = await signedInPage(browser, 'alice');
  const watcher = await signedInPage(browser, 'carol');
  const issue = await createIssue(alice, `Assign in the sidebar ${Date.now()}`);
  await alice.goto(issueUrl(issue.iid));
  await watcher.goto(issueUrl(issue.iid));
  const aliceBlock = alice.getByTestId('sidebar-assignees');
  const watcherBlock = watcher.getByTestId('sidebar-assignees');
  await expect(watcherBlock).toContainText(PEOPLE_TEXTS.none);
  // Both sockets are live before the change; the watcher's page is never reloaded
  await expect(watcher.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(alice.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await watcher.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));

  await aliceBlock.getByRole('button', { name: 'Edit' }).click();
  await aliceBlock.getByRole('combobox', { name: PEOPLE_TEXTS.searchUsers }).fill('bob');
  await aliceBlock.getByRole('option', { name: /Bob Brown/ }).click();
  await expect(aliceBlock.getByRole('button', { name: PEOPLE_TEXTS.apply })).toBeVisible();
  await aliceBlock.getByRole('button', { name: PEOPLE_TEXTS.apply }).click();
  await expect(aliceBlock).toContainText('Bob Brown');

  await expect(watcherBlock).toContainText('Bob Brown', { timeout: 1_000 });
  await expect(watcher.getByText('assigned to @bob')).toBeVisible({ timeout: 1_000 });
  expect(await watcher.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
  await expect(watcherBlock.getByRole('heading')).toHaveText('Assignee');
  await expect(watcher.getByTestId('sidebar-participants')).toContainText('2 Participants');
  await watcher.reload();
  await expect(watcher.getByTestId('sidebar-assignees')).toContainText('Bob Brown');
});

test('the notifications switch is the user\'s own and survives a reload', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  const alice = await signedInPage(browser, 'alice');
  const issue = await createIssue(alice, `Notify me ${Date.now()}`);
  await bob.goto(issueUrl(issue.iid));
  const toggle = bob.getByTestId('sidebar-subscription').getByRole('switch', { name: PEOPLE_TEXTS.notifications });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(bob.getByTestId('sidebar-subscription')).toContainText(PEOPLE_TEXTS.notificationsOn);
  await bob.reload();
  await expect(bob.getByTestId('sidebar-subscription').getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  // alice (the author) stays subscribed by participation; bob's choice is not hers
  await alice.goto(issueUrl(issue.iid));
  await expect(alice.getByTestId('sidebar-subscription').getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await alice.getByTestId('sidebar-subscription').getByRole('switch').click();
  await expect(alice.getByTestId('sidebar-subscription').getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await bob.reload();
  await expect(bob.getByTestId('sidebar-subscription').getByRole('switch')).toHaveAttribute('aria-checked', 'true');
});

test('moving an issue lands on the new issue; the old one links to it', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const title = `Move me away ${Date.now()}`;
  const issue = await createIssue(alice, title);
  await alice.goto(issueUrl(issue.iid));
  const block = alice.getByTestId('sidebar-move');
  await block.getByRole('button', { name: 'Edit' }).click();
  const move = block.getByRole('button', { name: PEOPLE_TEXTS.moveConfirm });
  await expect(move).toBeDisabled();
  await block.getByRole('combobox', { name: PEOPLE_TEXTS.moveSearchProjects }).fill('secret');
  await block.getByRole('option', { name: /Secret plans/ }).click();
  await expect(move).toBeEnabled();
  await move.click();
  await expect(alice).toHaveURL(/\/acme\/platform\/secret-plans\/-\/issues\/\d+$/);
  await expect(alice.getByTestId('issue-title')).toHaveText(title);
  await expect(alice.getByText(`moved from ${PROJECT}#${issue.iid}`)).toBeVisible();

  await alice.goto(issueUrl(issue.iid));
  await expect(alice.getByTestId('issue-status-badge')).toHaveText('Closed');
  await expect(alice.getByTestId('moved-to')).toContainText(PEOPLE_TEXTS.movedTo);
  await alice.getByTestId('moved-to').getByRole('link').click();
  await expect(alice.getByTestId('issue-title')).toHaveText(title);
});

test('the sidebar collapses and stays collapsed (collapsed_gutter cookie)', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  await alice.goto(issueUrl(1));
  await alice.getByRole('button', { name: PEOPLE_TEXTS.collapseSidebar }).click();
  await expect(alice.locator('#issue-sidebar')).toHaveAttribute('data-collapsed', 'true');
  const cookies = await alice.context().cookies();
  expect(cookies.find((c) => c.name === 'collapsed_gutter')?.value).toBe('true');
  await alice.reload();
  await expect(alice.locator('#issue-sidebar')).toHaveAttribute('data-collapsed', 'true');
  await alice.getByRole('button', { name: PEOPLE_TEXTS.expandSidebar }).click();
  await expect(alice.locator('#issue-sidebar')).toHaveAttribute('data-collapsed', 'false');
});
