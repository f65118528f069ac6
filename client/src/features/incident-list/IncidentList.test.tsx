import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INCIDENT_TEXTS, type IncidentListPage, type IncidentListRow } from '@tandem/shared-types';
import { graphql, jsonResponse, renderWithStores, sequence, stubFetch, type FetchStub } from '../../test/kit';
import { IncidentList } from './IncidentList';
import type { IncidentListQuery } from './incidentListQueries';

const NOW = Date.parse('2026-01-01T10:00:00Z');
const LIST = 'GET /acme/tandem/-/incidents.json';
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
const renderList = (canUpdate = true) => renderWithStores(<Harness canUpdate={canUpdate} />);
/** The query of the last list request. */
const lastQuery = (api: FetchStub) => Object.fromEntries(api.lastCall(LIST).query);

describe('IncidentList', () => {

  it('shows the rows: title link, severity, SLA text and Unassigned', async () => {
    const api = stubFetch({
      [LIST]: page([
        row({ id: 1, iid: 7, title: 'DB down', severity: 'CRITICAL', sla_due_at: '2026-01-01T12:05:00Z' }),
        row({ id: 2, iid: 8, title: 'Slow API', severity: 'LOW', sla_due_at: '2026-01-01T09:00:00Z', assignees: [{ id: 3, name: 'Ada', username: 'ada', avatar_url: null }] }),
      ]),
    });
    renderList();
    const rows = await screen.findAllByTestId('incident-row');
    expect(lastQuery(api)).toEqual({ state: 'opened', order_by: 'created_at', sort: 'desc', page: '1' });
    expect(within(rows[0]!).getByRole('link', { name: 'DB down' }).getAttribute('href')).toBe('/acme/tandem/-/issues/7');
    expect((within(rows[0]!).getByRole('combobox') as HTMLSelectElement).value).toBe('CRITICAL');
    expect(within(rows[0]!).getByTestId('incident-sla').textContent).toBe('2h 5m');
    expect(within(rows[0]!).getByText(INCIDENT_TEXTS.unassigned)).toBeTruthy();
    expect(within(rows[1]!).getByTestId('incident-sla').textContent).toBe(INCIDENT_TEXTS.missedSla);
    expect(within(rows[1]!).queryByText(INCIDENT_TEXTS.unassigned)).toBeNull();
  });

  it('tabs ask for opened, closed and all; an empty Closed tab says so', async () => {
    const byState = { opened: page([row({})]), closed: page([], 3), all: page([row({ state: 'closed' })]) };
    const api = stubFetch({ [LIST]: (c) => byState[c.query.get('state') as keyof typeof byState] });
    renderList();
    await screen.findAllByTestId('incident-row');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Open', 'Closed', 'All']);
    fireEvent.click(screen.getByRole('tab', { name: 'Closed' }));
    expect((await screen.findByTestId('incident-empty')).textContent).toBe(INCIDENT_TEXTS.emptyClosed);
    expect(lastQuery(api).state).toBe('closed');
    expect(screen.getByRole('tab', { name: 'Closed' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(lastQuery(api).state).toBe('all'));
  });

  it('empty states: no incidents at all offers Create incident; an empty Open tab of a project with incidents', async () => {
    const api = stubFetch({ [LIST]: page([], 0) });
    renderList();
    const empty = await screen.findByTestId('incident-empty');
    expect(within(empty).getByText(INCIDENT_TEXTS.emptyAll)).toBeTruthy();
    expect(within(empty).getByRole('link', { name: INCIDENT_TEXTS.createIncident }).getAttribute('href')).toBe('/acme/tandem/-/issues/new?issue_type=incident');
    cleanup();
    api.on({ [LIST]: page([], 2) });
    renderList();
    expect((await screen.findByTestId('incident-empty')).textContent).toBe(INCIDENT_TEXTS.emptyList);
  });

  it('column headers sort: severity desc, then asc on a second click; SLA', async () => {
    const api = stubFetch({ [LIST]: page([row({})]) });
    renderList();
    await screen.findAllByTestId('incident-row');
    fireEvent.click(screen.getByRole('button', { name: 'Severity' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ order_by: 'severity', sort: 'desc' }));
    await screen.findAllByTestId('incident-row');
    fireEvent.click(screen.getByRole('button', { name: 'Severity' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ order_by: 'severity', sort: 'asc' }));
    await screen.findAllByTestId('incident-row');
    expect(screen.getByRole('columnheader', { name: 'Severity' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Time to SLA' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ order_by: 'sla_due_at', sort: 'desc' }));
  });

  it('Published column: a mark for published incidents, Unpublished otherwise; sorts by published', async () => {
    const api = stubFetch({ [LIST]: page([row({ id: 1, iid: 7, title: 'DB down', published_at: '2026-01-01T09:30:00Z' }), row({ id: 2, iid: 8, title: 'Slow API', published_at: null })]) });
    renderList();
    const rows = await screen.findAllByTestId('incident-row');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Incident', 'Severity', 'Date created', 'Time to SLA', 'Assignees', INCIDENT_TEXTS.published]);
    expect(within(rows[0]!).getByTestId('incident-published').textContent?.trim()).toBe(INCIDENT_TEXTS.published);
    expect(within(rows[0]!).queryByText(INCIDENT_TEXTS.unpublished)).toBeNull();
    expect(within(rows[1]!).getByTestId('incident-published').textContent).toBe(INCIDENT_TEXTS.unpublished);
    fireEvent.click(screen.getByRole('button', { name: INCIDENT_TEXTS.published }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ order_by: 'published', sort: 'desc' }));
    await screen.findAllByTestId('incident-row');
    expect(screen.getByRole('columnheader', { name: INCIDENT_TEXTS.published }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: INCIDENT_TEXTS.published }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ order_by: 'published', sort: 'asc' }));
  });

  it('severity change goes through issueSetSeverity; a failure shows the spec text', async () => {
    const api = stubFetch({
      [LIST]: sequence(page([row({ iid: 7, severity: 'LOW' })]), page([row({ iid: 7, severity: 'HIGH' })])),
      'POST /api/graphql': graphql({
        issueSetSeverity: sequence({ data: { issueSetSeverity: { issue: { severity: 'HIGH' }, errors: [] } } }, { data: { issueSetSeverity: { issue: null, errors: ['can only be set on incidents'] } } }),
      }),
    });
    renderList();
    const select = (await screen.findByRole('combobox', { name: 'Severity of incident #7' })) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'HIGH' } });
    await waitFor(() => expect(select.value).toBe('HIGH'));
    expect(api.lastCall('POST /api/graphql').body.variables.input).toEqual({ projectPath: 'acme/tandem', iid: '7', severity: 'HIGH' });
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(select, { target: { value: 'CRITICAL' } });
    expect((await screen.findByRole('alert')).textContent).toBe(INCIDENT_TEXTS.severityUpdateFailed);
    expect(select.value).toBe('HIGH');
  });

  it('without the right to update, severity is text and there is no Create incident; a load failure shows the spec text', async () => {
    const api = stubFetch({ [LIST]: page([row({ severity: 'MEDIUM' })]) });
    renderList(false);
    expect((await screen.findByTestId('incident-severity')).textContent).toBe('Medium - S3');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByText(INCIDENT_TEXTS.createIncident)).toBeNull();
    cleanup();
    api.on({ [LIST]: jsonResponse({ message: '500' }, { status: 500 }) });
    renderList();
    expect(await screen.findByText(INCIDENT_TEXTS.listFailed)).toBeTruthy();
  });
});
