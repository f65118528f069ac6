import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { INCIDENT_TEXTS, type IncidentListPage, type IncidentListRow } from '@tandem/shared-types';
import { IncidentList } from './IncidentList';
import type { IncidentListQuery } from './incidentListQueries';

const NOW = Date.parse('2026-01-01T10:00:00Z');
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const row = (over: Partial<IncidentListRow>): IncidentListRow => ({
  id: 1, iid: 1, title: 'DB down', state: 'opened', severity: 'UNKNOWN', created_at: '2026-01-01T09:00:00Z', closed_at: null,
  web_url: 'http://x/acme/tandem/-/issues/1', confidential: false, assignees: [], sla_due_at: null, published_at: null, ...over,
});
const page = (incidents: IncidentListRow[], allCount = incidents.length): IncidentListPage => ({ incidents, total: incidents.length, all_count: allCount, page: 1, per_page: 20 });

function Harness({ canUpdate = true }: { canUpdate?: boolean }) {
  const [query, setQuery] = useState<IncidentListQuery>({ state: 'opened', orderBy: 'created_at', sort: 'desc', page: 1 });
  return (
    <IncidentList projectPath="acme/tandem" query={query} onQuery={(q) => setQuery((cur) => ({ ...cur, ...q }))} canUpdate={canUpdate} createUrl={canUpdate ? '/acme/tandem/-/issues/new?issue_type=incident' : null} now={NOW} />
  );
}
function renderList(canUpdate = true) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness canUpdate={canUpdate} />
    </QueryClientProvider>,
  );
}
const lastUrl = (fetchMock: ReturnType<typeof vi.fn>) => new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x');

