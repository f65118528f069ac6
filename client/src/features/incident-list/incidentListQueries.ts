import { useQuery } from '@tanstack/react-query';
import { INCIDENT_TEXTS, type IncidentListPage, type IncidentListState, type IncidentSortField } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';
import { issueListKeys } from '../issue-list/issueListQueries';

export interface IncidentListQuery {
  state: IncidentListState;
  orderBy: IncidentSortField;
  sort: 'asc' | 'desc';
  page: number;
}

/** Under the project's issue keys, so every issue change (and the live project watch) refetches it. */
export const incidentListKey = (projectPath: string, q: IncidentListQuery) => [...issueListKeys.project(projectPath), 'incidents', q.state, q.orderBy, q.sort, q.page] as const;

/** One page of the project's incidents (GET {project}/-/incidents.json). */
export function useIncidentList(projectPath: string, query: IncidentListQuery) {
  return useQuery({
    queryKey: incidentListKey(projectPath, query),
    queryFn: async ({ signal }): Promise<IncidentListPage> => {
      const q = new URLSearchParams({ state: query.state, order_by: query.orderBy, sort: query.sort, page: String(query.page) });
      const res = await requestJson<IncidentListPage>(`/${projectPath}/-/incidents.json?${q}`, { signal }).catch(() => null);
      if (!res?.ok || !Array.isArray(res.data?.incidents)) throw new Error(INCIDENT_TEXTS.listFailed);
      return res.data;
    },
  });
}
