import { useQuery } from '@tanstack/react-query';
import { fetchIssuePeople, issuePeopleKey } from './peopleApi';

/**
 * The issue's assignees and participants with their availability (GraphQL), read through
 * react-query. `version` (the live assignee list, from the socket) is part of the key, so a
 * change of assignees refetches, as the spec's "updated" event refetches the assignees.
 */
export function useIssuePeople(projectPath: string, iid: number, version: string) {
  return useQuery({
    queryKey: [...issuePeopleKey(projectPath, iid), version],
    queryFn: () => fetchIssuePeople(projectPath, iid),
    staleTime: 30_000,
    placeholderData: (prev) => prev,
  });
}