describe('IncidentList', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the rows: title link, severity, SLA text and Unassigned', async () => {
    fetchMock.mockResolvedValue(
      json(page([
        row({ id: 1, iid: 7, title: 'DB down', severity: 'CRITICAL', sla_due_at: '2026-01-01T12:05:00Z' }),
        row({ id: 2, iid: 8, title: 'Slow API', severity: 'LOW', sla_due_at: '2026-01-01T09:00:00Z', assignees: [{ id: 3, name: 'Ada', username: 'ada', avatar_url: null }] }),
      ])),
    );
    renderList();
    const rows = await screen.findAllByTestId('incident-row');
    expect(lastUrl(fetchMock).pathname).toBe('/acme/tandem/-/incidents.json');
    expect(Object.fromEntries(lastUrl(fetchMock).searchParams)).toEqual({ state: 'opened', order_by: 'created_at', sort: 'desc', page: '1' });
    expect(within(rows[0]!).getByRole('link', { name: 'DB down' }).getAttribute('href')).toBe('/acme/tandem/-/issues/7');
    expect((within(rows[0]!).getByRole('combobox') as HTMLSelectElement).value).toBe('CRITICAL');
    expect(within(rows[0]!).getByTestId('incident-sla').textContent).toBe('2h 5m');
    expect(within(rows[0]!).getByText(INCIDENT_TEXTS.unassigned)).toBeTruthy();
    expect(within(rows[1]!).getByTestId('incident-sla').textContent).toBe(INCIDENT_TEXTS.missedSla);
    expect(within(rows[1]!).queryByText(INCIDENT_TEXTS.unassigned)).toBeNull();
  });

  it('tabs ask for opened, closed and all; an empty Closed tab says so', async () => {
    fetchMock.mockResolvedValueOnce(json(page([row({})])));
    renderList();
    await screen.findAllByTestId('incident-row');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Open', 'Closed', 'All']);
    fetchMock.mockResolvedValueOnce(json(page([], 3)));
    fireEvent.click(screen.getByRole('tab', { name: 'Closed' }));
    expect((await screen.findByTestId('incident-empty')).textContent).toBe(INCIDENT_TEXTS.emptyClosed);
    expect(lastUrl(fetchMock).searchParams.get('state')).toBe('closed');
    expect(screen.getByRole('tab', { name: 'Closed' }).getAttribute('aria-selected')).toBe('true');
    fetchMock.mockResolvedValueOnce(json(page([row({ state: 'closed' })])));
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(lastUrl(fetchMock).searchParams.get('state')).toBe('all'));
  });

  it('empty states: no incidents at all offers Create incident; an empty Open tab of a project with incidents', async () => {
    fetchMock.mockResolvedValueOnce(json(page([], 0)));
    renderList();
    const empty = await screen.findByTestId('incident-empty');
    expect(within(empty).getByText(INCIDENT_TEXTS.emptyAll)).toBeTruthy();
    expect(within(empty).getByRole('link', { name: INCIDENT_TEXTS.createIncident }).getAttribute('href')).toBe('/acme/tandem/-/issues/new?issue_type=incident');
    cleanup();
    fetchMock.mockResolvedValueOnce(json(page([], 2)));
    renderList();
    expect((await screen.findByTestId('incident-empty')).textContent).toBe(INCIDENT_TEXTS.emptyList);
  });

  it('column headers sort: severity desc, then asc on a second click; SLA', async () => {
    fetchMock.mockImplementation(async () => json(page([row({})])));
    renderList();
    await screen.findAllByTestId('incident-row');
    fireEvent.click(screen.getByRole('button', { name: 'Severity' }));
    await waitFor(() => expect(Object.fromEntries(lastUrl(fetchMock).searchParams)).toMatchObject({ order_by: 'severity', sort: 'desc' }));
    await screen.findAllByTestId('incident-row');
    fireEvent.click(screen.getByRole('button', { name: 'Severity' }));
    await waitFor(() => expect(Object.fromEntries(lastUrl(fetchMock).searchParams)).toMatchObject({ order_by: 'severity', sort: 'asc' }));
    await screen.findAllByTestId('incident-row');
    expect(screen.getByRole('columnheader', { name: 'Severity' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Time to SLA' }));
    await waitFor(() => expect(Object.fromEntries(lastUrl(fetchMock).searchParams)).toMatchObject({ order_by: 'sla_due_at', sort: 'desc' }));
  });

  it('Published column: a mark for published incidents, Unpublished otherwise; sorts by published', async () => {
    fetchMock.mockImplementation(async () =>
      json(page([row({ id: 1, iid: 7, title: 'DB down', published_at: '2026-01-01T09:30:00Z' }), row({ id: 2, iid: 8, title: 'Slow API', published_at: null })])),
    );
    renderList();
    const rows = await screen.findAllByTestId('incident-row');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Incident', 'Severity', 'Date created', 'Time to SLA', 'Assignees', INCIDENT_TEXTS.published]);
    expect(within(rows[0]!).getByTestId('incident-published').textContent?.trim()).toBe(INCIDENT_TEXTS.published);
    expect(within(rows[0]!).queryByText(INCIDENT_TEXTS.unpublished)).toBeNull();
    expect(within(rows[1]!).getByTestId('incident-published').textContent).toBe(INCIDENT_TEXTS.unpublished);
    fireEvent.click(screen.getByRole('button', { name: INCIDENT_TEXTS.published }));
    await waitFor(() => expect(Object.fromEntries(lastUrl(fetchMock).searchParams)).toMatchObject({ order_by: 'published', sort: 'desc' }));
    await screen.findAllByTestId('incident-row');
    expect(screen.getByRole('columnheader', { name: INCIDENT_TEXTS.published }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: INCIDENT_TEXTS.published }));
    await waitFor(() => expect(Object.fromEntries(lastUrl(fetchMock).searchParams)).toMatchObject({ order_by: 'published', sort: 'asc' }));
  });

  it('severity change goes through issueSetSeverity; a failure shows the spec text', async () => {
    fetchMock.mockResolvedValueOnce(json(page([row({ iid: 7, severity: 'LOW' })])));
    renderList();
    const select = (await screen.findByRole('combobox', { name: 'Severity of incident #7' })) as HTMLSelectElement;
    fetchMock.mockResolvedValueOnce(json({ data: { issueSetSeverity: { issue: { severity: 'HIGH' }, errors: [] } } }));
    fetchMock.mockImplementation(async () => json(page([row({ iid: 7, severity: 'HIGH' })])));
    fireEvent.change(select, { target: { value: 'HIGH' } });
    await waitFor(() => expect(select.value).toBe('HIGH'));
    const gql = fetchMock.mock.calls.find((c) => String(c[0]).includes('graphql'))!;
    const body = JSON.parse(gql[1].body);
    expect(body.query).toContain('issueSetSeverity');
    expect(body.variables.input).toEqual({ projectPath: 'acme/tandem', iid: '7', severity: 'HIGH' });
    expect(screen.queryByRole('alert')).toBeNull();

    fetchMock.mockResolvedValueOnce(json({ data: { issueSetSeverity: { issue: null, errors: ['can only be set on incidents'] } } }));
    fireEvent.change(select, { target: { value: 'CRITICAL' } });
    expect((await screen.findByRole('alert')).textContent).toBe(INCIDENT_TEXTS.severityUpdateFailed);
    expect(select.value).toBe('HIGH');
  });

  it('without the right to update, severity is text and there is no Create incident; a load failure shows the spec text', async () => {
    fetchMock.mockResolvedValueOnce(json(page([row({ severity: 'MEDIUM' })])));
    renderList(false);
    expect((await screen.findByTestId('incident-severity')).textContent).toBe('Medium - S3');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByText(INCIDENT_TEXTS.createIncident)).toBeNull();
    cleanup();
    fetchMock.mockResolvedValueOnce(json({ message: '500' }, 500));
    renderList();
    expect(await screen.findByText(INCIDENT_TEXTS.listFailed)).toBeTruthy();
  });
});
