import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { SPAM_TEXTS } from '@tandem/shared-types';
import { appStore } from '../store';
import { requestJson } from '../api/http';
import { graphqlRequest } from '../api/graphql';
import { createNote } from '../../features/notes/notesApi';
import { csrfTokenAtom } from '../../features/session/sessionAtoms';
import { CaptchaModal } from './CaptchaModal';

// The real widget needs Web Crypto workers; the test plays its part (statechange events)
vi.mock('altcha', () => ({}));

const FLAGGED = { message: { error: SPAM_TEXTS.recognizedAsSpam('issue') }, needs_captcha_response: true, spam_log_id: 42, captcha_site_key: 'tandem-altcha' };

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Sent = { method: string; headers: Record<string, string>; body: string };

describe('captcha retry (shared handler + modal)', () => {
  let fetchMock: ReturnType<typeof vi.fn<(url: string, init: Sent) => Promise<Response>>>;

  beforeEach(() => {
    appStore.set(csrfTokenAtom, 'csrf');
    fetchMock = vi.fn<(url: string, init: Sent) => Promise<Response>>();
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => fetchMock(url, init as unknown as Sent));
    render(
      <Provider store={appStore}>
        <CaptchaModal />
      </Provider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** What the widget does once the user solved the challenge. */
  const solveWidget = (payload: string) => {
    const widget = screen.getByTestId('captcha-widget').querySelector('altcha-widget')!;
    act(() => {
      widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
    });
  };

  it('shows the challenge of the flagged write and sends the SAME request again with the answer', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(409, FLAGGED)).mockResolvedValueOnce(jsonResponse(200, { iid: 3, title: 'Saved' }));
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
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/g/p/-/issues/3.json');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body)).toEqual({ title: 'Saved', description: 'free money', lock_version: 4, captcha_response: 'c29sdmVk', spam_log_id: 42 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Cancel gives the first answer back and sends nothing more', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(409, FLAGGED));
    const pending = requestJson('/api/v4/projects/g%2Fp/issues', { method: 'POST', body: { title: 'x' } });
    fireEvent.click(await screen.findByRole('button', { name: SPAM_TEXTS.modalCancel }));
    const res = await pending;
    expect(res.status).toBe(409);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a comment is retried with the same body and idempotency key', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { ...FLAGGED, spam_log_id: 7 })).mockResolvedValueOnce(jsonResponse(201, { id: 1 }));
    const pending = createNote('/g/p/notes?target_type=issue&target_id=1', { noteableId: 1, note: 'Cheap payday loan', idempotencyKey: 'k-1' });
    await screen.findByRole('dialog');
    solveWidget('YW5zd2Vy');
    fireEvent.click(screen.getByRole('button', { name: SPAM_TEXTS.modalSubmit }));
    expect((await pending).status).toBe(201);
    const [first, second] = fetchMock.mock.calls.map(([, init]) => init);
    expect(second!.headers['Idempotency-Key'] ?? second!.headers['idempotency-key']).toBe(first!.headers['Idempotency-Key'] ?? first!.headers['idempotency-key']);
    expect(JSON.parse(second!.body)).toEqual({ ...JSON.parse(first!.body), captcha_response: 'YW5zd2Vy', spam_log_id: 7 });
  });

  it('GraphQL: the answer goes in the X-GitLab-Captcha-Response / X-GitLab-Spam-Log-Id headers', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { errors: [{ message: SPAM_TEXTS.graphqlNeedsCaptcha, extensions: { needs_captcha_response: true, spam_log_id: 9, captcha_site_key: 'tandem-altcha' } }] }))
      .mockResolvedValueOnce(jsonResponse(200, { data: { updateIssue: { errors: [] } } }));
    const pending = graphqlRequest<{ updateIssue: { errors: string[] } }>('mutation { updateIssue { errors } }', {});
    await screen.findByRole('dialog');
    solveWidget('Z3Fs');
    fireEvent.click(screen.getByRole('button', { name: SPAM_TEXTS.modalSubmit }));
    expect(await pending).toEqual({ updateIssue: { errors: [] } });
    const init = fetchMock.mock.calls[1]![1];
    expect(init.headers['X-GitLab-Captcha-Response']).toBe('Z3Fs');
    expect(init.headers['X-GitLab-Spam-Log-Id']).toBe('9');
    expect(JSON.parse(init.body)).toEqual({ query: 'mutation { updateIssue { errors } }', variables: {} });
  });
});
