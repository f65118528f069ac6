import { expect, test } from '@playwright/test';
import { api, createIssue, markDocument, sameDocument, signedInPage } from './support/session';

// Works on an issue of its own (created here). Poll-Interval is 3 s, the first poll 2 s after load.
const POLL_MS = 3000;

test('with WebSockets blocked, a label and an assignee set by alice reach bob\'s sidebar by polling within two poll intervals', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob', { blockWebSocket: true });
  const iid = await createIssue(alice, 'acme/tandem', { title: `Polled sidebar ${Date.now()}` });
  const [carol] = await (await alice.request.get('/api/v4/users?username=carol')).json();

  await bob.goto(`/acme/tandem/-/issues/${iid}`);
  await expect(bob.getByTestId('live-updates-paused')).toBeVisible({ timeout: 15_000 });
  // the first poll has been answered: from here each change waits for the next poll only
  await bob.waitForResponse((r) => r.url().endsWith(`/issues/${iid}/realtime_changes`));
  await markDocument(bob);
  const labels = bob.getByTestId('sidebar-labels');
  const assignees = bob.getByTestId('sidebar-assignees');
  await expect(labels.getByTestId('label-badge').filter({ hasText: 'bug' })).toHaveCount(0);

  await api(alice, 'put', `/api/v4/projects/acme%2Ftandem/issues/${iid}`, { add_labels: 'bug' });
  await expect(labels.getByTestId('label-badge').filter({ hasText: 'bug' })).toBeVisible({ timeout: 2 * POLL_MS });

  await api(alice, 'put', `/api/v4/projects/acme%2Ftandem/issues/${iid}`, { assignee_ids: [carol.id] });
  await expect(assignees.getByText('Carol Chen')).toBeVisible({ timeout: 2 * POLL_MS });
  // the participants block follows too (assignees are participants)
  await expect(bob.getByTestId('sidebar-participants').getByRole('link', { name: /Carol Chen/ })).toBeVisible({ timeout: 2 * POLL_MS });

  await expect(bob.getByTestId('live-updates-paused')).toBeVisible();
  expect(await sameDocument(bob)).toBe(true);
});
