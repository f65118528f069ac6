import { useQuery } from '@tanstack/react-query';
import { projectApiPath, requestJson } from '../../shared/api/http';
import { pageInfo } from '../../shared/ui/Pagination';
import { issueListKeys } from './issueListQueries';
import './openIssueCount.css';

export const openIssueCountKey = (projectPath: string) => [...issueListKeys.project(projectPath), 'open-count'] as const;

/**
 * The project's open issue count beside "Issues" in the navigation. It sits under the project's
 * issue reads, so whatever marks them stale (a close or reopen on this page, a change anywhere in
 * the project while its lists are watched) reads it again: it moves by one, live.
 */
export function OpenIssueCount({ projectPath, initial }: { projectPath: string; initial?: number }) {
  const count = useQuery({
    queryKey: openIssueCountKey(projectPath),
    initialData: initial,
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const res = await requestJson(`${projectApiPath(projectPath)}/issues?state=opened&per_page=1`, { signal });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return pageInfo(res.headers).total;
    },
  });
  if (count.data === undefined || count.data === null) return null;
  return (
    <span className="badge badge--count" data-testid="nav-issue-count" title={`${count.data} open issues`}>
      {count.data}
    </span>
  );
}
