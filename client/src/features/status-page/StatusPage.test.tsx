import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { STATUS_PAGE_TEXTS, type StatusPageIncident } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { StatusPage } from './StatusPage';
import { PublishToStatusPage } from './PublishToStatusPage';
import { publishedIncidentUrlAtomFamily } from './statusPageAtoms';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const incident = (over: Partial<StatusPageIncident> = {}): StatusPageIncident => ({
  id: 4, title: 'API <b>down</b>', description: '<p>We are <strong>on it</strong></p>', status: 'opened',
  created_at: '2026-01-01T09:00:00Z', updated_at: '2026-01-01T09:00:00Z', published_at: '2026-01-01T09:05:00Z', links: { details: 'data/incident/4.json' }, ...over,
});
const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Provider store={appStore}>{ui}</Provider>
    </QueryClientProvider>,
  );

describe('StatusPage (public)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    window.location.hash = '';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.location.hash = '';
  });

  it('lists the published incidents from list.json, titles as text; the hash route shows one with its comments', async () => {
    fetchMock.mockResolvedValueOnce(json([incident()]));
    wrap(<StatusPage projectPath="acme/tandem" />);
    const entry = await screen.findByTestId('status-page-entry');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/-/status_page/acme/tandem/data/list.json');
    const link = screen.getByRole('link', { name: 'API <b>down</b>' });
    expect(link.getAttribute('href')).toBe('#/data/incident/4');
    expect(entry.querySelector('b')).toBeNull();

    fetchMock.mockResolvedValueOnce(json({ ...incident(), comments: [{ note: '<p>Fixed the <em>router</em></p>', created_at: '2026-01-01T10:00:00Z' }] }));
    act(() => {
      window.location.hash = '#/data/incident/4';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    const shown = await screen.findByTestId('status-page-incident');
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/-/status_page/acme/tandem/data/incident/4.json');
    expect(shown.querySelector('strong')?.textContent).toBe('on it');
    expect(shown.querySelector('em')?.textContent).toBe('router');
    expect(screen.getByText(STATUS_PAGE_TEXTS.updates)).toBeTruthy();
  });

  it('a page that is off (404) says there is nothing published; an unknown incident says so', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: '404 Not Found' }, 404));
    wrap(<StatusPage projectPath="acme/tandem" />);
    expect(await screen.findByText(STATUS_PAGE_TEXTS.noIncidents)).toBeTruthy();
    cleanup();
    window.location.hash = '#/data/incident/9';
    fetchMock.mockResolvedValueOnce(json({ message: '404 Not Found' }, 404));
    wrap(<StatusPage projectPath="acme/tandem" />);
    expect(await screen.findByText(STATUS_PAGE_TEXTS.notFound)).toBeTruthy();
  });
});

describe('PublishToStatusPage', () => {
  const KEY = 'acme/tandem#4';
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    publishedIncidentUrlAtomFamily.remove(KEY);
  });

  it('publishes (the pinned link gets the answer), then offers Unpublish; a refusal shows the server message', async () => {
    wrap(<PublishToStatusPage issueKey={KEY} projectPath="acme/tandem" iid={4} />);
    fetchMock.mockResolvedValueOnce(json({ published_incident_url: 'http://t/-/status_page/acme/tandem/#/data/incident/4', published_at: 'x' }, 201));
    fireEvent.click(screen.getByRole('button', { name: STATUS_PAGE_TEXTS.publish }));
    await waitFor(() => expect(appStore.get(publishedIncidentUrlAtomFamily(KEY))).toBe('http://t/-/status_page/acme/tandem/#/data/incident/4'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v4/projects/acme%2Ftandem/issues/4/status_page');
    expect(fetchMock.mock.calls[0]![1].method).toBe('POST');
    fetchMock.mockResolvedValueOnce(json({ message: { issue: [STATUS_PAGE_TEXTS.notPublished] } }, 400));
    fireEvent.click(await screen.findByRole('button', { name: STATUS_PAGE_TEXTS.unpublish }));
    expect((await screen.findByRole('alert')).textContent).toContain(STATUS_PAGE_TEXTS.notPublished);
    expect(fetchMock.mock.calls[1]![1].method).toBe('DELETE');
    expect(appStore.get(publishedIncidentUrlAtomFamily(KEY))).not.toBeNull();
  });
});
