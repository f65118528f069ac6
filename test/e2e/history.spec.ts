import { expect, test, type Page } from '@playwright/test';
import { csrfOf, signedInPage } from './support/session';

/**
 * The history scrubber in real browsers (issue #26): alice scrubs back while bob edits, her
 * timeline grows and her position stays; a `?at=` / `?at_seq=` link opens the page as it was;
 * the timeline exports as JSON; History on a merge request page shows its past. Each test makes
 * its own issue or merge request.
 */
const API = '/api/v4/projects/acme%2Ftandem/issues';

async function api(page: Page) {
  const headers = { 'x-csrf-token': csrfOf(page) };
  return {
    create: async (data: Record<string, unknown>) => (await (await page.request.post(API, { data, headers })).json()) as { iid: number },
    put: async (iid: number, data: Record<string, unknown>) => expect((await page.request.put(`${API}/${iid}`, { data, headers })).status()).toBe(200),
  };
}

const historyTitle = (p: Page) => p.getByTestId('history-title');
const stepCount = (p: Page) => p.getByTestId('history-step-count');

test('alice scrubs back while bob edits: her timeline grows and her position stays', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const a = await api(alice);
  const { iid } = await a.create({ title: 'Scrub me: first title', description: 'The first words.' });
  await a.put(iid, { title: 'Scrub me: second title' });
  await a.put(iid, { add_labels: 'bug' });
  await a.put(iid, { description: 'The second words.' });

  await alice.goto(`/acme/tandem/-/issues/${iid}`);
  await expect(alice.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await alice.getByTestId('history-open').click();
  const slider = alice.getByTestId('history-slider');
  // Every change is a step, system notes too: at the last one the page is as it is now
  await expect(stepCount(alice)).toHaveText(/^Step (\d+) of \1$/);
  const total = Number(/of (\d+)/.exec((await stepCount(alice).textContent())!)![1]);
  expect(total).toBeGreaterThanOrEqual(4);
  await expect(historyTitle(alice)).toHaveText('Scrub me: second title');
  await expect(alice.getByTestId('history-description')).toHaveText('The second words.');
  // Step back with the arrow keys to the label's step: the description then was the first
  for (let k = 0; k < total && !/added ~bug/.test((await alice.getByTestId('history-step-label').textContent()) ?? ''); k++) await slider.press('ArrowLeft');
  await expect(alice.getByTestId('history-step-label')).toHaveText(/^alice added ~bug at \d\d:\d\d:\d\d$/);
  await expect(alice.getByTestId('history-description')).toHaveText('The first words.');
  await expect(alice.getByTestId('history-labels')).toHaveText('bug');
  await slider.press('Home');
  await expect(stepCount(alice)).toHaveText(`Step 1 of ${total}`);
  await expect(historyTitle(alice)).toHaveText('Scrub me: first title');
  await expect(alice.getByTestId('history-labels')).toHaveText('None');
  await expect(alice.getByTestId('history-step-label')).toHaveText(/^alice created the issue at /);
  await slider.press('End');
  await expect(alice.getByTestId('history-description-diff').locator('ins')).toHaveText('second');
  await slider.press('Home');

  // bob edits while alice looks at the start: her timeline grows, she stays at step 1
  const b = await api(bob);
  await b.put(iid, { title: 'Scrub me: bob was here' });
  await b.put(iid, { state_event: 'close' });
  await expect(alice.getByTestId('issue-title')).toHaveText('Scrub me: bob was here');
  await expect(stepCount(alice)).toHaveText(new RegExp(`^Step 1 of (${total + 4}|${total + 5}|${total + 6})$`));
  await expect(historyTitle(alice)).toHaveText('Scrub me: first title');
  await slider.press('End');
  await expect(historyTitle(alice)).toHaveText('Scrub me: bob was here');
  await expect(alice.getByTestId('history-state')).toHaveText('Closed');
  for (let k = 0; k < 6 && !/^bob closed at/.test((await alice.getByTestId('history-step-label').textContent()) ?? ''); k++) await slider.press('ArrowLeft');
  await expect(alice.getByTestId('history-step-label')).toHaveText(/^bob closed at /);
  await slider.press('ArrowLeft');
  await expect(alice.getByTestId('history-state')).toHaveText('Open');
  // The address links to the step shown
  await expect.poll(() => new URL(alice.url()).searchParams.get('at_seq')).not.toBeNull();
});

