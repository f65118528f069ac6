import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiIssue } from '@tandem/shared-types';
import { errorText, projectApiPath, requestJson } from '../../shared/api/http';
import { pageInfo } from '../../shared/ui/Pagination';
import { SORT_FIELDS, sortParam, tokensToRest, type FilterToken, type IssueSort } from './filterTokens';

export type IssueListState = 'opened' | 'closed' | 'all';

export interface IssueListQuery {
  state: IssueListState;
  search: string;
  page: number;
  tokens: FilterToken[];
  sort: IssueSort;
}

/** The REST parameters of a list's filters (search and tokens), without state, sort or page. */
export function filterParams(search: string, tokens: FilterToken[]): URLSearchParams {
  const q = new URLSearchParams();
  if (search) q.set('search', search);
  tokensToRest(tokens, q);
  return q;
}

export interface IssuePage {
  issues: ApiIssue[];
  info: ReturnType<typeof pageInfo>;
}

/** Query keys of a project's issue reads; every issue mutation invalidates `project(path)`. */
export const issueListKeys = {
  project: (projectPath: string) => ['projects', projectPath, 'issues'] as const,
  page: (projectPath: string, q: IssueListQuery) => [...issueListKeys.project(projectPath), 'page', q.state, filterParams(q.search, q.tokens).toString(), sortParam(q.sort), q.page] as const,
  counts: (projectPath: string, filters: string) => [...issueListKeys.project(projectPath), 'counts', filters] as const,
};

/** One page of a project's issues, filtered and sorted. */
export function useIssueList(projectPath: string, query: IssueListQuery) {
  return useQuery({
    queryKey: issueListKeys.page(projectPath, query),
    queryFn: async ({ signal }): Promise<IssuePage> => {
      const q = filterParams(query.search, query.tokens);
      const orderBy = SORT_FIELDS.find((f) => f.key === query.sort.key)?.orderBy ?? 'created_at';
      for (const [k, v] of Object.entries({ state: query.state, page: String(query.page), per_page: '20', order_by: orderBy, sort: query.sort.direction })) q.set(k, v);
      const res = await requestJson<ApiIssue[]>(`${projectApiPath(projectPath)}/issues?${q}`, { signal }).catch(() => null);
      if (!res) throw new Error('Issues could not be loaded.');
      if (!res.ok) throw new Error(errorText(res.data, 'Issues could not be loaded.'));
      return { issues: res.data, info: pageInfo(res.headers) };
    },
  });
}

/** Open and closed totals for the tabs (X-Total of a one-row page) under the list's filters; null when unknown. */
export function useIssueCounts(projectPath: string, filters: string) {
  return useQuery({
    queryKey: issueListKeys.counts(projectPath, filters),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const count = async (state: 'opened' | 'closed') => {
        const q = new URLSearchParams(filters);
        q.set('state', state);
        q.set('per_page', '1');
        const res = await requestJson(`${projectApiPath(projectPath)}/issues?${q}`, { signal }).catch(() => null);
        return res?.ok ? pageInfo(res.headers).total : null;
      };
      const [opened, closed] = await Promise.all([count('opened'), count('closed')]);
      return { opened, closed };
    },
  });
}
