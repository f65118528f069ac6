import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { realtimeClient } from '../../realtime/realtimeConnection';
import { mergeRequestListKeys } from './mergeRequestListQueries';

/**
 * Keeps a project's merge request list live through the project watch: when merge requests of
 * the project are created, edited, closed or merged anywhere, the list and its counts refetch
 * (with the viewer's own access).
 */
export function useLiveMergeRequestList(projectPath: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () => realtimeClient().watchProject(projectPath, () => void queryClient.invalidateQueries({ queryKey: mergeRequestListKeys.project(projectPath) }), 'merge_requests'),
    [projectPath, queryClient],
  );
}
