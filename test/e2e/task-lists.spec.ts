import { expect, test, type Page } from '@playwright/test';
import { TEXTS } from '@tandem/shared-types';
import { csrfOf, signedInPage } from './support/session';

/** Task-list checkboxes in a description: saved, counted and live for another user; readers cannot tick. */

const boxes = (page: Page) => page.getByTestId('issue-description').getByRole('checkbox');

test('a task ticked by alice is saved, counted, and ticks on bob\'s open page; a guest cannot tick', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const created = await alice.request.post(`/api/v4/projects/${encodeURIComponent('acme/tandem')}/issues`, {
    data: { title: `Checklist ${Date.now()}`, description: 'Plan:\n\n- [ ] draft\n- [ ] review\n- [x] ship' },
    headers: { 'x-csrf-token': csrfOf(alice) },
  });
  expect(created.status()).toBe(201);
  const { iid } = (await created.json()) as { iid: number };
  const url = `/acme/tandem/-/issues/${iid}`;
  await bob.goto(url);
  await alice.goto(url);
  await expect(bob.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(alice.getByTestId('task-status')).toContainText(TEXTS.taskStatus(1, 3));

  await boxes(alice).nth(1).check();
  await expect(alice.getByTestId('task-status')).toContainText(TEXTS.taskStatus(2, 3));
  await expect(boxes(bob).nth(1)).toBeChecked({ timeout: 1000 });
  await expect(bob.getByTestId('task-status')).toContainText(TEXTS.taskStatus(2, 3));

  // bob clears another; alice sees it, and a reload keeps both changes
  await boxes(bob).nth(2).uncheck();
  await expect(boxes(alice).nth(2)).not.toBeChecked({ timeout: 1000 });
  await alice.reload();
  await expect(boxes(alice).nth(1)).toBeChecked();
  await expect(boxes(alice).nth(2)).not.toBeChecked();
  await expect(alice.getByTestId('task-status')).toContainText(TEXTS.taskStatus(1, 3));

  const dave = await signedInPage(browser, 'dave');
  await dave.goto(url);
  await expect(boxes(dave).first()).toBeDisabled();
});
