import type { EntityManager } from 'typeorm';
import { publishedIncidentUrl, statusPagePaths, type StatusPageSettings } from '@tandem/shared-types';
import type { Project } from '../project/project.entity';

type Queryable = Pick<EntityManager, 'query'>;

export interface StatusPageSettingsRow {
  enabled: boolean;
  /** null: Tandem's own page of the project. */
  statusPageUrl: string | null;
}

/** Tandem's own public status page of the project. */
export const defaultStatusPageUrl = (publicUrl: string, project: Pick<Project, 'fullPath'>) => `${publicUrl}${statusPagePaths(project.fullPath).page}`;

export async function statusPageSettingsOf(m: Queryable, projectId: number): Promise<StatusPageSettingsRow> {
  const [r] = (await m.query('SELECT enabled, status_page_url FROM status_page_settings WHERE project_id = $1', [projectId])) as Array<{ enabled: boolean; status_page_url: string | null }>;
  return { enabled: r?.enabled ?? false, statusPageUrl: r?.status_page_url ?? null };
}

export function toStatusPageSettings(row: StatusPageSettingsRow, publicUrl: string, project: Pick<Project, 'fullPath'>): StatusPageSettings {
  const def = defaultStatusPageUrl(publicUrl, project);
  return { enabled: row.enabled, status_page_url: row.statusPageUrl ?? def, default_url: def };
}

/** When the incident was published (null: it is not). */
export async function publishedAtOf(m: Queryable, issueId: number): Promise<string | null> {
  const [r] = (await m.query('SELECT published_at FROM status_page_published_incidents WHERE issue_id = $1', [issueId])) as Array<{ published_at: string | Date }>;
  return r ? new Date(r.published_at).toISOString() : null;
}

/** The published incident's link (spec publishedIncidentUrl), or null when it is not on an enabled status page. */
export async function publishedIncidentUrlOf(m: Queryable, publicUrl: string, project: Pick<Project, 'id' | 'fullPath'>, issue: { id: number; iid: number }): Promise<string | null> {
  const [settings, at] = await Promise.all([statusPageSettingsOf(m, project.id), publishedAtOf(m, issue.id)]);
  return at ? publishedIncidentUrlFrom(settings, publicUrl, project, issue.iid) : null;
}

/** The link of a published incident under settings already read (null while the page is disabled). */
export function publishedIncidentUrlFrom(settings: StatusPageSettingsRow, publicUrl: string, project: Pick<Project, 'fullPath'>, iid: number): string | null {
  return settings.enabled ? publishedIncidentUrl(settings.statusPageUrl ?? defaultStatusPageUrl(publicUrl, project), iid) : null;
}

/** published_at of each of these incidents that is published. */
export async function publishedAtByIssue(m: Queryable, issueIds: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!issueIds.length) return out;
  const rows = (await m.query('SELECT issue_id, published_at FROM status_page_published_incidents WHERE issue_id = ANY($1)', [issueIds])) as Array<{ issue_id: number | string; published_at: string | Date }>;
  for (const r of rows) out.set(Number(r.issue_id), new Date(r.published_at).toISOString());
  return out;
}
