import { expect, test, type Page } from '@playwright/test';
import { LOCK_TEXTS } from '@tandem/shared-types';
import { createIssue, markDocument, sameDocument, signedInPage } from './support/session';

// Works on an incident of its own (created here), so the demo issues stay as other specs expect.

test('alice changes labels, milestone, due date, health, iteration and severity in the sidebar; bob sees each within 1 s without reloading', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const iid = await createIssue(alice, 'acme/tandem', { title: `Payments outage ${Date.now()}`, issue_type: 'incident', labels: 'workflow::doing' });

  await bob.goto(`/acme/tandem/-/issues/${iid}`);
  await alice.goto(`/acme/tandem/-/issues/${iid}`);
  await expect(bob.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(alice.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await markDocument(bob);
  const side = (page: Page, block: string) => page.getByTestId(`sidebar-${block}`);

  // Labels: the scoped workflow::review replaces its sibling workflow::doing
  await expect(side(bob, 'labels').locator('[data-label="workflow::doing"]')).toBeVisible();
  await side(alice, 'labels').getByRole('button', { name: 'Edit' }).click();
  await side(alice, 'labels').getByRole('combobox', { name: 'Search labels' }).fill('workflow');
  await side(alice, 'labels').getByRole('option').filter({ has: alice.locator('[data-label="workflow::review"]') }).click();
  await expect(side(alice, 'labels').getByTestId('labels-dropdown-text')).toHaveText('workflow::review');
  await side(alice, 'labels').getByRole('button', { name: 'Apply' }).click();
  await expect(side(bob, 'labels').locator('[data-label="workflow::review"]')).toBeVisible({ timeout: 1000 });
  await expect(side(bob, 'labels').locator('[data-label="workflow::doing"]')).toHaveCount(0);
  await expect(bob.getByTestId('system-note').filter({ hasText: 'added' }).filter({ hasText: 'removed' }).last()).toBeVisible({ timeout: 1000 });

  // Milestone
  await side(alice, 'milestone').getByRole('button', { name: 'Edit' }).click();
  await side(alice, 'milestone').getByRole('option', { name: /v1\.0/ }).click();
  await expect(side(bob, 'milestone').getByTestId('milestone-value')).toHaveText('v1.0', { timeout: 1000 });
  await expect(bob.getByTestId('system-note').filter({ hasText: 'changed milestone to' }).last()).toContainText('v1.0', { timeout: 1000 });

  // Due date
  await side(alice, 'due-date').getByRole('button', { name: 'Edit' }).click();
  await side(alice, 'due-date').getByLabel('Due date').fill('2031-05-17');
  await expect(side(bob, 'due-date').getByTestId('due-date-value')).toHaveText('17 May, 2031', { timeout: 1000 });

  // Health status
  await side(alice, 'health-status').getByRole('combobox', { name: 'Health status' }).selectOption('at_risk');
  await expect(side(bob, 'health-status').getByRole('combobox', { name: 'Health status' })).toHaveValue('at_risk', { timeout: 1000 });
  await expect(bob.getByTestId('system-note').filter({ hasText: 'changed health status to' }).last()).toContainText('at risk', { timeout: 1000 });

  // Iteration
  await side(alice, 'iteration').getByRole('button', { name: 'Edit' }).click();
  await side(alice, 'iteration').getByRole('option', { name: /Sprint 2/ }).click();
  await expect(side(bob, 'iteration').getByTestId('iteration-value')).toContainText('Sprint 2', { timeout: 1000 });
  await expect(side(bob, 'iteration').getByTestId('iteration-value')).toContainText('Sprints');

  // Severity (bob is a developer: he may change it too, so his page shows the select)
  await side(alice, 'severity').getByRole('combobox', { name: 'Severity' }).selectOption('HIGH');
  await expect(side(alice, 'severity').getByRole('combobox', { name: 'Severity' })).toHaveValue('HIGH');
  await expect(side(bob, 'severity').getByRole('combobox', { name: 'Severity' })).toHaveValue('HIGH', { timeout: 1000 });
  await expect(bob.getByTestId('system-note').filter({ hasText: 'changed the severity to' }).last()).toContainText('High - S2', { timeout: 1000 });

  expect(await sameDocument(bob)).toBe(true);
});

test('alice locks and then unlocks the discussion from the sidebar; bob sees each within 1 s without reloading', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const iid = await createIssue(alice, 'acme/tandem', { title: `Heated thread ${Date.now()}` });

  await bob.goto(`/acme/tandem/-/issues/${iid}`);
  await alice.goto(`/acme/tandem/-/issues/${iid}`);
  await expect(bob.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(alice.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await markDocument(bob);
  const lock = (page: Page) => page.getByTestId('sidebar-lock');
  await expect(lock(bob).getByTestId('lock-status')).toHaveText(LOCK_TEXTS.unlocked);

  // Edit asks first, with the spec's texts; Lock applies it
  await lock(alice).getByRole('button', { name: 'Edit' }).click();
  await expect(lock(alice).getByTestId('lock-form')).toContainText(LOCK_TEXTS.confirmLock('issue'));
  await lock(alice).getByRole('button', { name: LOCK_TEXTS.lock, exact: true }).click();
  await expect(lock(alice).getByTestId('lock-status')).toContainText(LOCK_TEXTS.locked);
  await expect(lock(bob).getByTestId('lock-status')).toContainText(`${LOCK_TEXTS.locked} ${LOCK_TEXTS.lockedDetail}`, { timeout: 1000 });

  await lock(alice).getByRole('button', { name: 'Edit' }).click();
  await expect(lock(alice).getByTestId('lock-form')).toContainText(LOCK_TEXTS.confirmUnlock('issue'));
  await lock(alice).getByRole('button', { name: LOCK_TEXTS.unlock, exact: true }).click();
  await expect(lock(bob).getByTestId('lock-status')).toHaveText(LOCK_TEXTS.unlocked, { timeout: 1000 });
  // live, not reloaded
  expect(await sameDocument(bob)).toBe(true);
});
