"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Incidents1764800000002 = void 0;
/**
 * Incidents: per-project incident settings (the alert endpoint's token digest, the time to
 * SLA in minutes), alerts (iid per project, GitLab's generic alert fields, event_count grown
 * by a repeated fingerprint, the incident issue) and each incident's SLA due time.
 */
class Incidents1764800000002 {
    name = 'Incidents1764800000002';
    async up(q) {
        await q.query(`CREATE TABLE project_incident_settings (
      project_id integer PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
      alerts_token_digest varchar(64),
      sla_minutes integer CHECK (sla_minutes IS NULL OR sla_minutes > 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE TABLE alerts (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      iid integer NOT NULL,
      issue_id integer REFERENCES issues(id) ON DELETE SET NULL,
      title varchar(200) NOT NULL,
      description text,
      severity varchar(10) NOT NULL DEFAULT 'critical' CHECK (severity IN ('critical', 'high', 'medium', 'low', 'info', 'unknown')),
      status varchar(20) NOT NULL DEFAULT 'triggered' CHECK (status IN ('triggered', 'acknowledged', 'resolved', 'ignored')),
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      event_count integer NOT NULL DEFAULT 1,
      fingerprint varchar(64),
      monitoring_tool varchar(100),
      service varchar(100),
      hosts text[] NOT NULL DEFAULT '{}',
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE UNIQUE INDEX alerts_project_iid ON alerts (project_id, iid)`);
        // One open alert per fingerprint: a repeat increments its event_count (GitLab's rule)
        await q.query(`CREATE UNIQUE INDEX alerts_open_fingerprint ON alerts (project_id, fingerprint) WHERE status <> 'resolved' AND fingerprint IS NOT NULL`);
        await q.query(`CREATE INDEX alerts_issue ON alerts (issue_id)`);
        await q.query(`CREATE TABLE issuable_slas (
      issue_id integer PRIMARY KEY REFERENCES issues(id) ON DELETE CASCADE,
      due_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    }
    async down(q) {
        await q.query('DROP TABLE IF EXISTS issuable_slas');
        await q.query('DROP TABLE IF EXISTS alerts');
        await q.query('DROP TABLE IF EXISTS project_incident_settings');
    }
}
exports.Incidents1764800000002 = Incidents1764800000002;
//# sourceMappingURL=1764800000002-Incidents.js.map