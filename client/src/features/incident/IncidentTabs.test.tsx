import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { INCIDENT_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { graphql, renderWithStores, stubFetch } from '../../test/kit';
import { issueAtomFamily } from '../issue/issueAtoms';
import { makeIssue } from '../issue/testIssue';
import { IncidentTabs } from './IncidentTabs';

const KEY = 'acme/tandem#5';
const alert = {
  iid: '3', title: 'DB down', description: 'Primary not answering', severity: 'HIGH', status: 'TRIGGERED', startedAt: '2026-01-02T03:04:05.000Z', endedAt: null,
  eventCount: 4, monitoringTool: 'Prometheus', service: 'db', hosts: ['db-1'], environment: { name: 'production' }, details: { runbook: 'https://runbooks/db' },
  detailsUrl: 'http://x/acme/tandem/-/issues/5#alert-details', canUpdateStatus: false,
};

function renderTabs() {
  renderWithStores(
    <IncidentTabs issueKey={KEY} projectPath="acme/tandem">
      <p>The description</p>
    </IncidentTabs>,
  );
}
/** The incident's details query answers `body`. */
const details = (body: object) => stubFetch({ 'POST /api/graphql': graphql({ incidentDetails: body }) });
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('IncidentTabs', () => {
  beforeEach(() => appStore.set(issueAtomFamily(KEY), makeIssue({ iid: 5, issue_type: 'incident', type: 'INCIDENT' })));
  afterEach(() => issueAtomFamily.remove(KEY));

  it('with an alert: the highlight bar (alert link, start, events, SLA), the description, and the Alert details table', async () => {
    const due = new Date(Date.now() + 125 * 60_000).toISOString();
    const api = details({ data: { project: { issue: { slaDueAt: due, alertManagementAlert: alert } } } });
    renderTabs();
    await waitFor(() => expect(tabNames()).toEqual([INCIDENT_TEXTS.tabSummary, INCIDENT_TEXTS.tabAlertDetails]));
    expect(api.lastCall('POST /api/graphql').body.variables).toEqual({ fullPath: 'acme/tandem', iid: '5' });
    expect(screen.getByText('Alert #3')).toBeTruthy();
    expect(screen.getByTestId('incident-event-count').textContent).toBe('4');
    expect(screen.getByTestId('incident-sla').textContent).toBe('2h 5m');
    expect(screen.getByText('The description')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: INCIDENT_TEXTS.tabAlertDetails }));
    const table = screen.getByTestId('incident-alert-details');
    expect(table.textContent).toContain('Prometheus');
    expect(table.textContent).toContain('runbookhttps://runbooks/db');
    expect(table.textContent).toContain(`${INCIDENT_TEXTS.alertEnvironment}production`);
    // a reporter reads the alert but is offered no status control
    expect(screen.queryByRole('combobox', { name: INCIDENT_TEXTS.alertStatusLabel })).toBeNull();
    expect(screen.queryByText('The description')).toBeNull();
  });

  it('without an alert: only Summary; a closed incident says Missed or Achieved SLA', async () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ iid: 5, issue_type: 'incident', state: 'closed', closed_at: '2026-01-01T10:00:00.000Z' }));
    details({ data: { project: { issue: { slaDueAt: '2026-01-01T11:00:00.000Z', alertManagementAlert: null } } } });
    renderTabs();
    await waitFor(() => expect(screen.getByTestId('incident-sla').textContent).toBe(INCIDENT_TEXTS.achievedSla));
    expect(tabNames()).toEqual([INCIDENT_TEXTS.tabSummary]);
  });

  it("shows the spec's text when the alert cannot be loaded, and still the description", async () => {
    details({ errors: [{ message: 'boom' }] });
    renderTabs();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(INCIDENT_TEXTS.alertLoadFailed));
    expect(screen.getByText('The description')).toBeTruthy();
  });

  it('a developer sets the status from the Alert details tab: the mutation, then the alert read again; a failure says so', async () => {
    let status = 'TRIGGERED';
    let fail = false;
    const api = stubFetch({
      'POST /api/graphql': graphql({
        incidentDetails: () => ({ data: { project: { issue: { slaDueAt: null, alertManagementAlert: { ...alert, status, canUpdateStatus: true } } } } }),
        updateAlertStatus: (v) => {
          if (fail) return { data: { updateAlertStatus: null }, errors: [{ message: 'no' }] };
          status = String(v.status);
          return { data: { updateAlertStatus: { errors: [], alert: { iid: '3', status } } } };
        },
      }),
    });
    renderTabs();
    fireEvent.click(await screen.findByRole('tab', { name: INCIDENT_TEXTS.tabAlertDetails }));
    const select = screen.getByRole('combobox', { name: INCIDENT_TEXTS.alertStatusLabel }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Triggered', 'Acknowledged', 'Resolved']);
    fireEvent.change(select, { target: { value: 'ACKNOWLEDGED' } });
    await waitFor(() => expect(select.value).toBe('ACKNOWLEDGED'));
    expect(api.callsTo('POST /api/graphql').find((c) => String(c.body.query).includes('updateAlertStatus'))?.body.variables).toEqual({ projectPath: 'acme/tandem', iid: '3', status: 'ACKNOWLEDGED' });
    await waitFor(() => expect(select.disabled).toBe(false));
    fail = true;
    fireEvent.change(select, { target: { value: 'RESOLVED' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(INCIDENT_TEXTS.alertStatusFailed));
    expect(status).toBe('ACKNOWLEDGED');
  });
});
