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

/** PUT issues/bulk_update: true when the server applied it. */
export async function bulkUpdateIssues(projectPath: string, params: BulkUpdateParams): Promise<boolean> {
  const res = await requestJson<{ count: number }>(`${projectApiPath(projectPath)}/issues/bulk_update`, { method: 'PUT', body: params });
  return res.ok;
}
