import { expect, test, type Page } from '@playwright/test';
import { TEXTS } from '@tandem/shared-types';
import { csrfOf, markDocument, sameDocument, signedInPage } from './support/session';

// Issues #15 and #16 are used only here.
const issueUrl = (iid: number) => `/acme/tandem/-/issues/${iid}`;

const title = (page: Page) => page.getByTestId('issue-title');
const badge = (page: Page) => page.getByTestId('issue-status-badge');

test('a title edit and a close by alice appear on bob\'s open page within 1 s, without reloading', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  await bob.goto(issueUrl(15));
  await alice.goto(issueUrl(15));
  await expect(bob.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(alice.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await markDocument(bob);

  const newTitle = `Rate limit note creation (live ${Date.now()})`;
  await alice.getByRole('button', { name: 'Edit title and description' }).click();
  await alice.getByRole('textbox', { name: 'Title', exact: true }).fill(newTitle);
  await alice.getByRole('button', { name: 'Save changes' }).click();
  await expect(title(alice)).toHaveText(newTitle);
  await expect(title(bob)).toHaveText(newTitle, { timeout: 1000 });

  await alice.locator('.issue-header').getByRole('button', { name: 'Close issue' }).click();
  await expect(badge(alice)).toHaveText('Closed');
  await expect(badge(bob)).toHaveText('Closed', { timeout: 1000 });
  // bob could act on what he sees: his page offers Reopen, not Close
  await expect(bob.locator('.issue-header').getByRole('button', { name: 'Reopen issue' })).toBeVisible();

  expect(await sameDocument(bob)).toBe(true);
  await expect(bob.getByTestId('live-updates-paused')).toHaveCount(0);

  // restore for reruns against the same server
  await alice.locator('.issue-header').getByRole('button', { name: 'Reopen issue' }).click();
  await expect(badge(bob)).toHaveText('Open', { timeout: 1000 });
});

test('with WebSockets blocked, bob\'s page shows live updates paused and still follows changes by polling', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob', { blockWebSocket: true });
  const alice = await signedInPage(browser, 'alice');
  await bob.goto(issueUrl(16));
  // a socket that cannot open is given up after the 6 s stale threshold
  await expect(bob.getByTestId('live-updates-paused')).toBeVisible({ timeout: 15_000 });
  await expect(bob.getByTestId('live-updates-paused')).toContainText(TEXTS.liveUpdatesPaused);
  await markDocument(bob);

  const issue = await (await alice.request.get('/api/v4/projects/acme%2Ftandem/issues/16')).json();
  const csrf = csrfOf(alice);
  const newTitle = `Reconnect storm after deploy (polled ${Date.now()})`;
  const put = await alice.request.put('/api/v4/projects/acme%2Ftandem/issues/16', {
    data: { title: newTitle, state_event: 'close' },
    headers: { 'x-csrf-token': csrf },
  });
  expect(put.status()).toBe(200);
  expect((await put.json()).lock_version).toBe(issue.lock_version + 1);

  // realtime_changes is polled every Poll-Interval (3 s) after a 2 s first delay
  await expect(title(bob)).toHaveText(newTitle, { timeout: 10_000 });
  await expect(badge(bob)).toHaveText('Closed', { timeout: 10_000 });
  await expect(bob.getByTestId('live-updates-paused')).toBeVisible();
  expect(await sameDocument(bob)).toBe(true);

  const reopen = await alice.request.put('/api/v4/projects/acme%2Ftandem/issues/16', { data: { state_event: 'reopen' }, headers: { 'x-csrf-token': csrf } });
  expect(reopen.status()).toBe(200);
});

/** alice's API calls from her signed-in browser context (session cookie + CSRF token). */
async function asAlice(alice: Page) {
  const headers = { 'x-csrf-token': csrfOf(alice) };
  return {
    put: (iid: number, data: Record<string, unknown>) => alice.request.put(`/api/v4/projects/acme%2Ftandem/issues/${iid}`, { data, headers }),
    create: (data: Record<string, unknown>) => alice.request.post('/api/v4/projects/acme%2Ftandem/issues', { data, headers }),
    destroy: (iid: number) => alice.request.delete(`/api/v4/projects/acme%2Ftandem/issues/${iid}`, { headers }),
  };
}

