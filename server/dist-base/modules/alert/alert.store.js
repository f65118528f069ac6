"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.alertOfIssue = alertOfIssue;
exports.alertByIid = alertByIid;
exports.recordAlert = recordAlert;
const node_crypto_1 = require("node:crypto");
const SELECT = `SELECT id, project_id, iid, issue_id, (SELECT i.iid FROM issues i WHERE i.id = alerts.issue_id) AS issue_iid, title, description, severity, status, started_at, ended_at, event_count, monitoring_tool, service, hosts, details FROM alerts`;
const toRow = (r) => ({
    id: Number(r.id),
    projectId: Number(r.project_id),
    iid: String(r.iid),
    issueId: r.issue_id === null ? null : Number(r.issue_id),
    issueIid: r.issue_iid === null || r.issue_iid === undefined ? null : Number(r.issue_iid),
    title: String(r.title),
    description: r.description ?? null,
    severity: String(r.severity).toUpperCase(),
    status: String(r.status).toUpperCase(),
    startedAt: new Date(r.started_at).toISOString(),
    endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
    eventCount: Number(r.event_count),
    monitoringTool: r.monitoring_tool ?? null,
    service: r.service ?? null,
    hosts: r.hosts ?? [],
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details),
});
/** GitLab stores the SHA1 of the payload's fingerprint. */
const fingerprintHash = (fp) => (fp === null ? null : (0, node_crypto_1.createHash)('sha1').update(fp).digest('hex'));
async function alertOfIssue(m, issueId) {
    const rows = (await m.query(`${SELECT} WHERE issue_id = $1 ORDER BY id LIMIT 1`, [issueId]));
    return rows[0] ? toRow(rows[0]) : null;
}
async function alertByIid(m, projectId, iid) {
    const rows = (await m.query(`${SELECT} WHERE project_id = $1 AND iid = $2`, [projectId, iid]));
    return rows[0] ? toRow(rows[0]) : null;
}
/**
 * Records an alert: a repeat of an open alert's fingerprint increments its event_count (and an
 * end_time resolves it); anything else is a new alert with the project's next iid. The
 * project's settings row is locked so concurrent alerts number (and deduplicate) in turn.
 */
async function recordAlert(m, projectId, a) {
    await m.query('SELECT project_id FROM project_incident_settings WHERE project_id = $1 FOR UPDATE', [projectId]);
    const fp = fingerprintHash(a.fingerprint);
    if (fp) {
        const rows = (await m.query(`UPDATE alerts SET event_count = event_count + 1, updated_at = now(),
         status = CASE WHEN $3::timestamptz IS NULL THEN status ELSE 'resolved' END, ended_at = COALESCE($3::timestamptz, ended_at)
       WHERE project_id = $1 AND fingerprint = $2 AND status <> 'resolved' RETURNING *`, [projectId, fp, a.endedAt]));
        const updated = Array.isArray(rows[0]) ? rows[0] : rows;
        if (updated[0])
            return { alert: toRow(updated[0]), created: false };
    }
    const rows = (await m.query(`INSERT INTO alerts (project_id, iid, title, description, severity, status, started_at, ended_at, fingerprint, monitoring_tool, service, hosts, details)
     SELECT $1, COALESCE(MAX(iid), 0) + 1, $2, $3, $4, CASE WHEN $6::timestamptz IS NULL THEN 'triggered' ELSE 'resolved' END, $5, $6, $7, $8, $9, $10::text[], $11::jsonb FROM alerts WHERE project_id = $1
     RETURNING *`, [projectId, a.title, a.description, a.severity, a.startedAt, a.endedAt, fp, a.monitoringTool, a.service, a.hosts, JSON.stringify(a.details)]));
    return { alert: toRow(rows[0]), created: true };
}
//# sourceMappingURL=alert.store.js.map