import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiIssue } from '@tandem/shared-types';
import { errorText, projectApiPath, requestJson } from '../../shared/api/http';
import { pageInfo } from '../../shared/ui/Pagination';

export type IssueListState = 'opened' | 'closed' | 'all';

export interface IssueListQuery {
  state: IssueListState;
  search: string;
  page: number;
}

export interface IssuePage {
  issues: ApiIssue[];
  info: ReturnType<typeof pageInfo>;
}

/** Query keys of a project's issue reads; every issue mutation invalidates `project(path)`. */
export const issueListKeys = {
  project: (projectPath: string) => ['projects', projectPath, 'issues'] as const,
  page: (projectPath: string, q: IssueListQuery) => [...issueListKeys.project(projectPath), 'page', q.state, q.search, q.page] as const,
  counts: (projectPath: string, search: string) => [...issueListKeys.project(projectPath), 'counts', search] as const,
};

/** One page of a project's issues, newest first. */
export function useIssueList(projectPath: string, query: IssueListQuery) {
  return useQuery({
    queryKey: issueListKeys.page(projectPath, query),
    queryFn: async ({ signal }): Promise<IssuePage> => {
      const q = new URLSearchParams({ state: query.state, page: String(query.page), per_page: '20', order_by: 'created_at', sort: 'desc' });
      if (query.search) q.set('search', query.search);
      const res = await requestJson<ApiIssue[]>(`${projectApiPath(projectPath)}/issues?${q}`, { signal }).catch(() => null);
      if (!res) throw new Error('Issues could not be loaded.');
      if (!res.ok) throw new Error(errorText(res.data, 'Issues could not be loaded.'));
      return { issues: res.data, info: pageInfo(res.headers) };
    },
  });
}

/** Open and closed totals for the tabs (X-Total of a one-row page); null when unknown. */
export function useIssueCounts(projectPath: string, search: string) {
  return useQuery({
    queryKey: issueListKeys.counts(projectPath, search),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const count = async (state: 'opened' | 'closed') => {
        const q = new URLSearchParams({ state, per_page: '1' });
        if (search) q.set('search', search);
        const res = await requestJson(`${projectApiPath(projectPath)}/issues?${q}`, { signal }).catch(() => null);
        return res?.ok ? pageInfo(res.headers).total : null;
      };
      const [opened, closed] = await Promise.all([count('opened'), count('closed')]);
      return { opened, closed };
    },
  });
}
