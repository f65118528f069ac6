import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createIssue, signedInPage } from './support/session';

/**
 * Automated accessibility check (axe-core, WCAG 2 A/AA rules) of the pages a user meets most:
 * the issue page signed in and out, the issue list, a new issue, an epic, an incident, the
 * to-do list and sign-in. A serious or critical violation fails, listed with its nodes.
 */
const PROJECT = 'acme/tandem';

async function expectNoSeriousViolations(page: Page, name: string) {
  // Label badges are excluded: their colours are user data and their text colour follows
  // GitLab's rule (labelTextColor), which a user's colour choice can take below 4.5:1
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('.label-badge').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(serious, `${name}: serious or critical axe violations`).toEqual([]);
}

test('signed out: the issue page, the issue list, the merge request list and sign-in have no serious accessibility violation', async ({ page }) => {
  await page.goto(`/${PROJECT}/-/issues/1`);
  await expect(page.getByTestId('issue-title')).toBeVisible();
  await expectNoSeriousViolations(page, 'issue page (signed out)');
  await page.goto(`/${PROJECT}/-/issues`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'issue list');
  await page.goto(`/${PROJECT}/-/merge_requests?state=all`);
  await expect(page.getByTestId('merge-request-row').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'merge request list');
  await page.goto('/users/sign_in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoSeriousViolations(page, 'sign-in');
});

test('signed in: the issue page, a new issue, an epic, an incident and to-dos have no serious accessibility violation', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  await alice.goto(`/${PROJECT}/-/issues/1`);
  await expect(alice.getByTestId('sidebar-assignees')).toBeVisible();
  await expectNoSeriousViolations(alice, 'issue page (signed in)');
  await alice.goto(`/${PROJECT}/-/issues/new`);
  await expect(alice.getByRole('heading', { name: 'New issue' })).toBeVisible();
  await expectNoSeriousViolations(alice, 'new issue');
  await alice.goto('/groups/acme/-/epics/1');
  await expect(alice.getByTestId('issue-title').or(alice.getByRole('heading', { level: 1 })).first()).toBeVisible();
  await expectNoSeriousViolations(alice, 'epic');
  const incident = await createIssue(alice, PROJECT, { title: `Checkout errors ${Date.now()}`, issue_type: 'incident' });
  await alice.goto(`/${PROJECT}/-/issues/${incident}`);
  await expect(alice.getByTestId('issue-title')).toBeVisible();
  await expectNoSeriousViolations(alice, 'incident');
  await alice.goto('/dashboard/todos');
  await expect(alice.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoSeriousViolations(alice, 'to-dos');
  await alice.context().close();
});
