import { useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { ALERT_STATUS_CHOICES, INCIDENT_TEXTS, type AlertStatusChoice } from '@tandem/shared-types';
import { issueAtomFamily } from '../issue/issueAtoms';
import { formatTimestamp } from '../../shared/time/formatTime';
import { Alert } from '../../shared/ui/Alert';
import { fetchIncidentDetails, updateAlertStatus } from './incidentApi';
import { MetricsTab } from './MetricsTab';
import { SlaIndicator } from './SlaIndicator';
import './incident.css';

interface IncidentTabsProps {
  issueKey: string;
  projectPath: string;
  /** The description (the Summary tab shows it under the highlight bar). */
  children: ReactNode;
  /** The upload-metrics feature is on (page data uploadMetricsFeatureAvailable): the Metrics tab shows. */
  metricsAvailable?: boolean;
  /** update_issue: upload and delete metric images. */
  canUpdate?: boolean;
}

type Tab = 'summary' | 'metrics' | 'alert';

/**
 * The incident page's tabs: Summary (a highlight bar with the alert link, its start time and
 * event count, and the SLA indicator; then the description), Metrics (the incident's metric
 * images, only when the feature is on) and Alert details, only when an alert exists.
 */
export function IncidentTabs({ issueKey, projectPath, children, metricsAvailable = false, canUpdate = false }: IncidentTabsProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const [tab, setTab] = useState<Tab>(() => (typeof window === 'undefined' ? 'summary' : window.location.hash === '#alert-details' ? 'alert' : window.location.hash === '#metrics' ? 'metrics' : 'summary'));
  const q = useQuery({ queryKey: ['incident', projectPath, issue.iid], queryFn: () => fetchIncidentDetails(projectPath, issue.iid), retry: false });
  const [statusSaving, setStatusSaving] = useState(false);
  const [statusFailed, setStatusFailed] = useState(false);
  const alert = q.data?.alert ?? null;
  const shown: Tab = tab === 'alert' && alert ? 'alert' : tab === 'metrics' && metricsAvailable ? 'metrics' : 'summary';
  const tabs: Array<{ id: Tab; label: string }> = [
    { id: 'summary', label: INCIDENT_TEXTS.tabSummary },
    ...(metricsAvailable ? [{ id: 'metrics' as const, label: INCIDENT_TEXTS.tabMetrics }] : []),
    ...(alert ? [{ id: 'alert' as const, label: INCIDENT_TEXTS.tabAlertDetails }] : []),
  ];

  return (
    <section className="incident-tabs" data-testid="incident-tabs">
      <div className="tabs" role="tablist" aria-label="Incident">
        {tabs.map((t) => (
          <button key={t.id} type="button" role="tab" className="tab" id={`incident-tab-${t.id}`} aria-selected={shown === t.id} aria-controls={`incident-panel-${t.id}`} onClick={() => setTab(t.id)}>
            {t.label}
          </button>
        ))}
      </div>
      {q.isError && <Alert variant="danger">{INCIDENT_TEXTS.alertLoadFailed}</Alert>}
      {shown === 'summary' ? (
        <div role="tabpanel" id="incident-panel-summary" aria-labelledby="incident-tab-summary">
          {(alert || q.data?.slaDueAt) && (
            <dl className="incident-highlight" data-testid="incident-highlight">
              {alert && (
                <>
                  <div>
                    <dt>Original alert</dt>
                    <dd>
                      <a href="#alert-details" onClick={() => setTab('alert')}>
                        Alert #{alert.iid}
                      </a>
                    </dd>
                  </div>
                  <div>
                    <dt>Alert start time</dt>
                    <dd>{formatTimestamp(alert.startedAt)}</dd>
                  </div>
                  <div>
                    <dt>Alert events</dt>
                    <dd data-testid="incident-event-count">{alert.eventCount}</dd>
                  </div>
                </>
              )}
              {q.data?.slaDueAt && (
                <div>
                  <dt>Time to SLA</dt>
                  <dd>
                    <SlaIndicator dueAt={q.data.slaDueAt} closedAt={issue.state === 'closed' ? (issue.closed_at ?? issue.updated_at) : null} />
                  </dd>
                </div>
              )}
            </dl>
          )}
          {children}
        </div>
      ) : shown === 'metrics' ? (
        <div role="tabpanel" id="incident-panel-metrics" aria-labelledby="incident-tab-metrics">
          <MetricsTab projectPath={projectPath} iid={issue.iid} canUpdate={canUpdate} />
        </div>
      ) : (
        <div role="tabpanel" id="incident-panel-alert" aria-labelledby="incident-tab-alert">
          {alert!.canUpdateStatus && (
            <label className="incident-alert-status">
              {INCIDENT_TEXTS.alertStatusLabel}{' '}
              <select
                value={alert!.status}
                disabled={statusSaving}
                onChange={(e) => {
                  const status = e.target.value as AlertStatusChoice;
                  setStatusSaving(true);
                  setStatusFailed(false);
                  updateAlertStatus(projectPath, alert!.iid, status)
                    .then(() => q.refetch())
                    .catch(() => setStatusFailed(true))
                    .finally(() => setStatusSaving(false));
                }}
              >
                {ALERT_STATUS_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {statusFailed && <Alert variant="danger">{INCIDENT_TEXTS.alertStatusFailed}</Alert>}
          <table className="incident-alert-table" data-testid="incident-alert-details">
            <tbody>
              {alertRows(alert!).map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{k}</th>
                  <td>{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function alertRows(a: NonNullable<Awaited<ReturnType<typeof fetchIncidentDetails>>['alert']>): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['IID', a.iid],
    ['Title', a.title],
    ['Severity', a.severity],
    ['Status', a.status],
    ['Start time', formatTimestamp(a.startedAt)],
  ];
  if (a.endedAt) rows.push(['End time', formatTimestamp(a.endedAt)]);
  rows.push(['Events', String(a.eventCount)]);
  if (a.monitoringTool) rows.push(['Monitoring tool', a.monitoringTool]);
  if (a.service) rows.push(['Service', a.service]);
  if (a.hosts.length) rows.push(['Hosts', a.hosts.join(', ')]);
  if (a.environment) rows.push([INCIDENT_TEXTS.alertEnvironment, a.environment.name]);
  if (a.description) rows.push(['Description', a.description]);
  for (const [k, v] of Object.entries(a.details ?? {})) rows.push([k, typeof v === 'string' ? v : JSON.stringify(v)]);
  return rows;
}
