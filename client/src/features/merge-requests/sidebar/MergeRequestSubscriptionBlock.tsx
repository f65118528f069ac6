import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MergeRequestPageData } from '@tandem/shared-types';
import { realtimeClient } from '../../../realtime/realtimeConnection';
import { currentUserAtom } from '../../session/sessionAtoms';
import { SubscriptionToggle } from '../../sidebar/widgets/SubscriptionWidget';
import { mergeRequestPageKey } from '../mergeRequestApi';
import { setMergeRequestSubscription } from './mergeRequestSidebarApi';

/** The page data's `subscribed` (the sidebar reads it; a refetch brings the server's again). */
function putSubscribed(queryClient: QueryClient, projectPath: string, iid: number, subscribed: boolean): void {
  queryClient.setQueryData<MergeRequestPageData>(mergeRequestPageKey(projectPath, iid), (page) =>
    page && page.mergeRequest.subscribed !== subscribed ? { ...page, mergeRequest: { ...page.mergeRequest, subscribed } } : page,
  );
}

/**
 * A merge request's notifications block: the switch (SubscriptionToggle) over the page
 * data's `subscribed`, saved with mergeRequestSetSubscription. The user's own other tabs follow
 * through the user channel (`merge_request.subscription`), as /subscribe typed in a comment does.
 */
export function MergeRequestSubscriptionBlock({ projectPath, iid, subscribed }: { projectPath: string; iid: number; subscribed: boolean }) {
  const queryClient = useQueryClient();
  const signedIn = useAtomValue(currentUserAtom) !== null;
  useEffect(() => {
    if (!signedIn) return undefined;
    return realtimeClient().onSubscription((signal) => {
      if (signal.project_path === projectPath && signal.iid === iid) putSubscribed(queryClient, projectPath, iid, signal.subscribed);
    }, 'MergeRequest');
  }, [signedIn, queryClient, projectPath, iid]);
  const save = async (next: boolean) => {
    const now = await setMergeRequestSubscription(projectPath, iid, next);
    if (now !== null) putSubscribed(queryClient, projectPath, iid, now);
    return now;
  };
  return <SubscriptionToggle subscribed={subscribed} save={save} />;
}
