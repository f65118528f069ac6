import { createHash } from 'node:crypto';
import type { IncidentAlert } from '@tandem/shared-types';
import type { Queryable } from '../epic/epic.store';
import type { AlertPayload } from './alert.validation';

export interface AlertRow extends Omit<IncidentAlert, 'detailsUrl' | 'canUpdateStatus'> {
  id: number;
  projectId: number;
  issueId: number | null;
  /** The incident's iid in the alert's project. */
  issueIid: number | null;
}

const SELECT = `SELECT id, project_id, iid, issue_id, (SELECT i.iid FROM issues i WHERE i.id = alerts.issue_id) AS issue_iid, title, description, severity, status, started_at, ended_at, event_count, monitoring_tool, service, hosts, environment, details FROM alerts`;

const toRow = (r: Record<string, unknown>): AlertRow => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  iid: String(r.iid),
  issueId: r.issue_id === null ? null : Number(r.issue_id),
  issueIid: r.issue_iid === null || r.issue_iid === undefined ? null : Number(r.issue_iid),
  title: String(r.title),
  description: (r.description as string | null) ?? null,
  severity: String(r.severity).toUpperCase(),
  status: String(r.status).toUpperCase(),
  startedAt: new Date(r.started_at as string).toISOString(),
  endedAt: r.ended_at ? new Date(r.ended_at as string).toISOString() : null,
  eventCount: Number(r.event_count),
  monitoringTool: (r.monitoring_tool as string | null) ?? null,
  service: (r.service as string | null) ?? null,
  hosts: (r.hosts as string[] | null) ?? [],
  environment: r.environment ? { name: String(r.environment) } : null,
  details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>,
});

/** GitLab stores the SHA1 of the payload's fingerprint. */
const fingerprintHash = (fp: string | null) => (fp === null ? null : createHash('sha1').update(fp).digest('hex'));

export async function alertOfIssue(m: Queryable, issueId: number): Promise<AlertRow | null> {
  const rows = (await m.query(`${SELECT} WHERE issue_id = $1 ORDER BY id LIMIT 1`, [issueId])) as Record<string, unknown>[];
  return rows[0] ? toRow(rows[0]) : null;
}

export async function alertByIid(m: Queryable, projectId: number, iid: number): Promise<AlertRow | null> {
  const rows = (await m.query(`${SELECT} WHERE project_id = $1 AND iid = $2`, [projectId, iid])) as Record<string, unknown>[];
  return rows[0] ? toRow(rows[0]) : null;
}

/**
 * Records an alert: a repeat of an open alert's fingerprint increments its event_count (and an
 * end_time resolves it); anything else is a new alert with the project's next iid. The
 * project's settings row is locked so concurrent alerts number (and deduplicate) in turn.
 */
export async function recordAlert(m: Queryable, projectId: number, a: AlertPayload): Promise<{ alert: AlertRow; created: boolean }> {
  await m.query('SELECT project_id FROM project_incident_settings WHERE project_id = $1 FOR UPDATE', [projectId]);
  const fp = fingerprintHash(a.fingerprint);
  if (fp) {
    const rows = (await m.query(
      `UPDATE alerts SET event_count = event_count + 1, updated_at = now(),
         status = CASE WHEN $3::timestamptz IS NULL THEN status ELSE 'resolved' END, ended_at = COALESCE($3::timestamptz, ended_at)
       WHERE project_id = $1 AND fingerprint = $2 AND status <> 'resolved' RETURNING *`,
      [projectId, fp, a.endedAt],
    )) as Record<string, unknown>[] | [Record<string, unknown>[], number];
    const updated = Array.isArray(rows[0]) ? (rows[0] as Record<string, unknown>[]) : (rows as Record<string, unknown>[]);
    if (updated[0]) return { alert: toRow(updated[0]), created: false };
  }
  const rows = (await m.query(
    `INSERT INTO alerts (project_id, iid, title, description, severity, status, started_at, ended_at, fingerprint, monitoring_tool, service, hosts, details, environment)
     SELECT $1, COALESCE(MAX(iid), 0) + 1, $2, $3, $4, CASE WHEN $6::timestamptz IS NULL THEN 'triggered' ELSE 'resolved' END, $5, $6, $7, $8, $9, $10::text[], $11::jsonb, $12 FROM alerts WHERE project_id = $1
     RETURNING *`,
    [projectId, a.title, a.description, a.severity, a.startedAt, a.endedAt, fp, a.monitoringTool, a.service, a.hosts, JSON.stringify(a.details), a.environment],
  )) as Record<string, unknown>[];
  return { alert: toRow(rows[0]!), created: true };
}

/**
 * Sets an alert's status (GitLab's AlertManagement::Alerts::UpdateService): resolving ends it
 * now (unless it had ended), any other status reopens it; null when it already had that status.
 */
export async function setAlertStatus(m: Queryable, alertId: number, status: string): Promise<AlertRow | null> {
  const rows = (await m.query(
    `UPDATE alerts SET status = $2, updated_at = now(),
       ended_at = CASE WHEN $2 = 'resolved' THEN COALESCE(ended_at, now()) ELSE NULL END
     WHERE id = $1 AND status <> $2 RETURNING *`,
    [alertId, status],
  )) as Record<string, unknown>[] | [Record<string, unknown>[], number];
  const updated = Array.isArray(rows[0]) ? (rows[0] as Record<string, unknown>[]) : (rows as Record<string, unknown>[]);
  if (!updated[0]) return null;
  const [issueIid] = (await m.query('SELECT iid FROM issues WHERE id = $1', [updated[0].issue_id ?? null])) as Array<{ iid: number }>;
  return toRow({ ...updated[0], issue_iid: issueIid?.iid ?? null });
}
