import { useEffect } from 'react';
import type { ApiIssue } from '@tandem/shared-types';
import { projectApiPath, requestJson } from '../../shared/api/http';
import { appStore } from '../../shared/store';
import { followIssueStream } from '../../realtime/followIssueStream';
import { useLiveConnection, type LiveConnection } from '../../realtime/useLiveConnection';
import { issueAtomFamily, issueKey, issueSeqAtomFamily } from './issueAtoms';

async function refetchIssue(key: string, projectPath: string, iid: number): Promise<boolean> {
  const res = await requestJson<ApiIssue>(`${projectApiPath(projectPath)}/issues/${iid}`);
  if (!res.ok) return false;
  appStore.set(issueAtomFamily(key), res.data);
  return true;
}

/**
 * Keeps the issue on screen live: follows its stream from the seq the page was rendered at
 * (the registered reducers apply the events). Returns the connection so the page can poll
 * while the socket is down and say so.
 */
export function useIssueSync(projectPath: string, iid: number): LiveConnection {
  const key = issueKey(projectPath, iid);
  useEffect(() => {
    const seq = appStore.get(issueSeqAtomFamily(key));
    return followIssueStream(projectPath, iid, seq, {
      applied: (s) => appStore.set(issueSeqAtomFamily(key), s),
      refetch: () => refetchIssue(key, projectPath, iid),
    });
  }, [key, projectPath, iid]);
  return useLiveConnection();
}
