import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { mergeRequestStreamPath } from '@tandem/shared-types';
import { followIssueStream } from '../../realtime/followIssueStream';
import { useLiveConnection, type LiveConnection } from '../../realtime/useLiveConnection';
import { mergeRequestPageKey } from './mergeRequestApi';

/**
 * Keeps the merge request on screen live, as an issue page is: follows its stream (the
 * MergeRequestsChannel, from the seq its page data was read at) and hands each event to the
 * registered reducers (notes, awards, merge_request.updated). A pruned log reads the page again.
 */
export function useMergeRequestSync(projectPath: string, iid: number, seq: number | null): LiveConnection {
  const queryClient = useQueryClient();
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (seq === null) return;
    // Only the first read starts the stream; later reads (after events) must not rewind it
    if (last.current === null) last.current = seq;
    return followIssueStream(mergeRequestStreamPath(projectPath), iid, last.current, {
      applied: (s) => {
        last.current = s;
      },
      refetch: async () => {
        await queryClient.invalidateQueries({ queryKey: mergeRequestPageKey(projectPath, iid) });
        return true;
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- started once the page data is there
  }, [projectPath, iid, seq === null]);
  return useLiveConnection();
}
