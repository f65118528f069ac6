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
  const help = dialog.getByRole('link', { name: INVITE_TEXTS.readMore });
  const [helpPage] = await Promise.all([alice.context().waitForEvent('page'), help.click()]);
  await expect(helpPage.getByRole('heading', { name: PERMISSIONS_HELP_TEXTS.title })).toBeVisible();
  const row = helpPage.getByRole('row', { name: /Invite and manage project members/ });
  await expect(row.getByText('Yes', { exact: true })).toHaveCount(2);
  await expect(row.getByText('No', { exact: true })).toHaveCount(3);
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
