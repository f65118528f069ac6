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

test("bob edits a grandchild level on the grandparent's page (an epic and an issue added, then removed); alice's open grandparent page follows each within 1 s", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const stamp = Date.now();
  const top = await api<{ iid: number }>(alice, 'post', '/api/v4/groups/acme/epics', { title: `Grandparent ${stamp}` });
  const child = await api<{ iid: number; id: number }>(alice, 'post', `/api/v4/groups/acme/epics/${top.iid}/epics`, { title: `Middle ${stamp}` });
  const issue = await api<{ iid: number }>(alice, 'post', '/api/v4/projects/acme%2Ftandem/issues', { title: `Deep issue ${stamp}` });
  await openEpic(alice, top.iid);
  await openEpic(bob, top.iid);
  // both open the middle level of the grandparent's tree
  for (const page of [alice, bob]) await tree(page).getByRole('button', { name: `Show child epics of acme&${child.iid}` }).click();
  const level = (page: Page) => tree(page).getByTestId('epic-tree-level');
  await expect(level(alice).getByText(EPIC_TEXTS.noChildEpics)).toBeVisible();

  // a grandchild created at the middle level, from the grandparent's page
  await level(bob).getByRole('button', { name: EPIC_TEXTS.addNewEpic }).click();
  await level(bob).getByRole('textbox', { name: 'New epic title' }).fill(`Grandchild ${stamp}`);
  await level(bob).getByRole('button', { name: 'Create epic' }).click();
  await expect(level(bob).getByRole('link', { name: `Grandchild ${stamp}` })).toBeVisible();
  await expect(level(alice).getByRole('link', { name: `Grandchild ${stamp}` })).toBeVisible({ timeout: 1000 });

  // an issue added to the middle epic there
  await level(bob).getByRole('textbox', { name: 'Issue to add' }).fill(`acme/tandem#${issue.iid}`);
  await level(bob).getByRole('button', { name: 'Add', exact: true }).click();
  await expect(level(alice).getByRole('link', { name: `Deep issue ${stamp}` })).toBeVisible({ timeout: 1000 });

  // the grandchild removed, then the issue
  const grandRef = await level(bob).getByRole('link', { name: `Grandchild ${stamp}` }).locator('xpath=following-sibling::span[1]').textContent();
  await level(bob).getByRole('button', { name: `Remove ${grandRef} from the epic` }).click();
  await expect(level(alice).getByRole('link', { name: `Grandchild ${stamp}` })).toHaveCount(0, { timeout: 1000 });
  await expect(level(alice).getByText(EPIC_TEXTS.noChildEpics)).toBeVisible({ timeout: 1000 });
  await level(bob).getByRole('button', { name: `Remove acme/tandem#${issue.iid} from the epic` }).click();
  await expect(level(alice).getByRole('link', { name: `Deep issue ${stamp}` })).toHaveCount(0, { timeout: 1000 });
  // the grandparent's own children did not change
  await expect(tree(alice).getByRole('heading')).toHaveText(`${EPIC_TEXTS.childEpics} 1`);
  await expect(alice.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
});
