import { expect, test } from '@playwright/test';
import { INVITE_NOTICE_TEXTS, INVITE_TEXTS, MEMBERS_PAGE_TEXTS, PERMISSIONS_HELP_TEXTS } from '@tandem/shared-types';
import { signedInPage } from './support/session';

test("the group's owner opens the invite modal from the group's members page; its help link shows what each role may do", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  await alice.goto('/groups/acme/-/group_members');
  await expect(alice.getByRole('heading', { name: MEMBERS_PAGE_TEXTS.groupTitle })).toBeVisible();
  await expect(alice.getByTestId('members-table').getByRole('row', { name: /Bob Brown/ })).toContainText('Developer');
  await alice.getByTestId('invite-members-link').click();
  const dialog = alice.getByRole('dialog', { name: INVITE_TEXTS.titleMembers });
  await expect(dialog.getByText(INVITE_TEXTS.introMembers('Acme', 'group'))).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveCount(0);
  await alice.screenshot({ path: 'test-results/people-group-invite.png' });
  const help = dialog.getByRole('link', { name: INVITE_TEXTS.readMore });
  const [helpPage] = await Promise.all([alice.context().waitForEvent('page'), help.click()]);
  await expect(helpPage.getByRole('heading', { name: PERMISSIONS_HELP_TEXTS.title })).toBeVisible();
  const row = helpPage.getByRole('row', { name: /Invite and manage project members/ });
  await expect(row.getByText('Yes', { exact: true })).toHaveCount(2);
  await expect(row.getByText('No', { exact: true })).toHaveCount(3);
  await helpPage.screenshot({ path: 'test-results/people-permissions-help.png', fullPage: true });
  await helpPage.close();
});

test('a developer who may not invite gets the notice, which leads to the members list', async ({ browser }) => {
  const bob = await signedInPage(browser, 'bob');
  await bob.goto('/acme/tandem/-/issues/1');
  await bob.getByTestId('invite-members-link').click();
  const notice = bob.getByRole('dialog', { name: INVITE_NOTICE_TEXTS.title });
  await expect(notice.getByText(INVITE_NOTICE_TEXTS.bodyMiddle)).toBeVisible();
  await notice.getByRole('link', { name: INVITE_NOTICE_TEXTS.seeWho }).click();
  await expect(bob).toHaveURL(/\/acme\/tandem\/-\/project_members$/);
  await expect(bob.getByRole('heading', { name: MEMBERS_PAGE_TEXTS.projectTitle })).toBeVisible();
  await expect(bob.getByTestId('members-table').getByRole('row', { name: /Alice Adams/ })).toContainText('Owner');
});

test('the members page and the permissions help page hold up at 360 px', async ({ browser }) => {
  const carol = await signedInPage(browser, 'carol', { width: 360, height: 780 });
  await carol.goto('/groups/acme/-/group_members');
  await expect(carol.getByTestId('members-table')).toBeVisible();
  await carol.screenshot({ path: 'test-results/people-members-360.png', fullPage: true });
  await carol.goto('/help/user/permissions');
  await expect(carol.getByTestId('permissions-table').first()).toBeVisible();
  const overflow = await carol.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
  await carol.screenshot({ path: 'test-results/people-permissions-help-360.png', fullPage: true });
});
