import { expect, test, type Page } from '@playwright/test';
import { DISCUSSION_TEXTS, IDEMPOTENCY_HEADER, NOTE_FORM_TEXTS, noteablePaths } from '@tandem/shared-types';
import { commentBox, discussionWith, noteWith } from './support/locators';
import { csrfOf, signedInPage } from './support/session';

// Issues #21 and #22 are used only here.
const PROJECT = 'acme/tandem';
const issueUrl = (iid: number) => `/${PROJECT}/-/issues/${iid}`;

async function openIssue(page: Page, iid: number): Promise<void> {
  await page.goto(issueUrl(iid));
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('notes-skeleton')).toHaveCount(0);
}

test('comments, threads, replies, resolve, edit and delete reach the other user live', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  await openIssue(alice, 21);
  await openIssue(bob, 21);
  const stamp = Date.now();

  // alice comments: bob sees it within 1 s, as its own discussion
  const comment = `First look ${stamp}`;
  await commentBox(alice).fill(comment);
  await commentBox(alice).press('Control+Enter');
  await expect(noteWith(alice, comment)).toBeVisible();
  await expect(commentBox(alice)).toHaveValue('');
  await expect(noteWith(bob, comment)).toBeVisible({ timeout: 1000 });

  // alice starts a thread
  const threadText = `Should we split this? ${stamp}`;
  await commentBox(alice).fill(threadText);
  await alice.getByRole('button', { name: 'Comment type' }).click();
  await alice.getByRole('menuitemradio', { name: /Start thread/ }).click();
  await alice.getByRole('button', { name: 'Start thread' }).click();
  await expect(discussionWith(alice, threadText)).toBeVisible();
  await expect(discussionWith(bob, threadText)).toBeVisible({ timeout: 1000 });
  await expect(discussionWith(bob, threadText).getByRole('button', { name: 'Reply…' })).toBeVisible();

  // bob replies in the thread: alice sees the reply inside it
  const replyText = `Yes, in two ${stamp}`;
  await discussionWith(bob, threadText).getByRole('button', { name: 'Reply…' }).click();
  await bob.getByTestId('reply-form').getByRole('textbox', { name: 'Reply' }).fill(replyText);
  await bob.getByTestId('reply-form').getByRole('button', { name: 'Reply' }).click();
  await expect(discussionWith(bob, threadText).getByTestId('note-text').getByText(replyText)).toBeVisible();
  await expect(bob.getByTestId('reply-form')).toHaveCount(0);
  await expect(discussionWith(alice, threadText).getByTestId('note-text').getByText(replyText)).toBeVisible({ timeout: 1000 });

  // alice resolves the thread: bob sees it resolved
  await discussionWith(alice, threadText).getByRole('button', { name: 'Resolve thread' }).click();
  await expect(discussionWith(alice, threadText)).toHaveAttribute('data-resolved', 'true');
  await expect(bob.getByTestId('discussion').filter({ hasText: threadText }).first()).toHaveAttribute('data-resolved', 'true', { timeout: 1000 });
  await expect(bob.getByTestId('threads-resolved')).toContainText('1 of 1 thread resolved');

  await alice.screenshot({ path: 'test-results/discussions-1280.png', fullPage: true });

  // alice edits her comment: bob sees the new text
  const edited = `First look, edited ${stamp}`;
  await noteWith(alice, comment).getByRole('button', { name: 'Edit comment' }).click();
  const editor = alice.getByRole('textbox', { name: 'Edit comment' });
  await editor.fill(edited);
  await alice.getByRole('button', { name: 'Save comment' }).click();
  await expect(noteWith(alice, edited)).toBeVisible();
  await expect(noteWith(bob, edited)).toBeVisible({ timeout: 1000 });
  await expect(noteWith(bob, edited).getByTestId('note-edited')).toBeVisible();

  // alice deletes it: it disappears for bob
  await noteWith(alice, edited).getByRole('button', { name: 'Delete comment' }).click();
  await expect(alice.getByText(DISCUSSION_TEXTS.confirmDelete('comment'))).toBeVisible();
  await alice.getByRole('dialog').getByRole('button', { name: 'Delete comment' }).click();
  await expect(noteWith(alice, edited)).toHaveCount(0);
  await expect(noteWith(bob, edited)).toHaveCount(0, { timeout: 1000 });
});

