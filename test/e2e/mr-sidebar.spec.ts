import { expect, test, type Page } from '@playwright/test';
import { NOTIFICATION_TEXTS, PEOPLE_TEXTS, QUICK_ACTION_TEXTS, TODO_TEXTS } from '@tandem/shared-types';
import { api, markDocument, sameDocument, signedInPage } from './support/session';

async function openMergeRequest(page: Page, iid: number): Promise<void> {
  await page.goto(`/acme/tandem/-/merge_requests/${iid}`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
}

test('the merge request sidebar: reviewers and labels chosen on one page appear live on the other, sorted by can-merge, and a submitted review offers Re-request review', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const stamp = Date.now();
  const branch = `sidebar-${stamp}`;
  await api(alice, 'post', '/api/v4/projects/acme%2Ftandem/repository/branches', { branch, ref: 'main' });
  const mr = await api<{ iid: number }>(alice, 'post', '/api/v4/projects/acme%2Ftandem/merge_requests', { title: `Sidebar ${stamp}`, source_branch: branch, target_branch: 'main' });
  await openMergeRequest(alice, mr.iid);
  await openMergeRequest(bob, mr.iid);
  await markDocument(bob);
  // The reference, copyable, as on an issue
  await expect(alice.getByTestId('mr-sidebar-reference').locator('code')).toHaveText(`acme/tandem!${mr.iid}`);
  await expect(alice.getByTestId('mr-sidebar-reference').getByRole('button', { name: 'Copy reference' })).toBeVisible();

  // Alice asks Carol (a reporter: cannot merge) and Bob (a developer) for reviews
  const reviewers = alice.getByTestId('mr-sidebar-reviewers');
  await reviewers.getByRole('button', { name: 'Edit' }).click();
  const search = reviewers.getByRole('combobox', { name: 'Search users' });
  await search.fill('carol');
  await reviewers.getByRole('option', { name: /Carol Chen/ }).click();
  await search.fill('bob');
  await reviewers.getByRole('option', { name: /Bob Brown/ }).click();
  await reviewers.getByRole('button', { name: 'Apply' }).click();

  // Bob's page shows them without a reload: who can merge first, Carol with the warning
  const rows = bob.getByTestId('mr-sidebar-reviewers-list').getByRole('listitem');
  await expect(rows).toHaveCount(2, { timeout: 5000 });
  await expect(rows.nth(0)).toHaveAttribute('data-username', 'bob');
  await expect(rows.nth(1)).toHaveAttribute('data-username', 'carol');
  await expect(rows.nth(1).getByTestId('cannot-merge')).toBeVisible();
  await expect(rows.nth(0).getByTestId('cannot-merge')).toHaveCount(0);
  await expect(bob.getByTestId('mr-sidebar-reviewers').getByRole('heading')).toHaveText('2 Reviewers');

  // Labels from alice's page reach bob's
  const labels = alice.getByTestId('mr-sidebar-labels');
  await labels.getByRole('button', { name: 'Edit' }).click();
  await labels.getByRole('option', { name: 'bug', exact: true }).click();
  await labels.getByRole('button', { name: 'Apply' }).click();
  await expect(bob.getByTestId('mr-labels')).toContainText('bug', { timeout: 5000 });

  // Bob submits a review: Alice's page offers to ask him again; asking shows the check
  await api(bob, 'post', `/api/v4/projects/acme%2Ftandem/merge_requests/${mr.iid}/draft_notes`, { note: 'One question' });
  await api(bob, 'post', `/api/v4/projects/acme%2Ftandem/merge_requests/${mr.iid}/draft_notes/bulk_publish`);
  const rerequest = alice.getByRole('button', { name: 'Re-request review (Bob Brown)' });
  await expect(rerequest).toBeVisible({ timeout: 5000 });
  await rerequest.click();
  await expect(alice.getByTestId('rerequest-success')).toBeVisible();
  await expect(alice.getByTestId('rerequest-success')).toHaveCount(0, { timeout: 3000 });
  await expect(rerequest).toHaveCount(0);
  await expect(bob.getByText('requested review from @bob').last()).toBeVisible({ timeout: 5000 });

  // Alice locks the discussion (asked first): Bob's sidebar says so live, with the system note
  const lock = alice.getByTestId('mr-sidebar-lock');
  await lock.getByRole('button', { name: 'Edit' }).click();
  await lock.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(lock.getByTestId('mr-lock-status')).toContainText('Locked');
  await expect(bob.getByTestId('mr-lock-status')).toContainText('Locked', { timeout: 5000 });
  await expect(bob.getByText('locked the discussion in this merge request').last()).toBeVisible({ timeout: 5000 });
  expect(await sameDocument(bob)).toBe(true);
});

