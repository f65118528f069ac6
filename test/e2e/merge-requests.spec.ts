import { expect, test, type Page } from '@playwright/test';
import { api, signedInPage } from './support/session';

// Creates its own issue, branch and merge request on acme/tandem, from the demo's add-contributing-guide branch.
async function openIssue(page: Page, iid: number): Promise<void> {
  await page.goto(`/acme/tandem/-/issues/${iid}`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
}

test('alice creates a merge request from an issue (bob sees it appear), merges it, and the issue closes live on both pages', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const stamp = Date.now();
  const issue = await api<{ iid: number; title: string }>(alice, 'post', '/api/v4/projects/acme%2Ftandem/issues', { title: `Speed up search ${stamp}` });
  await openIssue(alice, issue.iid);
  await openIssue(bob, issue.iid);

  // The dropdown checks the server, then offers the merge request
  const button = alice.getByTestId('create-mr-button');
  await expect(alice.getByTestId('create-mr-dropdown')).toHaveAttribute('data-state', 'available');
  await expect(button).toHaveText('Create merge request');
  await alice.getByTestId('create-mr-toggle').click();
  await alice.getByTestId('create-mr-branch').fill('main');
  await expect(alice.getByTestId('create-mr-branch-check')).toHaveText('Branch is already taken');
  await expect(alice.getByTestId('create-mr-submit')).toBeDisabled();
  await alice.getByTestId('create-mr-branch').fill('');
  await alice.getByTestId('create-mr-source').fill('no-such-ref');
  await expect(alice.getByTestId('create-mr-source-check')).toHaveText('Source is not available');
  // From the demo's branch with a commit on it (a branch of main alone would have nothing to merge)
  await alice.getByTestId('create-mr-source').fill('add-contributing');
  await expect(alice.getByTestId('create-mr-source-check')).toHaveText('Source is available');
  await expect(alice.getByTestId('create-mr-source')).toHaveValue('add-contributing-guide');
  await alice.getByTestId('create-mr-submit').click();

  // Redirected to the new merge request, which closes the issue
  await alice.waitForURL(/\/acme\/tandem\/-\/merge_requests\/\d+$/);
  await expect(alice.getByTestId('mr-state')).toHaveText('Open');
  await expect(alice.getByTestId('mr-description')).toContainText(`Closes #${issue.iid}`);

  // Bob's open issue page shows the related merge request without a reload
  const related = bob.locator('#related-merge-requests').getByTestId('related-merge-request');
  await expect(related).toHaveCount(1, { timeout: 5000 });
  await expect(related).toHaveAttribute('data-state', 'opened');

  // Alice opens the issue again in a second tab, and merges from the merge request page
  const aliceIssue = await alice.context().newPage();
  await openIssue(aliceIssue, issue.iid);
  await expect(aliceIssue.getByTestId('issue-status-badge')).toHaveText(/Open/);
  await alice.getByTestId('mr-merge-button').click();
  await expect(alice.getByTestId('mr-state')).toHaveText('Merged');
  await expect(alice.getByTestId('mr-merged-by')).toContainText('Merged by');

  // The issue closes live on both issue pages, and the card shows the merge
  await expect(bob.getByTestId('issue-status-badge')).toHaveText(/Closed/, { timeout: 5000 });
  await expect(aliceIssue.getByTestId('issue-status-badge')).toHaveText(/Closed/, { timeout: 5000 });
  await expect(related).toHaveAttribute('data-state', 'merged', { timeout: 5000 });
  await expect(bob.getByText(/closed via merge request !\d+/)).toBeVisible({ timeout: 5000 });
});

test('a confidential issue of a public project: the dropdown asks for a private fork, offers to make one, and creates the merge request there', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  const stamp = Date.now();
  const issue = await api<{ iid: number }>(bob, 'post', '/api/v4/projects/acme%2Ftandem/issues', { title: `Secret leak ${stamp}`, confidential: true });
  await openIssue(bob, issue.iid);
  await expect(bob.getByTestId('create-mr-dropdown')).toHaveAttribute('data-state', 'available');
  await bob.getByTestId('create-mr-toggle').click();
  const field = bob.getByTestId('create-mr-fork');
  await expect(field).toContainText('No forks are available to you.');
  await expect(field).toContainText("To protect this issue's confidentiality, fork this project and set the fork's visibility to private.");
  await expect(bob.getByTestId('create-mr-submit')).toBeDisabled();
  await field.getByRole('button', { name: 'fork this project' }).click();
  await expect(field.getByRole('option', { selected: true })).toHaveText('Bob Brown / Tandem');
  await expect(field).toContainText("To protect this issue's confidentiality, a private fork of this project was selected.");
  await expect(bob.getByTestId('create-mr-submit')).toBeEnabled();
  await bob.getByTestId('create-mr-submit').click();
  await bob.waitForURL(/\/bob\/tandem\/-\/merge_requests\/1$/);
  await expect(bob.getByTestId('mr-description')).toContainText(`acme/tandem#${issue.iid}`);
  const fork = (await (await bob.request.get('/api/v4/projects/bob%2Ftandem')).json()) as { visibility: string; forked_from_project: { path_with_namespace: string } };
  expect(fork.visibility).toBe('private');
  expect(fork.forked_from_project.path_with_namespace).toBe('acme/tandem');
});