test('the history-only filter replaces the comment form, and showing all brings it back', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  await openIssue(alice, 22);
  await expect(commentBox(alice)).toBeEnabled();
  // the choice is saved with the discussions read that applies it (persist_filter)
  const saved = alice.waitForResponse((r) => r.url().includes('persist_filter=true') && r.ok());
  await alice.getByRole('combobox', { name: 'Filter activity' }).selectOption({ label: DISCUSSION_TEXTS.filterHistory });
  await expect(alice.getByTestId('notes-filtered-notice')).toBeVisible();
  await expect(commentBox(alice)).toHaveCount(0);
  await saved;
  // a reload keeps it
  await alice.reload();
  await expect(alice.getByTestId('notes-filtered-notice')).toBeVisible();
  await alice.getByTestId('notes-filtered-notice').getByRole('button', { name: DISCUSSION_TEXTS.showAllActivity }).click();
  await expect(commentBox(alice)).toBeEnabled();

  // Comment and close from the form; with an empty box the same button only reopens
  const form = alice.getByTestId('comment-form');
  const text = `Closing: done in the CSV export ${Date.now()}`;
  await commentBox(alice).fill(text);
  await form.getByRole('button', { name: 'Comment & close issue' }).click();
  await expect(noteWith(alice, text)).toBeVisible();
  await expect(alice.getByTestId('issue-status-badge')).toHaveText('Closed');
  await form.getByRole('button', { name: 'Reopen issue' }).click();
  await expect(alice.getByTestId('issue-status-badge')).toHaveText('Open');
  await expect(noteWith(alice, text)).toHaveCount(1);
  await alice.screenshot({ path: 'test-results/discussions-system-notes-1280.png', fullPage: true });

  // Timeline view: newest first, comments only, no reply
  await alice.getByRole('button', { name: 'Timeline view' }).click();
  await expect(alice.getByRole('combobox', { name: 'Sort activity' })).toBeDisabled();
  await expect(alice.getByRole('combobox', { name: 'Filter activity' })).toHaveValue('1');
  await expect(noteWith(alice, text)).toBeVisible();
  await expect(alice.getByTestId('system-note')).toHaveCount(0);
  await expect(alice.getByRole('button', { name: 'Reply to comment' })).toHaveCount(0);
  await alice.getByRole('button', { name: 'Timeline view' }).click();
  await alice.getByRole('combobox', { name: 'Filter activity' }).selectOption({ label: DISCUSSION_TEXTS.filterAll });
  await expect(alice.getByTestId('system-note').first()).toBeVisible();
  await alice.getByRole('button', { name: 'Comment type' }).click();
  await alice.screenshot({ path: 'test-results/discussions-menu-1280.png' });
  await alice.keyboard.press('Escape');
});

test('a confidential issue warns above the comment form', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  await openIssue(bob, 4);
  await expect(bob.getByTestId('comment-warning')).toContainText('This is a confidential issue.');
  await bob.getByTestId('comment-form').scrollIntoViewIfNeeded();
  await bob.screenshot({ path: 'test-results/discussions-confidential-1280.png' });
});

test('a submit retried with the same idempotency key creates one comment', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  await openIssue(alice, 22);
  const issue = await (await alice.request.get(`/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/22`)).json();
  const csrf = csrfOf(alice);
  const paths = noteablePaths(PROJECT, 22, issue.id);
  const text = `Sent twice ${Date.now()}`;
  const key = `e2e-${Date.now()}`;
  const send = () =>
    alice.request.post(paths.createNote, {
      data: { note: { noteable_type: 'Issue', noteable_id: issue.id, note: text } },
      headers: { 'x-csrf-token': csrf, [IDEMPOTENCY_HEADER]: key },
    });
  const first = await send();
  const second = await send();
  expect(first.ok()).toBe(true);
  expect(second.ok()).toBe(true);
  const [a, b] = [await first.json(), await second.json()];
  // the page's create answers the note entity itself
  expect(typeof a.id).toBe('string');
  expect(b.id).toBe(a.id);
  await expect(noteWith(alice, text)).toHaveCount(1);
  await alice.reload();
  await expect(noteWith(alice, text)).toHaveCount(1);
});

test('the discussion area at 360 px', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob', { width: 360, height: 740 });
  await openIssue(bob, 21);
  await bob.getByTestId('notes-area').scrollIntoViewIfNeeded();
  await bob.screenshot({ path: 'test-results/discussions-360.png', fullPage: true });
  await expect(commentBox(bob)).toBeVisible();
});

test('a comment written while offline shows as pending and is sent once when the connection returns', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  await openIssue(alice, 22);
  await alice.context().setOffline(true);
  await expect(alice.getByTestId('live-status')).not.toHaveAttribute('data-state', 'open', { timeout: 20_000 });
  const text = `Written on a train ${Date.now()}`;
  await commentBox(alice).fill(text);
  await commentBox(alice).press('Control+Enter');
  await expect(alice.getByTestId('pending-note').filter({ hasText: text })).toHaveAttribute('data-status', 'queued');
  await expect(commentBox(alice)).toHaveValue('');
  // kept across a reload of the tab state: it is in localStorage with its key
  expect(await alice.evaluate(() => localStorage.getItem('tandem/notes-outbox'))).toContain(text);
  await alice.context().setOffline(false);
  await expect(noteWith(alice, text)).toBeVisible({ timeout: 40_000 });
  await expect(alice.getByTestId('pending-note')).toHaveCount(0);
  await alice.reload();
  await expect(noteWith(alice, text)).toHaveCount(1);
});