test("the merge request sidebar's to-do: 'Add a to do' raises the navbar count by one and reads 'Mark as done'; 'Mark as done' brings the count back", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const carol = await signedInPage(browser, 'carol');
  const stamp = Date.now();
  const branch = `todo-${stamp}`;
  await api(alice, 'post', '/api/v4/projects/acme%2Ftandem/repository/branches', { branch, ref: 'main' });
  const mr = await api<{ iid: number }>(alice, 'post', '/api/v4/projects/acme%2Ftandem/merge_requests', { title: `To-do ${stamp}`, source_branch: branch, target_branch: 'main' });
  await openMergeRequest(carol, mr.iid);

  const nav = carol.getByTestId('todos-nav');
  await expect(nav).toBeVisible();
  const before = Number(/\((\d+) pending\)/.exec((await nav.getAttribute('aria-label')) ?? '')?.[1]);
  const block = carol.getByTestId('mr-sidebar').getByTestId('sidebar-todo');
  await block.getByRole('button', { name: TODO_TEXTS.add }).click();
  await expect(block.getByRole('button', { name: TODO_TEXTS.markDone })).toBeVisible();
  await expect(nav).toHaveAttribute('aria-label', TODO_TEXTS.navLabel(before + 1));

  // It is the server's: the to-do list shows it, and the page reads it again after a reload
  const todos = (await (await carol.request.get('/api/v4/todos?type=MergeRequest')).json()) as Array<{ target: { iid: number } }>;
  expect(todos.some((t) => t.target.iid === mr.iid)).toBe(true);
  await openMergeRequest(carol, mr.iid);
  await expect(block.getByRole('button', { name: TODO_TEXTS.markDone })).toBeVisible();
  await expect(nav).toHaveAttribute('aria-label', TODO_TEXTS.navLabel(before + 1));

  await block.getByRole('button', { name: TODO_TEXTS.markDone }).click();
  await expect(block.getByRole('button', { name: TODO_TEXTS.add })).toBeVisible();
  await expect(nav).toHaveAttribute('aria-label', TODO_TEXTS.navLabel(before));
});

test("the merge request sidebar's notifications switch: carol's other tab follows live, the next comment mails her, /unsubscribe turns it off", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const carol = await signedInPage(browser, 'carol');
  const carolAgain = await signedInPage(browser, 'carol');
  const stamp = Date.now();
  const branch = `notify-${stamp}`;
  const title = `Notify ${stamp}`;
  await api(alice, 'post', '/api/v4/projects/acme%2Ftandem/repository/branches', { branch, ref: 'main' });
  const mr = await api<{ iid: number }>(alice, 'post', '/api/v4/projects/acme%2Ftandem/merge_requests', { title, source_branch: branch, target_branch: 'main' });
  await openMergeRequest(carol, mr.iid);
  await openMergeRequest(carolAgain, mr.iid);
  await markDocument(carolAgain);

  const toggle = (page: Page) => page.getByTestId('mr-sidebar').getByTestId('sidebar-subscription').getByRole('switch', { name: PEOPLE_TEXTS.notifications });
  // carol is no participant: off, until she turns it on; her other tab follows without a reload
  await expect(toggle(carol)).toHaveAttribute('aria-checked', 'false');
  await toggle(carol).click();
  await expect(toggle(carol)).toHaveAttribute('aria-checked', 'true');
  await expect(toggle(carolAgain)).toHaveAttribute('aria-checked', 'true', { timeout: 5000 });
  expect(await sameDocument(carolAgain)).toBe(true);

  // alice's next comment mails her, about the merge request
  const text = `Ready for a look ${stamp}`;
  await api(alice, 'post', `/api/v4/projects/acme%2Ftandem/merge_requests/${mr.iid}/notes`, { body: text });
  const mailed = async () => ((await (await alice.request.get('/-/outbox')).json()) as Array<{ to: string; subject: string; body: string }>).find((m) => m.to === 'carol@example.com' && m.body.includes(text));
  await expect.poll(mailed, { message: 'the comment mails carol', timeout: 10_000 }).toBeTruthy();
  expect((await mailed())!.subject).toBe(NOTIFICATION_TEXTS.mergeRequestSubject('Tandem', title, mr.iid));

  // /unsubscribe typed in a comment: both of carol's tabs follow, and a reload keeps it
  const res = await api<{ summary: string[] }>(carol, 'post', `/api/v4/projects/acme%2Ftandem/merge_requests/${mr.iid}/notes`, { body: '/unsubscribe' });
  expect(res.summary).toEqual([QUICK_ACTION_TEXTS.unsubscribed]);
  await expect(toggle(carol)).toHaveAttribute('aria-checked', 'false', { timeout: 5000 });
  await expect(toggle(carolAgain)).toHaveAttribute('aria-checked', 'false', { timeout: 5000 });
  await openMergeRequest(carolAgain, mr.iid);
  await expect(toggle(carolAgain)).toHaveAttribute('aria-checked', 'false');
});
