import { useEffect } from 'react';
import { epicStreamPath, type EpicPageData } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';
import { appStore } from '../../shared/store';
import { followIssueStream } from '../../realtime/followIssueStream';
import { useLiveConnection, type LiveConnection } from '../../realtime/useLiveConnection';
import { epicAtomFamily, epicKey, epicSeqAtomFamily } from './epicAtoms';

/**
 * Keeps the epic on screen live, exactly as an issue page does: follows its stream (the
 * EpicsChannel, from the seq the page data was read at) and hands each event to the
 * registered reducers (notes, awards, epic fields). A pruned log refetches the page data.
 */
export function useEpicSync(groupPath: string, iid: number, ready: boolean): LiveConnection {
  const key = epicKey(groupPath, iid);
  useEffect(() => {
    if (!ready) return;
    return followIssueStream(epicStreamPath(groupPath), iid, appStore.get(epicSeqAtomFamily(key)), {
      applied: (s) => appStore.set(epicSeqAtomFamily(key), s),
      refetch: async () => {
        const res = await requestJson<EpicPageData>(`/groups/${groupPath}/-/epics/${iid}/page.json`);
        if (!res.ok) return false;
        appStore.set(epicAtomFamily(key), res.data.epic);
        return true;
      },
    });
  }, [key, groupPath, iid, ready]);
  return useLiveConnection();
}
