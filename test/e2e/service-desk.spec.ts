import { expect, test, type Page } from '@playwright/test';
import { PEOPLE_TEXTS, SERVICE_DESK_TEXTS } from '@tandem/shared-types';
import { signMailRoomToken } from '../../server/src/modules/incoming-email/mail-room-auth';
import { csrfOf, signedInPage } from './support/session';

/**
 * Service Desk end to end: a maintainer turns it on, an outsider's mail (posted to the mail_room
 * endpoint with the shared-secret JWT, as mail_room does) appears live in the open issue list as
 * a confidential Support Bot issue; a comment from the page reaches the sender through the
 * outbox; moved into a project without Service Desk, the issue page warns, the warning closes and
 * stays closed after a reload. Restores the setting it changed (other specs share the demo data).
 */
const PROJECT = 'acme/tandem';
const TARGET = 'acme/platform/secret-plans';
// playwright.config.ts gives the server this secret
const MAIL_ROOM_SECRET = 'e2e-mail-room-shared-secret';

const setServiceDesk = async (alice: Page, project: string, on: boolean) => {
  const res = await alice.request.put(`/api/v4/projects/${encodeURIComponent(project)}`, { data: { service_desk_enabled: on }, headers: { 'x-csrf-token': csrfOf(alice) } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { service_desk_enabled: boolean; service_desk_address: string | null };
};

test('an outside mail becomes a confidential issue, a comment is mailed back, and a move to a project without Service Desk warns until dismissed', async ({ browser, playwright, baseURL }) => {
  const alice = await signedInPage(browser, 'alice');
  const page = alice;
  const stamp = Date.now();
  const customer = `customer-${stamp}@outside.test`;
  const subject = `Cannot log in ${stamp}`;
  try {
    const project = await setServiceDesk(alice, PROJECT, true);
    expect(project.service_desk_enabled).toBe(true);
    const address = project.service_desk_address!;
    expect(address).toMatch(/^incoming\+acme-tandem-\d+-issue-@mail\.tandem\.test$/);

    // The open issue list is watching when the mail arrives
    await page.goto(`/${PROJECT}/-/issues`);
    await expect(page.getByTestId('issue-list')).toBeVisible();
    const raw = [`From: A Customer <${customer}>`, `To: ${address}`, `Subject: ${subject}`, `Message-ID: <${stamp}@outside.test>`, 'Content-Type: text/plain; charset=utf-8', '', 'My password reset mail never arrives.', ''].join('\r\n');
    // mail_room is no browser: no session cookie, only the shared-secret header
    const mailRoom = await playwright.request.newContext({ baseURL });
    const posted = await mailRoom.post('/api/v4/internal/mail_room/incoming_email', {
      headers: { 'content-type': 'message/rfc822', 'gitlab-mailroom-api-request': signMailRoomToken(MAIL_ROOM_SECRET) },
      data: Buffer.from(raw),
    });
    expect(posted.status()).toBe(200);
    const { issue_iid: iid } = (await posted.json()) as { issue_iid: number };
    await mailRoom.dispose();
    await expect(page.getByTestId('issue-list')).toContainText(subject, { timeout: 5000 });

    // The issue: confidential, by the Support Bot, the mail's body as description
    await page.getByTestId('issue-list').getByRole('link', { name: subject }).click();
    await expect(page).toHaveURL(new RegExp(`/${PROJECT}/-/issues/${iid}$`));
    await expect(page.getByTestId('issue-title')).toHaveText(subject);
    await expect(page.getByTestId('confidential-badge')).toBeVisible();
    await expect(page.getByText('My password reset mail never arrives.')).toBeVisible();
    await expect(page.getByText('Support Bot').first()).toBeVisible();
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');

    // A public comment from the page reaches the sender (the developers' outbox)
    const reply = `Please check your spam folder ${stamp}`;
    const box = page.getByTestId('comment-form').getByRole('textbox', { name: 'Comment' });
    await box.fill(reply);
    await box.press('Control+Enter');
    await expect(page.getByTestId('note-text').getByText(reply, { exact: true })).toBeVisible();
    const mailsTo = async () => ((await (await page.request.get('/-/outbox')).json()) as Array<{ to: string; subject: string; body: string }>).filter((m) => m.to === customer);
    await expect.poll(async () => (await mailsTo()).some((m) => m.body.includes(reply))).toBe(true);
    const mailed = (await mailsTo()).find((m) => m.body.includes(reply))!;
    expect(mailed.subject).toBe(SERVICE_DESK_TEXTS.noteSubject(`${PROJECT}#${iid}`, subject));

    // Move it into a project without Service Desk (the sidebar's move block)
    const block = page.getByTestId('sidebar-move');
    await block.getByRole('button', { name: 'Edit' }).click();
    await block.getByRole('combobox', { name: PEOPLE_TEXTS.moveSearchProjects }).fill('secret');
    await block.getByRole('option', { name: /Secret plans/ }).click();
    await block.getByRole('button', { name: PEOPLE_TEXTS.moveConfirm }).click();
    await expect(page).toHaveURL(new RegExp(`/${TARGET}/-/issues/\\d+$`));
    await expect(page.getByTestId('issue-title')).toHaveText(subject);

    const warning = page.getByTestId('moved-service-desk-warning');
    await expect(warning).toHaveText(new RegExp(SERVICE_DESK_TEXTS.movedWarning.replace(/[.]/g, '\\.')));
    // No more mail to the sender from here
    const before = (await mailsTo()).length;
    await box.fill(`Moved note ${stamp}`);
    await box.press('Control+Enter');
    await expect(page.getByTestId('note-text').getByText(`Moved note ${stamp}`, { exact: true })).toBeVisible();
    expect((await mailsTo()).length).toBe(before);

    await warning.getByRole('button', { name: 'Dismiss' }).click();
    await expect(warning).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('issue-title')).toHaveText(subject);
    await expect(page.getByTestId('moved-service-desk-warning')).toHaveCount(0);
  } finally {
    await setServiceDesk(alice, PROJECT, false);
  }
});
