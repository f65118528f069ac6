import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ERROR_TRACKING_TEXTS, type ApiSentryError, type ErrorTrackingListResponse, type StackTraceResponse } from '@tandem/shared-types';
import { deferred, jsonResponse, renderWithStores, stubFetch } from '../../test/kit';
import { ErrorTrackingList } from './ErrorTrackingList';
import { ErrorDetails } from './ErrorDetails';

// The socket: what watch_errors would deliver, driven by the test
const watchers = new Set<(ids: number[] | null) => void>();
vi.mock('../../realtime/realtimeConnection', () => ({
  realtimeClient: () => ({
    watchErrors: (_path: string, l: (ids: number[] | null) => void) => {
      watchers.add(l);
      return () => watchers.delete(l);
    },
  }),
}));

const LIST = '/acme/tandem/-/error_tracking.json';
const err = (over: Partial<ApiSentryError> = {}): ApiSentryError => ({
  id: 7, title: 'TypeError: <b>boom</b>', type: 'TypeError', message: '<b>boom</b>', culprit: 'pay(app.js)', count: 3, user_count: 2,
  first_seen: '2026-01-01T09:00:00Z', last_seen: '2026-01-01T10:00:00Z', status: 'unresolved', release: 'shop@1', environment: 'production', platform: 'node',
  short_id: 'TANDEM-7', external_url: 'http://x/acme/tandem/-/error_tracking/7/details', details_path: '/acme/tandem/-/error_tracking/7/details', gitlab_issue: null, gitlab_issue_iid: null, ...over,
});
const page = (errors: ApiSentryError[]): ErrorTrackingListResponse => ({ errors, pagination: { previous: null, next: null }, external_url: null });
const query = { search: '', sort: 'last_seen' as const, status: 'unresolved' as const, cursor: null };

afterEach(() => watchers.clear());

describe('ErrorTrackingList', () => {
  it('asks with the defaults (last_seen, unresolved), shows titles as text, and refetches when an error on screen gets events', async () => {
    let count = 3;
    const api = stubFetch({ [`GET ${LIST}`]: () => page([err({ count })]) });
    renderWithStores(
      <MemoryRouter>
        <ErrorTrackingList projectPath="acme/tandem" query={query} onQuery={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('error-list-loading')).toBeTruthy();
    const row = await screen.findByTestId('error-row');
    expect(row.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'TypeError: <b>boom</b>' })).toBeTruthy();
    expect(api.calls[0]!.query.get('sort')).toBe('last_seen');
    expect(api.calls[0]!.query.get('issue_status')).toBe('unresolved');
    count = 4;
    act(() => watchers.forEach((l) => l([7])));
    await waitFor(() => expect(screen.getByTestId('error-count').textContent).toBe('4'));
  });

  it('says so when there is nothing, and shows the spec text when the list fails', async () => {
    stubFetch({ [`GET ${LIST}`]: page([]) });
    const first = renderWithStores(
      <MemoryRouter>
        <ErrorTrackingList projectPath="acme/tandem" query={query} onQuery={() => undefined} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(ERROR_TRACKING_TEXTS.noErrors)).toBeTruthy();
    first.unmount();
    stubFetch({ [`GET ${LIST}`]: jsonResponse({ message: '403 Forbidden' }, { status: 403 }) });
    renderWithStores(
      <MemoryRouter>
        <ErrorTrackingList projectPath="acme/tandem" query={query} onQuery={() => undefined} />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('error-list-failed')).textContent).toBe(ERROR_TRACKING_TEXTS.loadErrorsFailed);
  });

  it('a search is trimmed before it is asked for', async () => {
    stubFetch({ [`GET ${LIST}`]: page([]) });
    const onQuery = vi.fn();
    renderWithStores(
      <MemoryRouter>
        <ErrorTrackingList projectPath="acme/tandem" query={query} onQuery={onQuery} />
      </MemoryRouter>,
    );
    const box = screen.getByRole('searchbox', { name: 'Search errors' });
    fireEvent.change(box, { target: { value: '  boom  ' } });
    fireEvent.submit(box.closest('form')!);
    expect(onQuery).toHaveBeenCalledWith({ search: 'boom', cursor: null });
  });
});

describe('ErrorDetails', () => {
  const TRACE = '/acme/tandem/-/error_tracking/7/stack_trace.json';
  const trace = (over: Partial<ApiSentryError> = {}): StackTraceResponse => ({
    error: { ...err(over), stack_trace_entries: [{ filename: 'app.js', function: 'pay', lineNo: 12, colNo: 3, inApp: true, context: [[11, 'const a = 1;'], [12, 'throw new TypeError()']] }] },
  });

  it('Resolve is busy while its PUT runs, then the status is the answer\'s; the stack trace shows file, function, line and context', async () => {
    const put = deferred();
    const api = stubFetch({ [`GET ${TRACE}`]: trace(), 'PUT /acme/tandem/-/error_tracking/7.json': put.handler });
    renderWithStores(<ErrorDetails projectPath="acme/tandem" errorId={7} canUpdate onNavigate={() => undefined} />);
    expect(screen.getByTestId('error-details-loading')).toBeTruthy();
    expect((await screen.findByTestId('stack-trace')).textContent).toContain('app.js in pay at line 12:3');
    expect(screen.getByText('throw new TypeError()')).toBeTruthy();
    const resolve = screen.getByRole('button', { name: ERROR_TRACKING_TEXTS.resolve });
    fireEvent.click(resolve);
    await waitFor(() => expect(resolve.getAttribute('aria-busy')).toBe('true'));
    expect((screen.getByRole('button', { name: ERROR_TRACKING_TEXTS.ignore }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: 'resolved' });
    put.release({ result: { status: 'success', updated: true, error_status: 'resolved' }, errors: [] });
    await waitFor(() => expect(screen.getByTestId('error-status').textContent).toBe('Resolved'));
    expect(screen.getByRole('button', { name: ERROR_TRACKING_TEXTS.unresolve })).toBeTruthy();
  });

  it('a failed status change shows the spec text; a failed load says it could not load the stack trace', async () => {
    stubFetch({ [`GET ${TRACE}`]: trace(), 'PUT /acme/tandem/-/error_tracking/7.json': jsonResponse({ message: 'boom' }, { status: 500 }) });
    const first = renderWithStores(<ErrorDetails projectPath="acme/tandem" errorId={7} canUpdate onNavigate={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: ERROR_TRACKING_TEXTS.ignore }));
    expect((await screen.findByTestId('error-details-failure')).textContent).toContain(ERROR_TRACKING_TEXTS.updateStatusFailed);
    expect(screen.getByTestId('error-status').textContent).toBe('Unresolved');
    first.unmount();
    stubFetch({ [`GET ${TRACE}`]: jsonResponse({ message: '404 Error Not Found' }, { status: 404 }) });
    renderWithStores(<ErrorDetails projectPath="acme/tandem" errorId={7} canUpdate onNavigate={() => undefined} />);
    expect((await screen.findByTestId('stacktrace-failed')).textContent).toBe(ERROR_TRACKING_TEXTS.loadStacktraceFailed);
  });
});
