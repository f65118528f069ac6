import { expect, test, type Page } from '@playwright/test';
import { INVITE_TEXTS, PEOPLE_TEXTS, PROJECT_PICKER_TEXTS } from '@tandem/shared-types';
import { csrfOf, signedInPage } from './support/session';

test("notifications turned on in one tab show in the same user's other tab at once, and back", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const issue = (await (await alice.request.post('/api/v4/projects/acme%2Ftandem/issues', { data: { title: `Two tabs e2e ${Date.now()}` }, headers: { 'x-csrf-token': csrfOf(alice) } })).json()) as { iid: number };
  const bob = await signedInPage(browser, 'bob');
  const tab1 = bob;
  const tab2 = await bob.context().newPage();
  for (const tab of [tab1, tab2]) {
    await tab.goto(`/acme/tandem/-/issues/${issue.iid}`);
    await expect(tab.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  }
  const switchOf = (tab: Page) => tab.getByTestId('sidebar-subscription').getByRole('switch', { name: PEOPLE_TEXTS.notifications });
  await expect(switchOf(tab1)).toHaveAttribute('aria-checked', 'false');
  await expect(switchOf(tab2)).toHaveAttribute('aria-checked', 'false');
  await switchOf(tab1).click();
  await expect(switchOf(tab1)).toHaveAttribute('aria-checked', 'true');
  await expect(switchOf(tab2)).toHaveAttribute('aria-checked', 'true', { timeout: 3000 });
  await expect(tab2.getByTestId('sidebar-subscription')).toContainText(PEOPLE_TEXTS.notificationsOn);
  await switchOf(tab2).click();
  await expect(switchOf(tab1)).toHaveAttribute('aria-checked', 'false', { timeout: 3000 });
  // alice's own choice is hers: her page did not follow bob's
  await alice.goto(`/acme/tandem/-/issues/${issue.iid}`);
  await expect(switchOf(alice)).toHaveAttribute('aria-checked', 'true');
});

test('the group issues page: "New issue in <project>" picks a project, remembers it, and opens its New issue page', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  await bob.goto('/groups/acme/-/issues');
  await expect(bob.getByTestId('group-issue-list')).toBeVisible();
  const main = bob.getByTestId('new-item-in-project');
  await expect(main).toHaveText(PROJECT_PICKER_TEXTS.noProject('issue'));
  await main.click();
  await bob.getByRole('option', { name: 'Acme / Tandem' }).click();
  await expect(main).toHaveText('New issue in Tandem');
  await bob.reload();
  await expect(bob.getByTestId('new-item-in-project')).toHaveText('New issue in Tandem');
  await bob.getByTestId('new-item-in-project').click();
  await expect(bob).toHaveURL(/\/acme\/tandem\/-\/issues\/new$/);
});

test('a maintainer invites a whole group from the invite modal; the share is made once, then removed', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const project = 'acme/platform/secret-plans';
  const issue = (await (await alice.request.post(`/api/v4/projects/${encodeURIComponent(project)}/issues`, { data: { title: `Group invite e2e ${Date.now()}` }, headers: { 'x-csrf-token': csrfOf(alice) } })).json()) as { iid: number };
  await alice.goto(`/${project}/-/issues/${issue.iid}`);
  await alice.getByTestId('invite-members-link').click();
  await alice.getByRole('tab', { name: INVITE_TEXTS.tabGroup }).click();
  const dialog = alice.getByRole('dialog', { name: INVITE_TEXTS.titleGroup });
  await expect(dialog.getByText(INVITE_TEXTS.introGroup('Secret plans', 'project'))).toBeVisible();
  const invite = dialog.getByRole('button', { name: INVITE_TEXTS.invite, exact: true });
  await expect(invite).toBeDisabled();
  await dialog.getByRole('combobox', { name: INVITE_TEXTS.groupLabel }).fill('  Acme  ');
  await dialog.getByRole('option', { name: /^Acme\b/ }).first().click();
  await dialog.getByLabel(INVITE_TEXTS.roleLabel).selectOption('20');
  await expect(invite).toBeEnabled();
  await invite.click();
  await expect(alice.getByText(INVITE_TEXTS.success)).toBeVisible();
  await expect(dialog).toBeHidden();
  const [acme] = (await (await alice.request.get('/api/v4/groups?search=acme')).json()) as Array<{ id: number; full_path: string }>;
  expect(acme!.full_path).toBe('acme');
  // made once: sharing again is refused with the server's message, then the share is removed (shared demo data)
  const again = await alice.request.post(`/api/v4/projects/${encodeURIComponent(project)}/share`, { data: { group_id: acme!.id, group_access: 20 }, headers: { 'x-csrf-token': csrfOf(alice) } });
  expect(again.status()).toBe(409);
  const removed = await alice.request.delete(`/api/v4/projects/${encodeURIComponent(project)}/share/${acme!.id}`, { headers: { 'x-csrf-token': csrfOf(alice) } });
  expect(removed.status()).toBe(204);
});
