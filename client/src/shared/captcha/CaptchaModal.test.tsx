import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SPAM_TEXTS } from '@tandem/shared-types';
import { appStore } from '../store';
import { jsonResponse, renderWithStores, sequence, stubFetch, type FetchStub } from '../../test/kit';
import { requestJson } from '../api/http';
import { graphqlRequest } from '../api/graphql';
import { createNote } from '../../features/notes/notesApi';
import { csrfTokenAtom } from '../../features/session/sessionAtoms';
import { CaptchaModal } from './CaptchaModal';

// The real widget needs Web Crypto workers; the test plays its part (statechange events)
vi.mock('altcha', () => ({}));

const FLAGGED = { message: { error: SPAM_TEXTS.recognizedAsSpam('issue') }, needs_captcha_response: true, spam_log_id: 42, captcha_site_key: 'tandem-altcha' };

const flagged = (body: object = FLAGGED) => jsonResponse(body, { status: 409 });

describe('captcha retry (shared handler + modal)', () => {
  let api: FetchStub;

  beforeEach(() => {
    appStore.set(csrfTokenAtom, 'csrf');
    api = stubFetch();
    renderWithStores(<CaptchaModal />);
  });

  /** What the widget does once the user solved the challenge. */
  const solveWidget = (payload: string) => {
    const widget = screen.getByTestId('captcha-widget').querySelector('altcha-widget')!;
    act(() => {
      widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
    });
  };

  it('shows the challenge of the flagged write and sends the SAME request again with the answer', async () => {
    api.on({ 'PUT /g/p/-/issues/3.json': sequence(flagged(), { iid: 3, title: 'Saved' }) });
    const pending = requestJson<{ title: string }>('/g/p/-/issues/3.json', { method: 'PUT', body: { title: 'Saved', description: 'free money', lock_version: 4 } });

    const dialog = await screen.findByRole('dialog', { name: SPAM_TEXTS.modalTitle });
    expect(dialog.textContent).toContain(SPAM_TEXTS.modalBody);
    const widget = screen.getByTestId('captcha-widget').querySelector('altcha-widget')!;
    expect(widget.getAttribute('challenge')).toBe('/-/captcha/challenge?site_key=tandem-altcha&spam_log_id=42');
    const submit = screen.getByRole('button', { name: SPAM_TEXTS.modalSubmit }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    solveWidget('c29sdmVk');
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.data.title).toBe('Saved');
    expect(api.calls).toHaveLength(2);
    expect(api.lastCall('PUT /g/p/-/issues/3.json').body).toEqual({ title: 'Saved', description: 'free money', lock_version: 4, captcha_response: 'c29sdmVk', spam_log_id: 42 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Cancel gives the first answer back and sends nothing more', async () => {
    api.on({ 'POST /api/v4/projects/g%2Fp/issues': flagged() });
    const pending = requestJson('/api/v4/projects/g%2Fp/issues', { method: 'POST', body: { title: 'x' } });
    fireEvent.click(await screen.findByRole('button', { name: SPAM_TEXTS.modalCancel }));
    const res = await pending;
    expect(res.status).toBe(409);
    expect(api.calls).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a comment is retried with the same body and idempotency key', async () => {
    api.on({ 'POST /g/p/notes?target_type=issue&target_id=1': sequence(flagged({ ...FLAGGED, spam_log_id: 7 }), jsonResponse({ id: 1 }, { status: 201 })) });
    const pending = createNote('/g/p/notes?target_type=issue&target_id=1', { noteableId: 1, note: 'Cheap payday loan', idempotencyKey: 'k-1' });
    await screen.findByRole('dialog');
    solveWidget('YW5zd2Vy');
    fireEvent.click(screen.getByRole('button', { name: SPAM_TEXTS.modalSubmit }));
    expect((await pending).status).toBe(201);
    const [first, second] = api.calls;
    expect(second!.headers.get('idempotency-key')).toBe(first!.headers.get('idempotency-key'));
    expect(second!.body).toEqual({ ...first!.body, captcha_response: 'YW5zd2Vy', spam_log_id: 7 });
  });

  it('GraphQL: the answer goes in the X-GitLab-Captcha-Response / X-GitLab-Spam-Log-Id headers', async () => {
    api.on({
      'POST /api/graphql': sequence(
        { errors: [{ message: SPAM_TEXTS.graphqlNeedsCaptcha, extensions: { needs_captcha_response: true, spam_log_id: 9, captcha_site_key: 'tandem-altcha' } }] },
        { data: { updateIssue: { errors: [] } } },
      ),
    });
    const pending = graphqlRequest<{ updateIssue: { errors: string[] } }>('mutation { updateIssue { errors } }', {});
    await screen.findByRole('dialog');
    solveWidget('Z3Fs');
    fireEvent.click(screen.getByRole('button', { name: SPAM_TEXTS.modalSubmit }));
    expect(await pending).toEqual({ updateIssue: { errors: [] } });
    const retried = api.calls[1]!;
    expect(retried.headers.get('X-GitLab-Captcha-Response')).toBe('Z3Fs');
    expect(retried.headers.get('X-GitLab-Spam-Log-Id')).toBe('9');
    expect(retried.body).toEqual({ query: 'mutation { updateIssue { errors } }', variables: {} });
  });
});