test('with WebSockets blocked, bob still receives alice\'s comment by polling the notes endpoint', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob', { blockWebSocket: true });
  await bob.goto(issueUrl(21));
  await expect(bob.getByTestId('notes-skeleton')).toHaveCount(0);
  const alice = await signedInPage(browser, 'alice');
  await openIssue(alice, 21);
  const text = `Heard over polling ${Date.now()}`;
  await commentBox(alice).fill(text);
  await commentBox(alice).press('Control+Enter');
  await expect(noteWith(alice, text)).toBeVisible();
  // notes are polled 2.5 s after the page opened, then every Poll-Interval
  await expect(noteWith(bob, text)).toBeVisible({ timeout: 15_000 });
});

/** A fresh issue of alice's (so these tests share no state with the demo's). */
async function newIssue(page: Page, title: string): Promise<number> {
  const res = await page.request.post(`/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, { data: { title }, headers: { 'x-csrf-token': csrfOf(page) } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { iid: number }).iid;
}

test('bob, newest first and comments only, sees alice comment, reply, resolve, react and edit within 1 s in the right place', async ({ browser }) => {
  test.setTimeout(150_000);
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const iid = await newIssue(alice, `Live with a filter and a sort ${Date.now()}`);
  await openIssue(alice, iid);
  await openIssue(bob, iid);
  await bob.getByRole('combobox', { name: 'Sort activity' }).selectOption({ label: DISCUSSION_TEXTS.sortNewest });
  await bob.getByRole('combobox', { name: 'Filter activity' }).selectOption({ label: DISCUSSION_TEXTS.filterComments });
  const stamp = Date.now();
  const send = async (text: string) => {
    await commentBox(alice).fill(text);
    await commentBox(alice).press('Control+Enter');
    await expect(noteWith(alice, text)).toBeVisible();
  };
  const firstDiscussion = (page: Page) => page.getByTestId('notes-area').getByTestId('discussion').first();
  const lastDiscussion = (page: Page) => page.getByTestId('notes-area').getByTestId('discussion').last();

  // newest first: bob's form is above the list and each new comment goes on top
  const older = `Older ${stamp}`;
  const newer = `Newer ${stamp}`;
  await send(older);
  await expect(noteWith(bob, older)).toBeVisible({ timeout: 1000 });
  await send(newer);
  await expect(firstDiscussion(bob).getByTestId('note-text').first()).toHaveText(newer, { timeout: 1000 });
  await expect(lastDiscussion(bob).getByTestId('note-text').first()).toHaveText(older);
  await expect(lastDiscussion(alice).getByTestId('note-text').first()).toHaveText(newer);
  const bobForm = await bob.getByTestId('comment-form').boundingBox();
  const bobList = await firstDiscussion(bob).boundingBox();
  expect(bobForm!.y).toBeLessThan(bobList!.y);

  // a command-only comment writes a system note: alice (all activity) sees it, bob (comments only) never does
  await commentBox(alice).fill('/weight 3');
  await commentBox(alice).press('Control+Enter');
  await expect(alice.getByTestId('system-note').filter({ hasText: 'weight' })).toBeVisible();

  // alice replies to the older comment: bob sees the reply inside it, which stays below the newer one
  const reply = `Reply to the older ${stamp}`;
  await noteWith(alice, older).getByRole('button', { name: 'Reply to comment' }).click();
  await alice.getByTestId('reply-form').getByRole('textbox', { name: 'Reply' }).fill(reply);
  await alice.getByTestId('reply-form').getByRole('button', { name: 'Reply' }).click();
  await expect(lastDiscussion(bob).getByTestId('note-text').getByText(reply)).toBeVisible({ timeout: 1000 });
  await expect(firstDiscussion(bob).getByTestId('note-text').first()).toHaveText(newer);

  // alice resolves that thread
  await discussionWith(alice, older).getByRole('button', { name: 'Resolve thread' }).click();
  await expect(lastDiscussion(bob)).toHaveAttribute('data-resolved', 'true', { timeout: 1000 });

  // alice reacts to the newer comment from the emoji menu
  await noteWith(alice, newer).getByTestId('add-reaction').click();
  await alice.getByRole('searchbox', { name: 'Search emoji' }).fill('tada');
  await alice.getByTestId('emoji-results').locator('[data-emoji="tada"]').click();
  await expect(noteWith(bob, newer).getByTestId('award-tada')).toContainText('1', { timeout: 1000 });

  // alice edits the newer comment: bob sees the new text, still on top
  const edited = `Newer, edited ${stamp}`;
  await noteWith(alice, newer).getByRole('button', { name: 'Edit comment' }).click();
  await alice.getByRole('textbox', { name: 'Edit comment' }).fill(edited);
  await alice.getByRole('button', { name: 'Save comment' }).click();
  await expect(firstDiscussion(bob).getByTestId('note-text').first()).toHaveText(edited, { timeout: 1000 });

  // bob's filter kept the system note out all along
  await expect(bob.getByTestId('system-note')).toHaveCount(0);
  await expect(bob.getByTestId('notes-area').getByTestId('discussion')).toHaveCount(2);
});

// The filter is saved for the user (user_preferences): give alice and bob back 'all activity'
// whatever a test above did or where it failed, so later specs see system notes and the comment
// form on their pages (a history-only filter left behind hides the form from every later journey).
test.afterEach(async ({ browser }) => {
  for (const login of ['alice', 'bob']) {
    const page = await signedInPage(browser, login);
    const res = await page.request.get(`${issueUrl(1)}/discussions.json?notes_filter=0&persist_filter=true&per_page=1`);
    expect(res.ok(), `${login}'s filter reset`).toBe(true);
    await page.context().close();
  }
});

