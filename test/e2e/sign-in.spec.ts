import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DISCUSSION_TEXTS, PASSWORD_RESET_TEXTS } from '@tandem/shared-types';

/**
 * Where sign-in leads (only ever somewhere on Tandem's origin) and the forgotten-password flow
 * end to end: the request in the browser, the link read from the outbox (GET /-/outbox), the new
 * password set, and signing in with it.
 */

const signInWithForm = async (page: Page, login: string, password = DEMO_PASSWORD) => {
  await page.getByLabel('Username or primary email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

for (const [name, control] of [['tab', '%09'], ['newline', '%0a'], ['carriage return', '%0d']]) {
  test(`a redirect hidden behind a ${name} (/${control}/evil.example/x) ends on Tandem's origin after sign-in`, async ({ page, baseURL }) => {
    // Were the browser sent there, it would land on this stand-in instead of a DNS error
    await page.context().route(/^https?:\/\/evil\.example\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' }));
    await page.goto(`/users/sign_in?redirect=/${control}/evil.example/x`);
    await signInWithForm(page, 'bob');
    await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'));
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expect(page.getByRole('heading', { name: 'evil' })).toHaveCount(0);
  });
}

test('a same-origin redirect is honoured after sign-in', async ({ page }) => {
  await page.goto('/users/sign_in?redirect=/acme/tandem/-/issues/1');
  await signInWithForm(page, 'carol');
  await expect(page).toHaveURL('/acme/tandem/-/issues/1');
  await expect(page.getByRole('textbox', { name: 'Comment' })).toBeVisible();
});

test('"sign in" under a signed-out issue returns to that issue once signed in', async ({ page }) => {
  await page.goto('/acme/tandem/-/issues/2');
  const blocked = page.getByTestId('commenting-signedOut');
  await expect(blocked).toContainText(DISCUSSION_TEXTS.signedOut);
  await blocked.getByRole('link', { name: 'sign in' }).click();
  await expect(page).toHaveURL(/\/users\/sign_in\?redirect=/);
  await signInWithForm(page, 'dave');
  await expect(page).toHaveURL('/acme/tandem/-/issues/2');
  await expect(page.getByRole('textbox', { name: 'Comment' })).toBeVisible();
});

test.describe('forgot your password', () => {
  // erin is signed in by no other browser journey; her demo password is put back afterwards
  const email = 'erin@example.com';
  const newPassword = 'a fresh password for erin';

  /** The reset link in the newest reset mail to `email`, from the developers' outbox. */
  async function resetLink(page: Page, after: number): Promise<string> {
    let link = '';
    await expect(async () => {
      const outbox = (await (await page.request.get('/-/outbox')).json()) as Array<{ id: number; to: string; subject: string; body: string }>;
      const mail = outbox.find((m) => m.to === email && m.subject === PASSWORD_RESET_TEXTS.mailSubject && m.id > after);
      expect(mail, 'the reset mail is in the outbox').toBeTruthy();
      link = /https?:\/\/\S+\/users\/password\/edit\?reset_password_token=\S+/.exec(mail!.body)![0];
    }).toPass({ timeout: 10_000 });
    return link;
  }
  const newestMailId = async (page: Page) => ((await (await page.request.get('/-/outbox')).json()) as Array<{ id: number }>)[0]?.id ?? 0;

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    const after = await newestMailId(page);
    expect((await page.request.post('/users/password', { data: { email } })).status()).toBe(200);
    const token = new URL(await resetLink(page, after)).searchParams.get('reset_password_token');
    const restored = await page.request.put('/users/password', { data: { reset_password_token: token, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD } });
    expect(restored.status()).toBe(200);
    await page.close();
  });

  test('request a reset, follow the mailed link, set a new password, sign in with it', async ({ page }) => {
    const after = await newestMailId(page);
    await page.goto('/users/sign_in');
    await page.getByRole('link', { name: PASSWORD_RESET_TEXTS.forgotLink }).click();
    await expect(page).toHaveURL('/users/password/new');
    await expect(page.getByRole('heading', { name: PASSWORD_RESET_TEXTS.requestTitle })).toBeVisible();
    await page.getByLabel(PASSWORD_RESET_TEXTS.email).fill(email);
    await page.getByRole('button', { name: PASSWORD_RESET_TEXTS.requestSubmit }).click();
    await expect(page).toHaveURL('/users/sign_in');
    await expect(page.getByTestId('sign-in-notice')).toHaveText(PASSWORD_RESET_TEXTS.requestSent);

    const link = await resetLink(page, after);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: PASSWORD_RESET_TEXTS.editTitle })).toBeVisible();
    // The token does not stay in the address bar
    await expect(page).toHaveURL('/users/password/edit');
    await page.getByLabel(PASSWORD_RESET_TEXTS.newPassword, { exact: true }).fill('short');
    await page.getByLabel(PASSWORD_RESET_TEXTS.confirmPassword, { exact: true }).fill('short');
    await page.getByRole('button', { name: PASSWORD_RESET_TEXTS.editSubmit }).click();
    await expect(page.getByText(`Password ${PASSWORD_RESET_TEXTS.tooShort}`)).toBeVisible();
    await page.getByLabel(PASSWORD_RESET_TEXTS.newPassword, { exact: true }).fill(newPassword);
    await page.getByLabel(PASSWORD_RESET_TEXTS.confirmPassword, { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: PASSWORD_RESET_TEXTS.editSubmit }).click();
    await expect(page).toHaveURL('/users/sign_in');
    await expect(page.getByTestId('sign-in-notice')).toHaveText(PASSWORD_RESET_TEXTS.changed);

    // The old password no longer works; the new one does
    expect((await page.request.post('/users/sign_in', { data: { login: 'erin', password: DEMO_PASSWORD } })).status()).toBe(401);
    await signInWithForm(page, email, newPassword);
    await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'));
    const me = (await (await page.request.get('/api/v4/user')).json()) as { username: string };
    expect(me.username).toBe('erin');

    // The link worked once
    const again = await page.context().browser()!.newPage();
    await again.goto(new URL(link).pathname + new URL(link).search);
    await again.getByLabel(PASSWORD_RESET_TEXTS.newPassword, { exact: true }).fill('another new password');
    await again.getByLabel(PASSWORD_RESET_TEXTS.confirmPassword, { exact: true }).fill('another new password');
    await again.getByRole('button', { name: PASSWORD_RESET_TEXTS.editSubmit }).click();
    await expect(again.getByTestId('reset-token-error')).toContainText(`Reset password token ${PASSWORD_RESET_TEXTS.tokenInvalid}`);
    await again.close();
  });
});
