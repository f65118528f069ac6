import type { EntityManager } from 'typeorm';

/**
 * Starts an incident's SLA when its project's incident settings name a time to SLA (GitLab's
 * IncidentManagement::Incidents::CreateSlaService): the due time is `from` (the incident's
 * creation, or the moment an issue became an incident) plus the project's minutes. An incident
 * keeps the SLA it was given first (a type change back and forth does not restart it).
 */
export async function startIncidentSla(m: Pick<EntityManager, 'query'>, issueId: number, from: 'created' | 'now'): Promise<void> {
  await m.query(
    `INSERT INTO issuable_slas (issue_id, due_at)
     SELECT i.id, ${from === 'created' ? 'i.created_at' : 'now()'} + make_interval(mins => s.sla_minutes)
     FROM issues i JOIN project_incident_settings s ON s.project_id = i.project_id
     WHERE i.id = $1 AND s.sla_minutes IS NOT NULL
     ON CONFLICT (issue_id) DO NOTHING`,
    [issueId],
  );
}
