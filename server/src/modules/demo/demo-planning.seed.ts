import type { EntityManager } from 'typeorm';
import type { MarkdownService } from '../../core/markdown/markdown.service';

/**
 * What a new user should find in the demo's planning and incident screens: an epic of the
 * group holding two issues (the epic dropdown is not empty), an alert that opened the demo
 * incident (its Alert details tab) and the incident's SLA (the list's "Time to SLA" column).
 */
export async function seedDemoPlanning(m: EntityManager, md: MarkdownService, groupId: number, groupPath: string, projectId: number, authorId: number): Promise<void> {
  const description = 'Everything the issue page needs to be **live**: the socket, the polling fallback and presence.';
  const [epic] = (await m.query(
    `INSERT INTO epics (group_id, iid, title, description, description_html, author_id, start_date, end_date) VALUES ($1, 1, 'Real-time collaboration', $2, $3, $4, CURRENT_DATE - 14, CURRENT_DATE + 45) RETURNING id`,
    [groupId, description, md.render(description, { groupPath }), authorId],
  )) as [{ id: number }];
  await m.query(
    `INSERT INTO epic_issues (epic_id, issue_id, relative_position) SELECT $1, id, iid * 100 FROM issues WHERE project_id = $2 AND title IN ('Real-time updates for the issue page', 'Reconnect storm after deploy')`,
    [epic.id, projectId],
  );
  const [incident] = (await m.query(`SELECT id, created_at FROM issues WHERE project_id = $1 AND issue_type = 'incident' ORDER BY iid LIMIT 1`, [projectId])) as Array<{ id: number; created_at: Date }>;
  if (!incident) return;
  await m.query(
    `INSERT INTO alerts (project_id, iid, issue_id, title, description, severity, status, started_at, event_count, fingerprint, monitoring_tool, service, hosts, details)
     VALUES ($1, 1, $2, 'checkout-api 5xx rate above 5% (eu-west)', 'The share of 5xx answers of the checkout API in eu-west crossed 5% for 5 minutes.', 'critical', 'acknowledged', $3, 3, 'checkout-5xx-eu', 'Prometheus', 'checkout-api', ARRAY['checkout-eu-1', 'checkout-eu-2'], $4::jsonb)`,
    [projectId, incident.id, incident.created_at, JSON.stringify({ region: 'eu-west-1', threshold: '5%', runbook: 'https://runbooks.example.com/checkout-5xx' })],
  );
  // The SLA of a critical incident: four hours from its start
  await m.query(`INSERT INTO issuable_slas (issue_id, due_at) VALUES ($1, $2::timestamptz + interval '4 hours')`, [incident.id, incident.created_at]);
}
