import { expect, test, type Page } from '@playwright/test';
import { TODO_TEXTS } from '@tandem/shared-types';
import { api, markDocument, sameDocument, signedInPage } from './support/session';

const P = '/api/v4/projects/acme%2Ftandem';

/**
 * A merge request of Alice's with a diff: a branch of the demo's refresh-banner, which no journey
 * merges (add-contributing-guide is merged into main by merge-requests.spec, after which a branch
 * of it has nothing to show).
 */
async function newMergeRequest(alice: Page, title: string): Promise<number> {
  const branch = `qa-${Date.now()}-${Math.floor(Math.random() * 1000)}`;
  await api(alice, 'post', `${P}/repository/branches`, { branch, ref: 'refresh-banner' });
  return (await api<{ iid: number }>(alice, 'post', `${P}/merge_requests`, { title, source_branch: branch, target_branch: 'main' })).iid;
}

async function open(page: Page, iid: number): Promise<void> {
  await page.goto(`/acme/tandem/-/merge_requests/${iid}`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
}

test("alice's /label and /assign_reviewer on a merge request apply live on bob's page; bob's /todo is offered and counted, and /unsubscribe (a reviewer is subscribed)", async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const iid = await newMergeRequest(alice, `Quick actions ${Date.now()}`);
  await open(alice, iid);
  await open(bob, iid);
  await markDocument(bob);

  const form = alice.getByTestId('comment-form');
  await form.locator('textarea').fill('/label ~bug\n/assign_reviewer @bob');
  await form.getByTestId('comment-submit').click();
  // a comment of only commands stores no note: the page says what was applied
  await expect(alice.getByTestId('notes-notice')).toContainText('Added ~"bug" label. Assigned @bob as reviewer.');

  // Bob's page, without a reload: the label, himself as reviewer, and the system notes
  await expect(bob.getByTestId('mr-labels')).toContainText('bug', { timeout: 5000 });
  await expect(bob.getByTestId('mr-sidebar-reviewers-list').getByRole('listitem')).toHaveCount(1, { timeout: 5000 });
  await expect(bob.getByTestId('mr-sidebar-reviewers-list').getByRole('listitem').first()).toHaveAttribute('data-username', 'bob');
  await expect(bob.getByText('requested review from @bob').last()).toBeVisible({ timeout: 5000 });
  // no note carries the command text
  await expect(bob.getByTestId('discussion').filter({ hasText: '/assign_reviewer' })).toHaveCount(0);
  expect(await sameDocument(bob)).toBe(true);

  // Bob's comment form offers the merge request's commands; his /todo reaches his to-do count, live
  const todos = bob.getByTestId('todos-nav');
  await expect(todos).toBeVisible();
  const pending = Number(/\((\d+) pending\)/.exec((await todos.getAttribute('aria-label')) ?? '')?.[1]);
  const bobForm = bob.getByTestId('comment-form');
  const menu = bob.getByTestId('md-autocomplete');
  // A reviewer is a participant, so subscribed: /unsubscribe is offered beside /unlabel
  await bobForm.locator('textarea').pressSequentially('/u');
  await expect(menu.getByRole('option', { name: /\/unlabel/ })).toBeVisible();
  await expect(menu.getByRole('option', { name: /\/unsubscribe/ })).toBeVisible();
  await bobForm.locator('textarea').fill('');
  await bobForm.locator('textarea').pressSequentially('/to');
  await menu.getByRole('option', { name: /\/todo/ }).click();
  await expect(bobForm.locator('textarea')).toHaveValue(/^\/todo/);
  const sidebarTodo = bob.getByTestId('mr-sidebar').getByTestId('sidebar-todo').getByRole('button');
  await expect(sidebarTodo).toHaveText(TODO_TEXTS.add);
  await bobForm.getByTestId('comment-submit').click();
  await expect(bob.getByTestId('notes-notice')).toContainText('Added a to-do item.');
  await expect(todos).toHaveAttribute('aria-label', `To-Do List (${pending + 1} pending)`);
  // the sidebar's to-do button follows the command, without a reload
  await expect(sidebarTodo).toHaveText(TODO_TEXTS.markDone);
});

test('a review draft with /approve applies when the review is submitted, not before', async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const iid = await newMergeRequest(alice, `Approve by draft ${Date.now()}`);
  await api(alice, 'post', `${P}/merge_requests/${iid}/notes`, { body: '/assign_reviewer @bob' });
  await open(alice, iid);
  await open(bob, iid);

  // Bob drafts a line comment that approves
  await bob.getByTestId('mr-tab-changes').click();
  await expect(bob.getByTestId('mr-changes')).toBeVisible();
  const line = bob.locator('tr.diff-line.new').first();
  await line.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await line.hover();
  await line.getByTestId('diff-comment-button').click();
  await bob.getByTestId('diff-comment-text').fill('Reads well.\n/approve');
  await expect(bob.getByTestId('review-add')).toHaveText('Start a review');
  await bob.getByTestId('review-add').click();
  await expect(bob.getByTestId('pending-draft')).toHaveCount(1);

  // Nothing applied while it is a draft
  await alice.waitForTimeout(500);
  await expect(alice.getByText('approved this merge request')).toHaveCount(0);

  await bob.getByTestId('review-submit').click();
  await expect(bob.getByTestId('review-commands-applied')).toHaveText('Commands applied');
  await expect(bob.getByTestId('review-bar')).toHaveCount(0);

  // Alice's page: the approval's system note and Bob's note (without its command line), live
  await expect(alice.getByText('approved this merge request').last()).toBeVisible({ timeout: 5000 });
  await expect(alice.getByText('Reads well.').first()).toBeVisible({ timeout: 5000 });
  await expect(alice.getByText('/approve')).toHaveCount(0);
});
