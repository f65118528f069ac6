import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { realtimeClient } from '../../realtime/realtimeConnection';
import { errorTrackingKeys } from './errorTrackingApi';

/**
 * Keeps the error list live: the server's coalesced `project_errors` signal names the errors that
 * got events or changed; the list refetches when one of them is on screen, when it shows the
 * first page (a new or newly active error belongs at its top), and once its watch is acknowledged
 * on each connect (signals are not replayed).
 */
export function useLiveErrorList(projectPath: string, onScreen: readonly number[], firstPage: boolean): void {
  const queryClient = useQueryClient();
  const state = useRef({ onScreen, firstPage });
  state.current = { onScreen, firstPage };
  useEffect(
    () =>
      realtimeClient().watchErrors(projectPath, (ids) => {
        const { onScreen: shown, firstPage: first } = state.current;
        if (ids === null || first || ids.some((id) => shown.includes(id))) void queryClient.invalidateQueries({ queryKey: errorTrackingKeys.list(projectPath) });
      }),
    [projectPath, queryClient],
  );
}
