import { expect, test, type Page } from '@playwright/test';
import { EPIC_TEXTS } from '@tandem/shared-types';
import { api, signedInPage } from './support/session';

// Creates its own epics in the demo group (nothing of the demo seed is changed).
async function openEpic(page: Page, iid: number): Promise<void> {
  await page.goto(`/groups/acme/-/epics/${iid}`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
}

const tree = (page: Page) => page.getByTestId('child-epics');

test("alice adds an existing child epic, creates a new one and removes one; bob's open page shows the tree follow within 1 s", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const stamp = Date.now();
  const parent = await api<{ iid: number }>(alice, 'post', '/api/v4/groups/acme/epics', { title: `Tree parent ${stamp}` });
  const existing = await api<{ iid: number; id: number }>(alice, 'post', '/api/v4/groups/acme/epics', { title: `Existing child ${stamp}` });
  await api(alice, 'post', `/api/v4/groups/acme/epics/${existing.iid}/epics`, { title: `Grandchild ${stamp}` });
  await openEpic(alice, parent.iid);
  await openEpic(bob, parent.iid);
  await expect(tree(bob).getByText(EPIC_TEXTS.noChildEpics)).toBeVisible();

  // Add an existing epic by its reference
  await tree(alice).getByRole('button', { name: EPIC_TEXTS.addExistingEpic }).click();
  await tree(alice).getByRole('textbox', { name: 'Epic to add' }).fill(`&${existing.iid}`);
  await tree(alice).getByRole('button', { name: 'Add', exact: true }).click();
  await expect(tree(alice).getByRole('link', { name: `Existing child ${stamp}` })).toBeVisible();
  await expect(tree(bob).getByRole('link', { name: `Existing child ${stamp}` })).toBeVisible({ timeout: 1000 });
  // The tree: the child opens to show its own child
  await tree(bob).getByRole('button', { name: `Show child epics of acme&${existing.iid}` }).click();
  await expect(tree(bob).getByRole('link', { name: `Grandchild ${stamp}` })).toBeVisible();

  // A new child epic
  await tree(alice).getByRole('button', { name: EPIC_TEXTS.addNewEpic }).click();
  await tree(alice).getByRole('textbox', { name: 'New epic title' }).fill(`New child ${stamp}`);
  await tree(alice).getByRole('button', { name: 'Create epic' }).click();
  await expect(tree(alice).getByRole('link', { name: `New child ${stamp}` })).toBeVisible();
  await expect(tree(bob).getByRole('link', { name: `New child ${stamp}` })).toBeVisible({ timeout: 1000 });
  await expect(tree(bob).getByRole('heading')).toHaveText(`${EPIC_TEXTS.childEpics} 2`);
  await expect(bob.getByText(`added epic &${existing.iid} as child epic`)).toBeVisible({ timeout: 1000 });

  // Remove one
  await tree(alice).getByRole('button', { name: `Remove acme&${existing.iid} from the epic` }).click();
  await expect(tree(alice).getByRole('link', { name: `Existing child ${stamp}` })).toHaveCount(0);
  await expect(tree(bob).getByRole('link', { name: `Existing child ${stamp}` })).toHaveCount(0, { timeout: 1000 });
  await expect(tree(bob).getByRole('heading')).toHaveText(`${EPIC_TEXTS.childEpics} 1`);

  // An epic that cannot be a child says why: its own parent
  await tree(alice).getByRole('button', { name: EPIC_TEXTS.addExistingEpic }).click();
  await tree(alice).getByRole('textbox', { name: 'Epic to add' }).fill(`&${parent.iid}`);
  await tree(alice).getByRole('button', { name: 'Add', exact: true }).click();
  await expect(tree(alice).getByRole('alert')).toHaveText(EPIC_TEXTS.childIsSelf);
  await expect(bob.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
});
