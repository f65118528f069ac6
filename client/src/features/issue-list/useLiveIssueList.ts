import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { realtimeClient } from '../../realtime/realtimeConnection';
import { issueListKeys } from './issueListQueries';

/**
 * Keeps a project's issue list live: when issues of the project are created, changed or
 * deleted anywhere, the list and its counts refetch (with the viewer's own access).
 */
export function useLiveIssueList(projectPath: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () => realtimeClient().watchProject(projectPath, () => void queryClient.invalidateQueries({ queryKey: issueListKeys.project(projectPath) })),
    [projectPath, queryClient],
  );
}