test('a comment whose answer is lost is sent again by the page with its key: one comment, for both users', async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const iid = await newIssue(alice, `Lost answer ${Date.now()}`);
  await openIssue(alice, iid);
  await openIssue(bob, iid);
  // the first POST reaches the server (the comment is stored) but its answer never comes back
  let posts = 0;
  await alice.route('**/notes?target_type=issue*', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    if (posts > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  const text = `Sent once, answered twice ${Date.now()}`;
  await commentBox(alice).fill(text);
  await commentBox(alice).press('Control+Enter');
  // bob has it from the live event; alice gets it from the retry with the same key
  await expect(noteWith(bob, text)).toHaveCount(1, { timeout: 1000 });
  await expect(noteWith(alice, text)).toHaveCount(1, { timeout: 15_000 });
  await expect(alice.getByTestId('pending-note')).toHaveCount(0, { timeout: 15_000 });
  expect(posts).toBeGreaterThanOrEqual(2);
  await alice.reload();
  await expect(noteWith(alice, text)).toHaveCount(1);
  await expect(noteWith(bob, text)).toHaveCount(1);
});

test('a resolve reaches bob\'s page from its event alone: resolved, with who resolved it, and no discussions fetched again', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const iid = await newIssue(alice, `Resolve from the event ${Date.now()}`);
  const api = `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/${iid}`;
  const headers = { 'x-csrf-token': csrfOf(alice) };
  const thread = (await (await alice.request.post(`${api}/discussions`, { data: { body: 'Is this settled?' }, headers })).json()) as { id: string };
  expect((await alice.request.post(`${api}/discussions/${thread.id}/notes`, { data: { body: 'I think so' }, headers })).status()).toBe(201);
  // Every note event bob's page hears, and (once it has loaded) everything it asks the server for
  const heard: string[] = [];
  bob.on('websocket', (ws) => ws.on('framereceived', (f) => void (typeof f.payload === 'string' && f.payload.includes('"note.updated"') && heard.push(f.payload))));
  const asked: string[] = [];
  bob.on('request', (r) => asked.push(r.url()));
  await openIssue(alice, iid);
  await openIssue(bob, iid);
  const bobThread = bob.locator(`[data-testid="discussion"][data-discussion-id="${thread.id}"]`);
  await expect(bobThread).toHaveAttribute('data-resolved', 'false');
  asked.length = 0;
  const refetches = () => asked.filter((u) => /discussions|notes/.test(new URL(u).pathname));

  await alice.locator(`[data-testid="discussion"][data-discussion-id="${thread.id}"]`).getByRole('button', { name: 'Resolve thread' }).click();
  await expect(bobThread).toHaveAttribute('data-resolved', 'true');
  await expect(bobThread).toContainText(NOTE_FORM_TEXTS.resolvedBy('Alice Adams'));
  await expect(bob.getByTestId('threads-resolved')).toContainText(NOTE_FORM_TEXTS.threadsResolved(1, 1));
  // the events carried the resolved notes, and bob's page read nothing to show them
  expect(heard.some((p) => p.includes('"resolved":true'))).toBe(true);
  expect(refetches()).toEqual([]);

  await alice.locator(`[data-testid="discussion"][data-discussion-id="${thread.id}"]`).getByRole('button', { name: 'Unresolve thread' }).click();
  await expect(bobThread).toHaveAttribute('data-resolved', 'false');
  await expect(bob.getByTestId('threads-resolved')).toContainText(NOTE_FORM_TEXTS.threadsResolved(0, 1));
  expect(refetches()).toEqual([]);
});