test('a ?at= or ?at_seq= link opens the page as it was, and the timeline exports as JSON', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const a = await api(alice);
  const { iid } = await a.create({ title: 'Post-mortem: before', labels: 'bug' });
  await alice.waitForTimeout(1100);
  const between = new Date().toISOString();
  await alice.waitForTimeout(1100);
  await a.put(iid, { title: 'Post-mortem: after', remove_labels: 'bug' });

  await alice.goto(`/acme/tandem/-/issues/${iid}?at=${encodeURIComponent(between)}`);
  await expect(alice.getByTestId('history-scrubber')).toBeVisible();
  await expect(historyTitle(alice)).toHaveText('Post-mortem: before');
  await expect(alice.getByTestId('history-labels')).toHaveText('bug');
  await expect(alice.getByTestId('issue-title')).toHaveText('Post-mortem: after');

  await alice.goto(`/acme/tandem/-/issues/${iid}?at_seq=1`);
  await expect(stepCount(alice)).toHaveText(/^Step 1 of /);
  await expect(historyTitle(alice)).toHaveText('Post-mortem: before');

  const download = alice.waitForEvent('download');
  await alice.getByTestId('history-export').click();
  const file = await (await download).path();
  const exported = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(file, 'utf8'))) as { noteable: { iid: number }; events: Array<{ type: string; seq: number }> };
  expect(exported.noteable.iid).toBe(iid);
  expect(exported.events[0]).toMatchObject({ type: 'issue.created', seq: 1 });
  expect(exported.events.some((e) => e.type === 'issue.updated')).toBe(true);

  await alice.getByTestId('history-close').click();
  await expect(alice.getByTestId('history-scrubber')).toHaveCount(0);
  expect(new URL(alice.url()).searchParams.get('at_seq')).toBeNull();
});

test('History on a merge request page shows its past: title, state, labels and the discussion as each step left them', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const stamp = Date.now();
  const MRS = '/api/v4/projects/acme%2Ftandem/merge_requests';
  const headers = { 'x-csrf-token': csrfOf(alice) };
  const send = async (method: 'post' | 'put', url: string, data: Record<string, unknown>) => {
    const res = await alice.request[method](url, { data, headers });
    expect(res.status(), `${method} ${url}`).toBeLessThan(300);
    return (await res.json()) as { iid: number };
  };
  const branch = `history-e2e-${stamp}`;
  await send('post', '/api/v4/projects/acme%2Ftandem/repository/branches', { branch, ref: 'main' });
  const { iid } = await send('post', MRS, { source_branch: branch, target_branch: 'main', title: `MR history: opened ${stamp}` });
  await send('put', `${MRS}/${iid}`, { labels: 'bug' });
  await send('post', `${MRS}/${iid}/notes`, { body: 'Looks right to me' });
  await send('put', `${MRS}/${iid}`, { title: `MR history: renamed ${stamp}` });
  await send('put', `${MRS}/${iid}`, { state_event: 'close' });

  await alice.goto(`/acme/tandem/-/merge_requests/${iid}`);
  await expect(alice.getByTestId('mr-state')).toHaveText('Closed');
  await alice.getByTestId('history-open').click();
  const slider = alice.getByTestId('history-slider');
  const label = alice.getByTestId('history-step-label');
  // At the last step the history shows the merge request as it is now
  await expect(stepCount(alice)).toHaveText(/^Step (\d+) of \1$/);
  const total = Number(/of (\d+)/.exec((await stepCount(alice).textContent())!)![1]);
  expect(total).toBeGreaterThanOrEqual(5);
  await expect(historyTitle(alice)).toHaveText(`MR history: renamed ${stamp}`);
  await expect(alice.getByTestId('history-state')).toHaveText('Closed');
  await expect(alice.getByTestId('history-labels')).toHaveText('bug');
  await expect(alice.getByTestId('history-target-branch')).toHaveText('main');
  await expect(alice.getByTestId('history-notes')).toContainText('Looks right to me');

  // Back to the close, then one before it: open again
  for (let k = 0; k < total && !/^alice closed at/.test((await label.textContent()) ?? ''); k++) await slider.press('ArrowLeft');
  await expect(label).toHaveText(/^alice closed at \d\d:\d\d:\d\d$/);
  await slider.press('ArrowLeft');
  await expect(alice.getByTestId('history-state')).toHaveText('Open');
  // Back to the label: the title and the discussion as they stood then
  for (let k = 0; k < total && !/added ~bug/.test((await label.textContent()) ?? ''); k++) await slider.press('ArrowLeft');
  await expect(label).toHaveText(/^alice added ~bug at \d\d:\d\d:\d\d$/);
  await expect(historyTitle(alice)).toHaveText(`MR history: opened ${stamp}`);
  await expect(alice.getByTestId('history-labels')).toHaveText('bug');
  await expect(alice.getByTestId('history-notes')).not.toContainText('Looks right to me');
  // The first step: the merge request as it was opened
  await slider.press('Home');
  await expect(stepCount(alice)).toHaveText(`Step 1 of ${total}`);
  await expect(label).toHaveText(/^alice opened the merge request at /);
  await expect(alice.getByTestId('history-labels')).toHaveText('None');
  await expect(alice.getByTestId('history-state')).toHaveText('Open');

  // The address names the step shown: opening it again shows the same moment
  const first = ((await (await alice.request.get(`${MRS}/${iid}/history`)).json()) as { events: Array<{ seq: number }> }).events[0]!.seq;
  await expect.poll(() => new URL(alice.url()).searchParams.get('at_seq')).toBe(String(first));
  await alice.reload();
  await expect(stepCount(alice)).toHaveText(`Step 1 of ${total}`);
  await expect(historyTitle(alice)).toHaveText(`MR history: opened ${stamp}`);
  await expect(alice.getByTestId('mr-state')).toHaveText('Closed');
});
