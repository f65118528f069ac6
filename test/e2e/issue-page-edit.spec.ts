import { expect, test } from '@playwright/test';
import { ISSUE_PAGE_TEXTS, TIME_TRACKING_TEXTS } from '@tandem/shared-types';
import { descriptionBox } from './support/locators';
import { createIssue, signedInPage } from './support/session';

const PROJECT = 'acme/tandem';

/** A fresh issue of its own for each test (created through the REST API with the session's CSRF token). */
test('an edit conflict whose edits do not overlap is merged: bob saves again and both changes stand, live for alice', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const stamp = Date.now();
  const iid = await createIssue(alice, PROJECT, { title: `Merge edits ${stamp}`, description: 'First paragraph.\n\nMiddle paragraph.\n\nLast paragraph.' });
  await alice.goto(`/${PROJECT}/-/issues/${iid}`);
  await bob.goto(`/${PROJECT}/-/issues/${iid}`);

  // both open the form from the same text
  await bob.getByRole('button', { name: 'Edit title and description' }).click();
  await alice.getByRole('button', { name: 'Edit title and description' }).click();
  await descriptionBox(bob).fill('First paragraph.\n\nMiddle paragraph.\n\nLast paragraph, by bob.');
  await descriptionBox(alice).fill('First paragraph, by alice.\n\nMiddle paragraph.\n\nLast paragraph.');
  await alice.getByRole('button', { name: 'Save changes' }).click();
  await expect(alice.getByTestId('issue-description')).toContainText('First paragraph, by alice.');

  // bob's save is refused (409); his edit is merged onto alice's text, and he saves again
  await bob.getByRole('button', { name: 'Save changes' }).click();
  await expect(bob.getByTestId('merge-applied')).toHaveText(ISSUE_PAGE_TEXTS.mergeApplied);
  await expect(bob.getByTestId('locked-warning')).toBeVisible();
  await expect(descriptionBox(bob)).toHaveValue('First paragraph, by alice.\n\nMiddle paragraph.\n\nLast paragraph, by bob.');
  await bob.getByRole('button', { name: 'Save changes' }).click();
  await expect(descriptionBox(bob)).toHaveCount(0);
  for (const page of [bob, alice]) {
    await expect(page.getByTestId('issue-description')).toContainText('First paragraph, by alice.');
    await expect(page.getByTestId('issue-description')).toContainText('Last paragraph, by bob.');
  }
  await alice.reload();
  await expect(alice.getByTestId('issue-description')).toContainText('Last paragraph, by bob.');
  await alice.context().close();
  await bob.context().close();
});

test('/estimate and /spend in bob\'s comment show in alice\'s time tracker live, with their system notes', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const iid = await createIssue(alice, PROJECT, { title: `Track time ${Date.now()}`, description: 'Estimate and spend.' });
  await alice.goto(`/${PROJECT}/-/issues/${iid}`);
  await bob.goto(`/${PROJECT}/-/issues/${iid}`);
  const tracker = alice.getByTestId('sidebar-time-tracking');
  await expect(tracker).toContainText(TIME_TRACKING_TEXTS.none);

  const commentBox = bob.getByTestId('comment-form').getByRole('textbox', { name: 'Comment' });
  await commentBox.fill('/estimate 2h\n/spend 1h 30m');
  await commentBox.press('Control+Enter');

  await expect(tracker.getByTestId('time-tracking-spent')).toHaveText('1h 30m', { timeout: 2000 });
  await expect(tracker.getByTestId('time-tracking-estimate')).toHaveText('2h');
  await expect(tracker.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '75%');
  await expect(alice.getByText('changed time estimate to 2h')).toBeVisible();
  await expect(alice.getByText('added 1h 30m of time spent')).toBeVisible();

  // more than the estimate: the bar turns to the danger style, live
  await commentBox.fill('/spend 1h');
  await commentBox.press('Control+Enter');
  await expect(tracker.getByTestId('time-tracking-spent')).toHaveText('2h 30m');
  await expect(tracker.getByRole('progressbar')).toHaveClass(/time-tracking__bar--danger/);
  await alice.context().close();
  await bob.context().close();
});
