import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MERGE_REQUEST_LIST_TABS, MERGE_REQUEST_LIST_TEXTS, type ApiMergeRequest, type MergeRequestListState } from '@tandem/shared-types';
import { errorText, projectApiPath, requestJson } from '../../shared/api/http';
import { pageInfo } from '../../shared/ui/Pagination';
import { DEFAULT_SORT, parseSort, SORT_FIELDS, sortParam, type IssueSort } from '../issue-list/filterTokens';

export interface MergeRequestListQuery {
  state: MergeRequestListState;
  search: string;
  sort: IssueSort;
  page: number;
}

/** GitLab's merge request list sorts that Tandem's REST orders by (created_at, updated_at). */
export const MERGE_REQUEST_SORT_FIELDS = SORT_FIELDS.filter((f) => f.key === 'created_date' || f.key === 'updated_desc');

/** The URL's `sort` (`created_date_desc`, `updated_asc`, ...), the issue list's form; anything else is created date, newest first. */
export function parseMergeRequestSort(raw: string | null): IssueSort {
  const sort = parseSort(raw);
  return MERGE_REQUEST_SORT_FIELDS.some((f) => f.key === sort.key) ? sort : DEFAULT_SORT;
}

const STATES: readonly string[] = MERGE_REQUEST_LIST_TABS.map((t) => t.state);

/** The list's state from the page URL (`?state=merged&search=..&sort=updated_desc&page=2`); defaults for anything missing or unknown. */
export function mergeRequestListQueryFrom(params: URLSearchParams): MergeRequestListQuery {
  const state = params.get('state') ?? '';
  return {
    state: STATES.includes(state) ? (state as MergeRequestListState) : 'opened',
    search: params.get('search') ?? '',
    sort: parseMergeRequestSort(params.get('sort')),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

/** The page URL's parameters of a list state, defaults left out (the inverse of mergeRequestListQueryFrom). */
export function mergeRequestListParams(q: MergeRequestListQuery): URLSearchParams {
  const sp = new URLSearchParams();
  if (q.state !== 'opened') sp.set('state', q.state);
  if (q.search) sp.set('search', q.search);
  if (sortParam(q.sort) !== sortParam(DEFAULT_SORT)) sp.set('sort', sortParam(q.sort));
  if (q.page > 1) sp.set('page', String(q.page));
  return sp;
}

export interface MergeRequestPage {
  mergeRequests: ApiMergeRequest[];
  info: ReturnType<typeof pageInfo>;
}

/** Query keys of a project's merge request list reads; the project watch invalidates `project(path)`. */
export const mergeRequestListKeys = {
  project: (projectPath: string) => ['projects', projectPath, 'merge_requests'] as const,
  page: (projectPath: string, q: MergeRequestListQuery) => [...mergeRequestListKeys.project(projectPath), 'page', q.state, q.search, sortParam(q.sort), q.page] as const,
  counts: (projectPath: string, search: string) => [...mergeRequestListKeys.project(projectPath), 'counts', search] as const,
};

const listUrl = (projectPath: string, params: Record<string, string>) => `${projectApiPath(projectPath)}/merge_requests?${new URLSearchParams(params)}`;

/** One page of a project's merge requests (GET /projects/:id/merge_requests), searched and sorted. */
export function useMergeRequestList(projectPath: string, query: MergeRequestListQuery) {
  return useQuery({
    queryKey: mergeRequestListKeys.page(projectPath, query),
    queryFn: async ({ signal }): Promise<MergeRequestPage> => {
      const orderBy = MERGE_REQUEST_SORT_FIELDS.find((f) => f.key === query.sort.key)?.orderBy ?? 'created_at';
      const params = { state: query.state, ...(query.search ? { search: query.search } : {}), order_by: orderBy, sort: query.sort.direction, page: String(query.page), per_page: '20' };
      const res = await requestJson<ApiMergeRequest[]>(listUrl(projectPath, params), { signal }).catch(() => null);
      if (!res?.ok) throw new Error(errorText(res?.data, MERGE_REQUEST_LIST_TEXTS.listFailed));
      return { mergeRequests: res.data, info: pageInfo(res.headers) };
    },
  });
}

/** Each tab's total (X-Total of a one-row page) under the search; null when unknown. */
export function useMergeRequestCounts(projectPath: string, search: string) {
  return useQuery({
    queryKey: mergeRequestListKeys.counts(projectPath, search),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const totals = await Promise.all(
        MERGE_REQUEST_LIST_TABS.map(async ({ state }) => {
          const res = await requestJson(listUrl(projectPath, { state, ...(search ? { search } : {}), per_page: '1' }), { signal }).catch(() => null);
          return [state, res?.ok ? pageInfo(res.headers).total : null] as const;
        }),
      );
      return Object.fromEntries(totals) as Record<MergeRequestListState, number | null>;
    },
  });
}
