import { expect, test } from '@playwright/test';
import { ERRORS } from '@tandem/shared-types';
import { signIn } from './support/session';

test('a wrong password shows the spec message and keeps the visitor signed out', async ({ page }) => {
  await page.goto('/users/sign_in');
  await page.getByLabel('Username or primary email').fill('alice');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(ERRORS.INVALID_CREDENTIALS.message);
  await expect(page).toHaveURL(/\/users\/sign_in/);
});

test('sign in by email, browse projects to an issue list, filter it, open an issue, sign out', async ({ page }) => {
  await page.goto('/users/sign_in?redirect=%2Fdashboard%2Fprojects');
  await page.getByLabel('Username or primary email').fill('carol@example.com');
  await page.getByLabel('Password').fill('tandem-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/dashboard/projects');
  const projects = page.getByTestId('project-list');
  await expect(projects).toContainText('Tandem');

  await projects.getByRole('link', { name: /Tandem/ }).first().click();
  await expect(page).toHaveURL('/acme/tandem/-/issues');
  const list = page.getByTestId('issue-list');
  await expect(list).toContainText('Weight field validation');
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  await expect(list).not.toContainText('Upgrade to Node 22 LTS');

  await page.getByRole('tab', { name: /Closed/ }).click();
  await expect(page).toHaveURL(/state=closed/);
  await expect(list).toContainText('Upgrade to Node 22 LTS');
  await expect(list).not.toContainText('Weight field validation');
  await expect(page.getByTestId('count-closed')).not.toHaveText('0');

  await page.getByRole('tab', { name: /All/ }).click();
  await page.getByRole('combobox', { name: 'Search or filter results' }).fill('Checkout');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=Checkout/);
  // both demo issues titled "Checkout…" are found (the search also reads descriptions), and the tab counts the rows shown
  await expect(list).toContainText('Checkout API returns 502 for EU customers');
  await expect(list).toContainText('Checkout flow regression suite');
  await expect(list).not.toContainText('Weight field validation');
  await expect(page.getByTestId('count-all')).toHaveText(String(await page.getByTestId('issue-row').count()));

  await list.getByRole('link', { name: 'Checkout API returns 502 for EU customers' }).click();
  await expect(page).toHaveURL('/acme/tandem/-/issues/3');
  await expect(page.getByTestId('issue-type-badge')).toHaveText(/Incident/);
  await expect(page.getByTestId('sidebar-labels')).toContainText('severity::1');

  await page.getByRole('button', { name: /User menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/users\/sign_in/);
  const me = await page.request.get('/api/v4/user');
  expect(me.status()).toBe(401);
});

test('a signed-out visitor only sees public projects', async ({ page }) => {
  await page.goto('/dashboard/projects');
  await expect(page.getByTestId('project-list')).toContainText('Tandem');
  await expect(page.getByTestId('project-list')).not.toContainText('Secret plans');
  await page.goto('/acme/platform/secret-plans/-/issues');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('bob sees the private subgroup project he is a member of', async ({ page }) => {
  await signIn(page, 'bob');
  await page.goto('/acme/platform/secret-plans/-/issues');
  await expect(page.getByRole('heading', { name: 'Issues' })).toBeVisible();
  await expect(page.getByTestId('issue-row').first()).toBeVisible();
});

test('unknown routes show the 404 page', async ({ page }) => {
  await page.goto('/no/such/thing/-/whatever');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('an author link opens the user page with their issues; "~30%" in a description is text, not a label', async ({ page }) => {
  await page.goto('/acme/tandem/-/issues/3');
  await expect(page.locator('.md').filter({ hasText: '~30% of EU requests' }).first()).toBeVisible();
  await expect(page.locator('a.gfm-label')).toHaveCount(0);
  await signIn(page, 'carol');
  await page.goto('/acme/tandem/-/issues/2');
  await page.locator('a.author-link').first().click();
  await expect(page).toHaveURL(/\/bob$/);
  await expect(page.getByTestId('user-profile')).toContainText('@bob');
  await expect(page.getByTestId('authored-issues')).toContainText('Sidebar collapses badly at 360 px');
  await expect(page.getByTestId('assigned-issues')).toContainText('Real-time updates for the issue page');
  // bob's projects that carol may read, the private subgroup's included (she is in acme)
  await expect(page.getByTestId('user-projects')).toContainText('Secret plans');
});
