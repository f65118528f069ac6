import { expect, test, type Page } from '@playwright/test';
import { NOTIFICATION_TEXTS } from '@tandem/shared-types';
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