test('a guest watching an issue that is made confidential is told he lost access, and sees nothing more of it', async ({ browser }) => {
  // Issue #17 is used only here
  const dave = await signedInPage(browser, 'dave');
  const alice = await signedInPage(browser, 'alice');
  const api = await asAlice(alice);
  await dave.goto(issueUrl(17));
  await expect(dave.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  const before = await title(dave).textContent();
  await expect(dave.getByTestId('issue-stream-ended')).toHaveCount(0);

  expect((await api.put(17, { confidential: true })).status()).toBe(200);
  await expect(dave.getByTestId('issue-stream-ended')).toHaveText(TEXTS.issueAccessLost, { timeout: 1000 });
  // a change made while confidential does not reach his page
  expect((await api.put(17, { title: `Secret title ${Date.now()}` })).status()).toBe(200);
  await dave.waitForTimeout(500);
  await expect(title(dave)).toHaveText(before!);

  // restore for reruns against the same server
  expect((await api.put(17, { title: before, confidential: false })).status()).toBe(200);
});

test("an issue deleted while bob has it open: his page says so and links back to the list", async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  const alice = await signedInPage(browser, 'alice');
  const api = await asAlice(alice);
  const created = await api.create({ title: `Short-lived ${Date.now()}` });
  expect(created.status()).toBe(201);
  const { iid } = (await created.json()) as { iid: number };
  await bob.goto(issueUrl(iid));
  await expect(bob.getByTestId('live-status')).toHaveAttribute('data-state', 'open');

  expect((await api.destroy(iid)).status()).toBe(204);
  const notice = bob.getByTestId('issue-stream-ended');
  await expect(notice).toContainText(TEXTS.issueDeletedWhileOpen, { timeout: 1000 });
  await notice.getByRole('link', { name: 'Back to the issues' }).click();
  await expect(bob).toHaveURL(/\/acme\/tandem\/-\/issues$/);
});

test("weight set in alice's sidebar appears in bob's sidebar, with its system note stored, without reloading", async ({ browser }) => {
  // Issue #19 is used only here.
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  await bob.goto(issueUrl(19));
  await alice.goto(issueUrl(19));
  await expect(bob.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await markDocument(bob);
  const bobWeight = bob.getByTestId('sidebar-weight');
  const aliceWeight = alice.getByTestId('sidebar-weight');

  const weight = String(10 + (Date.now() % 80));
  await aliceWeight.getByRole('button', { name: 'Edit' }).click();
  const input = aliceWeight.getByRole('textbox', { name: 'Weight' });
  await input.fill('heavy');
  await expect(aliceWeight.getByRole('alert')).toHaveText(TEXTS.weightNumeralsOnly);
  await input.fill(weight);
  await input.press('Enter');
  await expect(aliceWeight.getByTestId('weight-value')).toHaveText(weight);
  await expect(bobWeight.getByTestId('weight-value')).toHaveText(weight, { timeout: 1000 });
  expect(await sameDocument(bob)).toBe(true);

  // the change is stored with its system note: a reload shows it, and the API lists the note
  await bob.reload();
  await expect(bob.getByTestId('sidebar-weight').getByTestId('weight-value')).toHaveText(weight);

  // emptied, the weight is removed for both
  await aliceWeight.getByRole('button', { name: 'Edit' }).click();
  await aliceWeight.getByRole('textbox', { name: 'Weight' }).fill('');
  await aliceWeight.getByRole('textbox', { name: 'Weight' }).press('Enter');
  await expect(aliceWeight).toContainText('None');
  await expect(bob.getByTestId('sidebar-weight')).toContainText('None', { timeout: 1000 });
});
