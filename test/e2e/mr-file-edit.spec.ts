import { expect, test, type Page } from '@playwright/test';
import { FILE_EDIT_TEXTS } from '@tandem/shared-types';
import { api, signedInPage } from './support/session';

const P = '/api/v4/projects/acme%2Ftandem';

async function openChanges(page: Page, iid: number): Promise<void> {
  await page.goto(`/acme/tandem/-/merge_requests/${iid}/diffs`);
  await expect(page.getByTestId('mr-changes')).toBeVisible();
}

test('alice edits a file from the Changes tab in the single-file editor, commits, and the change shows in the diff (bob sees the new version live); carol gets the fork message', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const carol = await signedInPage(browser, 'carol');
  const stamp = Date.now();
  const branch = `edit-guide-${stamp}`;
  // Its own file on its own branch of main (another journey merges the demo's add-contributing-guide into main)
  const name = `GUIDE-${stamp}.md`;
  await api(alice, 'post', `${P}/repository/files/${name}`, { branch, start_branch: 'main', content: '# Contributing\n\nOpen an issue first, then a merge request that closes it.\n', commit_message: `Add ${name}` });
  const mr = await api<{ iid: number }>(alice, 'post', `${P}/merge_requests`, { title: `Edit the guide ${stamp}`, source_branch: branch, target_branch: 'main' });
  await openChanges(alice, mr.iid);
  await openChanges(bob, mr.iid);

  // A reporter may fork but not push: the item shows GitLab's fork message instead of the editor
  await openChanges(carol, mr.iid);
  await carol.locator(`[data-path="${name}"]`).getByTestId('diff-edit-file').click();
  await expect(carol.getByTestId('diff-fork-message')).toContainText(FILE_EDIT_TEXTS.forkMessage);

  const file = alice.locator(`[data-testid="diff-file"][data-path="${name}"]`);
  await file.getByTestId('diff-edit-file').click();
  await alice.waitForURL(new RegExp(`/acme/tandem/-/edit/${branch}/GUIDE-${stamp}\\.md\\?from_merge_request_iid=${mr.iid}$`));
  const editor = alice.getByTestId('blob-edit-content');
  await expect(editor).toHaveValue('# Contributing\n\nOpen an issue first, then a merge request that closes it.\n');
  await expect(editor).toHaveCSS('font-family', /monospace/);
  await expect(alice.getByTestId('blob-edit-message')).toHaveValue(`Update ${name}`);
  await expect(alice.getByTestId('blob-edit-branch')).toHaveValue(branch);
  await alice.screenshot({ path: test.info().outputPath('blob-edit.png'), fullPage: true });

  // Someone pushes to the file meanwhile: the commit is refused with GitLab's text and the typed text stays
  await api(bob, 'put', `${P}/repository/files/${name}`, { branch, content: '# Contributing\n\nBob was here.\n', commit_message: 'Bob edits' });
  await editor.fill(`# Contributing\n\nEdited in the browser ${stamp}.\n`);
  await alice.getByTestId('blob-edit-commit').click();
  await expect(alice.getByTestId('blob-edit-error')).toContainText(FILE_EDIT_TEXTS.fileChanged);
  await expect(editor).toHaveValue(`# Contributing\n\nEdited in the browser ${stamp}.\n`);

  // Opened again on the new version, the commit goes through and returns to the merge request's changes
  await alice.reload();
  await expect(editor).toHaveValue('# Contributing\n\nBob was here.\n');
  await editor.fill(`# Contributing\n\nEdited in the browser ${stamp}.\n`);
  await alice.getByTestId('blob-edit-commit').click();
  await alice.waitForURL(new RegExp(`/acme/tandem/-/merge_requests/${mr.iid}/diffs$`));
  await expect(alice.locator(`[data-path="${name}"] tr.diff-line.new`).filter({ hasText: `Edited in the browser ${stamp}.` })).toHaveCount(1);

  // Bob's open tab learns of the pushes live and shows the latest version on request
  await expect(bob.getByTestId('diff-changed-notice')).toBeVisible();
  await bob.getByTestId('diff-show-latest').click();
  await expect(bob.locator(`[data-path="${name}"] tr.diff-line.new`).filter({ hasText: `Edited in the browser ${stamp}.` })).toHaveCount(1);
});
