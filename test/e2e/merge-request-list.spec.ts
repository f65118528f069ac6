import { expect, test } from '@playwright/test';
import { MERGE_REQUEST_LIST_TEXTS } from '@tandem/shared-types';
import { api, signedInPage } from './support/session';

// The demo's open merge request on acme/tandem (the review demo, which the review specs keep open); creates one more of its own.
const PROJECT = 'acme/tandem';
const API = `/api/v4/projects/${encodeURIComponent(PROJECT)}`;
const SEEDED = 'Refresh the banner and tidy the tools';

test('from the issue list to the merge request list: the seeded open one, a new one live, All, open one, and back through the crumb', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  const alice = await signedInPage(browser, 'alice');
  await bob.goto(`/${PROJECT}/-/issues`);
  await bob.getByRole('link', { name: MERGE_REQUEST_LIST_TEXTS.listTitle, exact: true }).click();
  await expect(bob).toHaveURL(`/${PROJECT}/-/merge_requests`);
  await expect(bob).toHaveTitle('Merge requests · Acme / Tandem · Tandem');
  await expect(bob.getByRole('tab', { name: /^Open/ })).toHaveAttribute('aria-selected', 'true');
  const seeded = bob.getByTestId('merge-request-row').filter({ has: bob.getByRole('link', { name: SEEDED }) });
  await expect(seeded).toBeVisible();
  await expect(seeded.getByTestId('merge-request-branches')).toContainText('refresh-banner');
  await expect(seeded).toContainText('by Alice');

  // alice opens a merge request: it appears in bob's open list without a reload
  const stamp = Date.now();
  const title = `Listed live ${stamp}`;
  await api(alice, 'post', `${API}/repository/branches`, { branch: `list-live-${stamp}`, ref: 'add-contributing-guide' });
  const created = await api<{ iid: number }>(alice, 'post', `${API}/merge_requests`, { title, source_branch: `list-live-${stamp}`, target_branch: 'main' });
  await expect(bob.getByRole('link', { name: title })).toBeVisible({ timeout: 5000 });

  // All: the state in the URL, each row with its state
  await bob.getByRole('tab', { name: /^All/ }).click();
  await expect(bob).toHaveURL(`/${PROJECT}/-/merge_requests?state=all`);
  await expect(seeded.getByTestId('merge-request-state')).toHaveText('Open');

  // Open one; back keeps the tab; the page's crumb leads to the list
  await bob.getByRole('link', { name: title }).click();
  await expect(bob).toHaveURL(`/${PROJECT}/-/merge_requests/${created.iid}`);
  await expect(bob.getByRole('heading', { name: title })).toBeVisible();
  await bob.goBack();
  await expect(bob.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
  await bob.getByRole('link', { name: title }).click();
  await expect(bob).toHaveURL(`/${PROJECT}/-/merge_requests/${created.iid}`);
  await bob.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: MERGE_REQUEST_LIST_TEXTS.listTitle }).click();
  await expect(bob).toHaveURL(`/${PROJECT}/-/merge_requests`);
  await expect(bob.getByRole('link', { name: title })).toBeVisible();
});
