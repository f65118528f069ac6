import { expect, test, type Page } from '@playwright/test';
import { INVITE_TEXTS, SIGN_UP_TEXTS, TODO_TEXTS } from '@tandem/shared-types';
import { csrfOf, signedInPage } from './support/session';

/** Writes through the page's session that answer the raw response (the tests check exact statuses). */
const writesOf = (page: Page) => ({
  post: (url: string, data: unknown) => page.request.post(url, { data, headers: { 'x-csrf-token': csrfOf(page) } }),
  put: (url: string, data: unknown) => page.request.put(url, { data, headers: { 'x-csrf-token': csrfOf(page) } }),
});

const pendingCount = async (page: Page) => Number(/\((\d+) pending\)/.exec((await page.getByTestId('todos-nav').getAttribute('aria-label')) ?? '')?.[1]);

test("bob's navbar to-do count goes up live when alice assigns him and when she @mentions him", async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  await bob.goto('/dashboard/todos');
  await expect(bob.getByRole('heading', { name: TODO_TEXTS.pageTitle })).toBeVisible();
  await expect(bob.getByTestId('todos-nav')).toBeVisible();
  const before = await pendingCount(bob);

  const writes = writesOf(alice);
  const [bobUser] = (await (await alice.request.get('/api/v4/users?username=bob')).json()) as Array<{ id: number }>;
  const issue = (await (await writes.post('/api/v4/projects/acme%2Ftandem/issues', { title: `To-do count e2e ${Date.now()}` })).json()) as { iid: number; title: string };
  expect((await writes.put(`/api/v4/projects/acme%2Ftandem/issues/${issue.iid}`, { assignee_ids: [bobUser!.id] })).status()).toBe(200);
  await expect(bob.getByTestId('todos-nav')).toHaveAttribute('aria-label', TODO_TEXTS.navLabel(before + 1), { timeout: 3000 });

  expect((await writes.post(`/api/v4/projects/acme%2Ftandem/issues/${issue.iid}/notes`, { body: 'Could you look at this, @bob?' })).status()).toBe(201);
  await expect(bob.getByTestId('todos-nav')).toHaveAttribute('aria-label', TODO_TEXTS.navLabel(before + 2), { timeout: 3000 });

  // The list shows both, linking to the issue; marking one done takes the count down
  await bob.reload();
  const items = bob.getByTestId('todo-item').filter({ hasText: issue.title });
  await expect(items).toHaveCount(2);
  await items.first().getByRole('button', { name: TODO_TEXTS.markDone }).click();
  await expect(bob.getByTestId('todos-nav')).toHaveAttribute('aria-label', TODO_TEXTS.navLabel(before + 1));

  // The sidebar toggle on the issue page
  await bob.goto(`/acme/tandem/-/issues/${issue.iid}`);
  await bob.getByRole('button', { name: TODO_TEXTS.markDone }).click();
  await expect(bob.getByRole('button', { name: TODO_TEXTS.add })).toBeVisible();
  await expect(bob.getByTestId('todos-nav')).toHaveAttribute('aria-label', TODO_TEXTS.navLabel(before));
});

test('a maintainer invites a new address; the invitee follows the mailed link, signs up and sees the project', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const project = 'acme/platform/secret-plans';
  const writes = writesOf(alice);
  const issue = (await (await writes.post(`/api/v4/projects/${encodeURIComponent(project)}/issues`, { title: `Invite e2e ${Date.now()}` })).json()) as { iid: number; title: string };
  const email = `invitee-${Date.now()}@example.com`;

  await alice.goto(`/${project}/-/issues/${issue.iid}`);
  await alice.getByTestId('invite-members-link').click();
  const dialog = alice.getByRole('dialog', { name: INVITE_TEXTS.titleMembers });
  await expect(dialog.getByRole('button', { name: INVITE_TEXTS.invite, exact: true })).toBeDisabled();
  await dialog.getByRole('combobox', { name: INVITE_TEXTS.membersLabel }).fill(email);
  await dialog.getByRole('option', { name: INVITE_TEXTS.emailToken(email) }).click();
  await dialog.getByLabel(INVITE_TEXTS.roleLabel).selectOption('30');
  await dialog.getByRole('button', { name: INVITE_TEXTS.invite, exact: true }).click();
  await expect(alice.getByTestId('toast')).toHaveText(INVITE_TEXTS.success);
  await expect(dialog).toHaveCount(0);

  const outbox = (await (await alice.request.get('/-/outbox')).json()) as Array<{ to: string; body: string }>;
  const mail = outbox.find((m) => m.to === email);
  expect(mail, 'the invitation mail is in the outbox').toBeTruthy();
  const link = /https?:\/\/\S+\/-\/invites\/[0-9a-f]{48}/.exec(mail!.body)![0];

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(new URL(link).pathname);
  await expect(invitee.getByTestId('invite-intro')).toHaveText(INVITE_TEXTS.acceptIntro('Secret plans', 'Developer'));
  await expect(invitee.getByLabel(SIGN_UP_TEXTS.email)).toHaveValue(email);
  await invitee.getByLabel(SIGN_UP_TEXTS.name).fill('New Invitee');
  await invitee.getByLabel(SIGN_UP_TEXTS.username).fill(`invitee_${Date.now()}`);
  await invitee.getByLabel(SIGN_UP_TEXTS.password).fill('short');
  await invitee.getByRole('button', { name: SIGN_UP_TEXTS.submit }).click();
  await expect(invitee.getByText('Password is too short (minimum is 8 characters)')).toBeVisible();
  await invitee.getByLabel(SIGN_UP_TEXTS.password).fill('a long enough password');
  await invitee.getByRole('button', { name: SIGN_UP_TEXTS.submit }).click();
  await invitee.waitForURL(`**/${project}/-/issues`);
  await expect(invitee.getByText(issue.title)).toBeVisible();
});
