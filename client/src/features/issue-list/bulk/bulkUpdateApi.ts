import type { BulkUpdateParams } from '@tandem/shared-types';
import { projectApiPath, requestJson } from '../../../shared/api/http';

export interface BulkOption {
  id: number | string;
  name: string;
}

/** The project's labels with their ids (GitLab's Label entity). */
export async function fetchLabelOptions(projectPath: string): Promise<BulkOption[]> {
  const res = await requestJson<Array<{ id: number; name: string }>>(`${projectApiPath(projectPath)}/labels?per_page=100&include_ancestor_groups=true`);
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data.map((l) => ({ id: l.id, name: l.name }));
}

/** The project's active milestones with its groups' (include_parent_milestones). */
export async function fetchMilestoneOptions(projectPath: string): Promise<BulkOption[]> {
  const res = await requestJson<Array<{ id: number; title: string }>>(`${projectApiPath(projectPath)}/milestones?state=active&include_parent_milestones=true&per_page=100`);
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data.map((m) => ({ id: m.id, name: m.title }));
}

/** Everyone who may be assigned: the project's members, inherited ones included. */
export async function fetchMemberOptions(projectPath: string): Promise<BulkOption[]> {
  const res = await requestJson<Array<{ id: number; name: string; username: string }>>(`${projectApiPath(projectPath)}/members/all?per_page=100`);
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data.map((m) => ({ id: m.id, name: `${m.name} (@${m.username})` }));
}

const groupApiPath = (projectPath: string) => `/api/v4/groups/${encodeURIComponent(projectPath.split('/').slice(0, -1).join('/'))}`;

/** The epics of the project's group and its ancestors (open ones). */
export async function fetchEpicOptions(projectPath: string): Promise<BulkOption[]> {
  const res = await requestJson<Array<{ id: number; iid: number; title: string }>>(`${groupApiPath(projectPath)}/epics?state=opened&include_ancestor_groups=true&per_page=100`);
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data.map((e) => ({ id: e.id, name: `&${e.iid} ${e.title}` }));
}

/** The iterations of the project's group (open ones). */
export async function fetchIterationOptions(projectPath: string): Promise<BulkOption[]> {
  const res = await requestJson<Array<{ id: number; title: string | null; start_date: string; due_date: string }>>(`${groupApiPath(projectPath)}/iterations?state=opened&include_ancestors=true&per_page=100`);
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data.map((i) => ({ id: i.id, name: i.title ?? `${i.start_date} – ${i.due_date}` }));
}

/** PUT issues/bulk_update: true when the server applied it. */
export async function bulkUpdateIssues(projectPath: string, params: BulkUpdateParams): Promise<boolean> {
  const res = await requestJson<{ count: number }>(`${projectApiPath(projectPath)}/issues/bulk_update`, { method: 'PUT', body: params });
  return res.ok;
}
