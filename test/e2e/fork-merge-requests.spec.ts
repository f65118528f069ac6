import { expect, test } from '@playwright/test';
import { api, signedInPage } from './support/session';

// carol forks acme/tandem under her own path and name (not 'Tandem': other journeys pick acme/tandem by name), branches from the demo's add-contributing-guide (it has a commit),
// and proposes the branch to the upstream; alice and bob watch the upstream issue in two browsers.
test("a merge request from carol's fork appears live on the upstream issue in two browsers, and merging it upstream closes the issue on both", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const carol = await signedInPage(browser, 'carol');
  const stamp = Date.now();
  const upstream = (await (await alice.request.get('/api/v4/projects/acme%2Ftandem')).json()) as { id: number; default_branch: string };
  const issue = await api<{ iid: number }>(alice, 'post', '/api/v4/projects/acme%2Ftandem/issues', { title: `Typo in the guide ${stamp}` });
  const fork = await api<{ id: number; path_with_namespace: string }>(carol, 'post', '/api/v4/projects/acme%2Ftandem/fork', { path: `guide-fix-${stamp}`, name: `Guide fix ${stamp}` });
  await api(carol, 'post', `/api/v4/projects/${fork.id}/repository/branches?branch=guide-fix&ref=add-contributing-guide`);

  for (const page of [alice, bob]) {
    await page.goto(`/acme/tandem/-/issues/${issue.iid}`);
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  }
  const cards = [alice, bob].map((p) => p.locator('#related-merge-requests').getByTestId('related-merge-request'));
  for (const card of cards) await expect(card).toHaveCount(0);

  const mr = await api<{ iid: number; web_url: string; project_id: number; source_project_id: number }>(carol, 'post', `/api/v4/projects/${fork.id}/merge_requests`, {
    source_branch: 'guide-fix',
    target_branch: upstream.default_branch,
    target_project_id: upstream.id,
    title: `Fix the guide ${stamp}`,
    description: `Closes acme/tandem#${issue.iid}`,
  });
  expect(mr.project_id).toBe(upstream.id);
  expect(mr.source_project_id).toBe(fork.id);

  // Both open issue pages show carol's merge request without a reload
  for (const card of cards) {
    await expect(card).toHaveCount(1, { timeout: 10_000 });
    await expect(card).toHaveAttribute('data-state', 'opened');
  }

  // alice (owner upstream) opens it on the upstream's merge request page and merges
  const mrPage = await alice.context().newPage();
  await mrPage.goto(new URL(mr.web_url).pathname);
  await expect(mrPage.getByTestId('mr-state')).toHaveText('Open');
  await mrPage.getByTestId('mr-merge-button').click();
  await expect(mrPage.getByTestId('mr-state')).toHaveText('Merged');

  // The issue closes live on both pages, and the cards show the merge
  for (const page of [alice, bob]) await expect(page.getByTestId('issue-status-badge')).toHaveText(/Closed/, { timeout: 10_000 });
  for (const card of cards) await expect(card).toHaveAttribute('data-state', 'merged', { timeout: 10_000 });
});
