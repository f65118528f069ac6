import { useQuery } from '@tanstack/react-query';
import type { ApiEpic, ApiIssue } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';

const groupApi = (groupPath: string) => `/api/v4/groups/${encodeURIComponent(groupPath)}/epics`;

async function getJson<T>(url: string): Promise<T | null> {
  const res = await requestJson<T>(url);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.data as T;
}

/** One epic (null: not found or not visible) and its issues. */
export function useEpic(groupPath: string, iid: number) {
  return useQuery({
    queryKey: ['epic', groupPath, iid],
    queryFn: async () => {
      const epic = await getJson<ApiEpic>(`${groupApi(groupPath)}/${iid}`);
      const issues = epic ? ((await getJson<Array<ApiIssue & { epic_issue_id: number }>>(`${groupApi(groupPath)}/${iid}/issues`)) ?? []) : [];
      return epic ? { epic, issues } : null;
    },
  });
}

/** The group's epics (descendants included, GitLab's default), searched by the server. */
export function useGroupEpics(groupPath: string, search: string, state: 'opened' | 'closed' | 'all') {
  return useQuery({
    queryKey: ['group-epic-list', groupPath, search, state],
    queryFn: () => getJson<ApiEpic[]>(`${groupApi(groupPath)}?per_page=100&state=${state}${search ? `&search=${encodeURIComponent(search)}` : ''}`),
  });
}
