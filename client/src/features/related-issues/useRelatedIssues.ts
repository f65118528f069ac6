import { useQuery } from '@tanstack/react-query';
import { fetchRelatedIssues, relatedIssuesKey } from './relatedIssuesApi';

/** The issue's related issues (GET links), refetched when issue.links arrives. */
export function useRelatedIssues(projectPath: string, iid: number, url: string) {
  return useQuery({ queryKey: relatedIssuesKey(projectPath, iid), queryFn: () => fetchRelatedIssues(url) });
}

/** How many open issues block this one (the close confirmation asks first when any do); undefined until the list is loaded. */
export function useOpenBlockersCount(projectPath: string, iid: number, url: string): number | undefined {
  const { data } = useRelatedIssues(projectPath, iid, url);
  return data?.filter((r) => r.link_type === 'is_blocked_by' && r.state === 'opened').length;
}
