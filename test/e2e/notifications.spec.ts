import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { NOTIFICATION_SETTINGS_TEXTS, NOTIFICATION_TEXTS } from '@tandem/shared-types';
import { commentBox, noteWith } from './support/locators';
import { csrfOf, signedInPage } from './support/session';

interface Mail {
  to: string;
  subject: string;
  body: string;
  headers: Record<string, string> | null;
}

const PROJECT = 'acme/tandem';
const outbox = async (page: Page) => (await (await page.request.get('/-/outbox')).json()) as Mail[];

async function commentFromPage(page: Page, text: string): Promise<void> {
  await commentBox(page).fill(text);
  await commentBox(page).press('Control+Enter');
  await expect(noteWith(page, text)).toBeVisible();
}

test('a mention mails the mentioned user; their unsubscribe link, opened signed out, stops the next mail', async ({ browser }) => {
  const alice = await signedInPage(browser, 'alice');
  const users = async (name: string) => ((await (await alice.request.get(`/api/v4/users?username=${name}`)).json()) as Array<{ id: number }>)[0]!.id;
  const title = `Notification mail e2e ${Date.now()}`;
  // dave and bob are assigned (participants); alice wrote it
  const created = await alice.request.post(`/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, {
    data: { title, assignee_ids: [await users('dave'), await users('bob')] },
    headers: { 'x-csrf-token': csrfOf(alice) },
  });
  const issue = (await created.json()) as { iid: number };
  await alice.goto(`/${PROJECT}/-/issues/${issue.iid}`);
  await expect(alice.getByTestId('live-status')).toHaveAttribute('data-state', 'open');

  const mention = `Can you check the logs, @dave, before Friday? ${Date.now()}`;
  await commentFromPage(alice, mention);
  const daveMail = () => outbox(alice).then((all) => all.find((m) => m.to === 'dave@example.com' && m.body.includes(mention)));
  await expect.poll(daveMail, { message: 'the mention mail reaches dave', timeout: 10_000 }).toBeTruthy();
  const mail = (await daveMail())!;
  expect(mail.subject).toBe(NOTIFICATION_TEXTS.subject('Tandem', title, issue.iid));
  expect(mail.body).toContain(NOTIFICATION_TEXTS.mentioned('Alice Adams'));
  expect(mail.headers?.['In-Reply-To']).toMatch(/^<issue_\d+@/);
  const link = /Unsubscribe from this issue: (\S+)/.exec(mail.body)![1]!;

  // dave follows the link from his mail, not signed in
  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto(link);
  await expect(anonymous.getByTestId('unsubscribe-result')).toHaveText(NOTIFICATION_TEXTS.unsubscribed(`${PROJECT}#${issue.iid}`));

  // the next comment mails bob, still subscribed, and not dave
  const next = `Logs are fine after all ${Date.now()}`;
  await commentFromPage(alice, next);
  await expect.poll(async () => (await outbox(alice)).some((m) => m.to === 'bob@example.com' && m.body.includes(next)), { message: 'bob gets the next comment', timeout: 10_000 }).toBe(true);
  expect((await outbox(alice)).filter((m) => m.to === 'dave@example.com' && m.body.includes(next))).toEqual([]);
});

test('the notification settings page: from the user menu, a group set to custom with Close issue mails its closes; the setting survives a reload', async ({ browser }) => {
  const carol = await signedInPage(browser, 'carol');
  await carol.goto('/dashboard/projects');
  await carol.getByRole('button', { name: 'User menu for Carol Chen' }).click();
  await carol.getByRole('menuitem', { name: NOTIFICATION_SETTINGS_TEXTS.menuItem }).click();
  await expect(carol.getByRole('heading', { name: NOTIFICATION_SETTINGS_TEXTS.title, exact: true })).toBeVisible();
  await expect(carol.getByTestId('notification-email')).toHaveText('carol@example.com');
  const group = carol.getByLabel('acme', { exact: true });
  await group.selectOption('custom');
  await expect(carol.getByTestId('toast')).toHaveText(NOTIFICATION_SETTINGS_TEXTS.saved);
  const events = carol.getByRole('group', { name: NOTIFICATION_SETTINGS_TEXTS.customTitle });
  // click, then wait for it to show checked: the box is bound to the page's query data, which
  // re-renders on the query client's next tick, after Playwright's check() has already read it
  const closeIssue = events.getByLabel(NOTIFICATION_SETTINGS_TEXTS.events.close_issue);
  await closeIssue.click();
  await expect(closeIssue).toBeChecked();
  await expect.poll(async () => ((await (await carol.request.get('/api/v4/groups/acme/notification_settings')).json()) as { events?: Record<string, boolean> }).events?.close_issue).toBe(true);
  const axe = await new AxeBuilder({ page: carol }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await carol.screenshot({ path: 'test-results/e2e/notification-settings-1280.png', fullPage: true });
  await carol.setViewportSize({ width: 360, height: 800 });
  await carol.screenshot({ path: 'test-results/e2e/notification-settings-360.png', fullPage: true });
  await carol.reload();
  await expect(carol.getByLabel('acme', { exact: true })).toHaveValue('custom');
  await expect(carol.getByRole('group', { name: NOTIFICATION_SETTINGS_TEXTS.customTitle }).getByLabel(NOTIFICATION_SETTINGS_TEXTS.events.close_issue)).toBeChecked();

  // alice closes an issue carol takes no part in: carol's custom event mails her
  const alice = await signedInPage(browser, 'alice');
  const title = `Custom close e2e ${Date.now()}`;
  const api = `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`;
  const issue = (await (await alice.request.post(api, { data: { title }, headers: { 'x-csrf-token': csrfOf(alice) } })).json()) as { iid: number };
  await alice.request.put(`${api}/${issue.iid}`, { data: { state_event: 'close' }, headers: { 'x-csrf-token': csrfOf(alice) } });
  const closed = () => outbox(alice).then((all) => all.find((m) => m.to === 'carol@example.com' && m.subject.includes(title) && m.body.includes(NOTIFICATION_TEXTS.closed('Alice Adams'))));
  await expect.poll(closed, { message: 'carol is mailed the close', timeout: 10_000 }).toBeTruthy();
  await carol.request.put('/api/v4/groups/acme/notification_settings', { data: { level: 'global' }, headers: { 'x-csrf-token': csrfOf(carol) } });
});
