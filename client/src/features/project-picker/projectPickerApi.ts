import type { ApiProject } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';

/** What the picker remembers of a project (spec §3: name, web_url, name_with_namespace). */
export interface PickedProject {
  path: string;
  name: string;
  name_with_namespace: string;
}

/** The group's projects (and its subgroups') where issues can be created: not archived, readable. */
export async function fetchGroupProjects(groupPath: string, search: string, signal?: AbortSignal): Promise<PickedProject[]> {
  const q = new URLSearchParams({ include_subgroups: 'true', with_issues_enabled: 'true', archived: 'false', per_page: '20' });
  if (search.trim()) q.set('search', search.trim());
  const res = await requestJson<ApiProject[]>(`/api/v4/groups/${encodeURIComponent(groupPath)}/projects?${q}`, { signal });
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data.map((p) => ({ path: p.path_with_namespace, name: p.name, name_with_namespace: p.name_with_namespace }));
}
