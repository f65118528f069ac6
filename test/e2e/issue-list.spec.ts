import { expect, test } from '@playwright/test';
import { signedInPage } from './support/session';

test('a filtered and sorted issue list opens from its URL, and changing a filter or the sort rewrites the URL', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  await bob.goto('/acme/tandem/-/issues?label_name[]=bug&author_username=bob&sort=title_desc');
  const rows = bob.getByTestId('issue-row').locator('.list__title');
  await expect(rows).toHaveText(['Sidebar collapses badly at 360 px', 'Flaky test: notes polling overlap']);
  await expect(bob.getByTestId('filter-token')).toHaveText(['Author is bob', 'Label is bug']);
  await expect(bob.getByRole('combobox', { name: 'Sort by' })).toHaveValue('title');
  await expect(bob.getByRole('button', { name: 'Sort direction: descending' })).toBeVisible();
  // the tab counts follow the filters
  await expect(bob.getByTestId('count-opened')).toHaveText('2');

  await bob.getByRole('button', { name: 'Sort direction: descending' }).click();
  await expect(rows).toHaveText(['Flaky test: notes polling overlap', 'Sidebar collapses badly at 360 px']);
  expect(new URL(bob.url()).searchParams.get('sort')).toBe('title_asc');

  // "Label is not ci" built in the filtered search with the keyboard
  const box = bob.getByRole('combobox', { name: 'Search or filter results' });
  const options = bob.getByRole('listbox', { name: 'Search or filter results' }).getByRole('option');
  await box.click();
  await box.fill('lab');
  await expect(options).toHaveText(['Label']);
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(bob.getByTestId('pending-token')).toHaveText('Label');
  await expect(options).toHaveText(['is', 'is not']);
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(bob.getByTestId('pending-token')).toHaveText('Label is not');
  await box.fill('ci');
  await options.filter({ hasText: /^ci$/ }).click();
  await expect(rows).toHaveText(['Sidebar collapses badly at 360 px']);
  expect(new URL(bob.url()).searchParams.getAll('not[label_name][]')).toEqual(['ci']);

  await bob.getByRole('button', { name: 'Remove filter Author is bob' }).click();
  await expect(bob.getByTestId('filter-token')).toHaveText(['Label is bug', 'Label is not ci']);
  expect(new URL(bob.url()).searchParams.get('author_username')).toBeNull();
});
