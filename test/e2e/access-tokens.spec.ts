import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

test('create a personal access token, use it once, revoke it', async ({ page }) => {
  await signIn(page, 'carol');
  await page.goto('/dashboard/projects');
  await page.getByRole('button', { name: 'User menu for Carol Chen' }).click();
  await page.getByRole('menuitem', { name: 'Access tokens' }).click();
  await expect(page.getByRole('heading', { name: 'Personal access tokens', exact: true })).toBeVisible();

  const name = `e2e token ${Date.now()}`;
  await page.getByLabel('Token name').fill(name);
  await page.getByRole('checkbox', { name: /read_api/ }).check();
  await page.getByRole('button', { name: 'Create personal access token' }).click();
  const value = page.getByLabel(/Your new personal access token/);
  await expect(value).toHaveValue(/^tdpat-/);
  const token = await value.inputValue();
  await expect(page.getByTestId('active-tokens')).toContainText(name);
  await expect(page.getByTestId('active-tokens')).toContainText('api, read_api');

  const me = await page.request.get('/api/v4/user', { headers: { 'PRIVATE-TOKEN': token }, failOnStatusCode: false });
  expect(me.status()).toBe(200);
  expect((await me.json()).username).toBe('carol');

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('active-tokens').getByText(name)).toHaveCount(0);
  await expect(page.getByTestId('inactive-tokens')).toContainText(name);

  const after = await page.request.get('/api/v4/user', { headers: { 'PRIVATE-TOKEN': token, cookie: '' }, failOnStatusCode: false });
  expect(after.status()).toBe(401);
});

test('a token without a name is refused with a message naming the field', async ({ page }) => {
  await signIn(page, 'bob');
  await page.goto('/dashboard/projects');
  await page.getByRole('button', { name: 'User menu for Bob Brown' }).click();
  await page.getByRole('menuitem', { name: 'Access tokens' }).click();
  const create = page.getByRole('button', { name: 'Create personal access token' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Token name').fill('   ');
  await expect(create).toBeDisabled();
});
