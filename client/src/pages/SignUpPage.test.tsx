import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CONFIRMATION_TEXTS, SIGN_UP_TEXTS } from '@tandem/shared-types';
import { App } from '../App';
import { appStore } from '../shared/store';
import { emailConfirmationAtom } from '../features/registration/emailConfirmationAtom';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../test/kit';

function renderAt(path: string) {
  renderWithStores(
    <MemoryRouter initialEntries={[path]}>
      <App pageData={{ currentUser: null, csrfToken: null }} />
    </MemoryRouter>,
  );
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: SIGN_UP_TEXTS.submit }));
}

describe('sign-up and e-mail confirmation pages', () => {
  let api: FetchStub;
  beforeEach(() => {
    appStore.set(currentUserAtom, null);
    appStore.set(emailConfirmationAtom, null);
    api = stubFetch({
      'POST /users': ({ body }: { body: { email: string; username: string } }) =>
        jsonResponse({ user: { username: body.username, email: body.email, confirmed_at: null }, csrf_token: null, joined: null, email_confirmation: 'hard' }, { status: 201 }),
      'POST /users/confirmation': { message: CONFIRMATION_TEXTS.sendParanoid },
      // the to-do page and the to-do count of the signed-in (soft) user
      'GET /api/v4/todos': jsonResponse([], { headers: { 'x-total': '0' } }),
    });
  });

  it('names a reserved username under its field before anything is sent, in any case', async () => {
    renderAt('/users/sign_up');
    fill({ [SIGN_UP_TEXTS.name]: 'Ad Min', [SIGN_UP_TEXTS.username]: 'Admin', [SIGN_UP_TEXTS.email]: 'ad@min.test', [SIGN_UP_TEXTS.password]: 'long enough pw' });
    expect(await screen.findByText(`${SIGN_UP_TEXTS.username} ${SIGN_UP_TEXTS.usernameReserved}`)).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('under hard confirmation tells the new user to check their mail, and can send it again', async () => {
    renderAt('/users/sign_up');
    fill({ [SIGN_UP_TEXTS.name]: 'New Comer', [SIGN_UP_TEXTS.username]: 'newcomer', [SIGN_UP_TEXTS.email]: 'new@comer.test', [SIGN_UP_TEXTS.password]: 'long enough pw' });
    expect(await screen.findByRole('heading', { name: CONFIRMATION_TEXTS.almostThereTitle })).toBeTruthy();
    expect(screen.getByTestId('almost-there').textContent).toContain(CONFIRMATION_TEXTS.almostThere('new@comer.test'));
    fireEvent.click(screen.getByRole('button', { name: CONFIRMATION_TEXTS.resend }));
    expect(await screen.findByText(CONFIRMATION_TEXTS.sendParanoid)).toBeTruthy();
    await waitFor(() => expect(api.lastCall('POST /users/confirmation').body).toEqual({ email: 'new@comer.test' }));
  });

  it("the link's landing page says whether the address was confirmed", () => {
    renderAt('/users/confirmation/new?status=confirmed');
    expect(screen.getByRole('heading', { name: CONFIRMATION_TEXTS.confirmed })).toBeTruthy();
    cleanup();
    renderAt('/users/confirmation/new?status=expired');
    expect(screen.getByRole('alert').textContent).toBe(CONFIRMATION_TEXTS.expiredToken);
    expect(screen.getByRole('heading', { name: CONFIRMATION_TEXTS.resendTitle })).toBeTruthy();
  });

  it('under soft confirmation every page reminds the signed-in user until when they may use the account', () => {
    appStore.set(currentUserAtom, { id: 9, username: 'softy', name: 'Softy', state: 'active', locked: false, avatar_url: null, web_url: '/softy', email: 'soft@y.test', is_admin: false, created_at: '', confirmed_at: null });
    appStore.set(emailConfirmationAtom, { email: 'soft@y.test', access_until: '2030-01-04T10:00:00.000Z' });
    renderAt('/dashboard/todos');
    const notice = screen.getByTestId('email-confirmation-notice');
    expect(notice.textContent).toContain(CONFIRMATION_TEXTS.softNotice('soft@y.test'));
    expect(notice.textContent).toContain('2030');
    // closing it hides it for this browser session (a session cookie), not for good
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('email-confirmation-notice')).toBeNull();
    expect(document.cookie).toContain('callout_email_confirmation_dismissed=true');
    document.cookie = 'callout_email_confirmation_dismissed=; max-age=0; path=/';
  });
});
