import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import type { AnyRealtimeEvent, ApiIssue, ConnectionState } from '@tandem/shared-types';
import { appStore } from '../shared/store';
import { applyIssueFields, issueAtomFamily, issueSeqAtomFamily } from '../features/issue/issueAtoms';
import { connectionStateAtom, revokedIssuesAtom } from './realtimeAtoms';
import { realtimeClient as realtimeConnection } from './realtimeConnection';

/** Applies one event to the issue's atoms (idempotent: events carry the new server state). */
export function applyIssueEvent(key: string, e: AnyRealtimeEvent): void {
  const issueAtom = issueAtomFamily(key);
  const issue = appStore.get(issueAtom);
  if (issue) {
    let next: ApiIssue | null = issue;
    switch (e.type) {
      case 'issue.updated':
      case 'issue.created':
        next = applyIssueFields(issue, e.payload.fields);
        break;
      case 'issue.assignees':
        next = { ...issue, assignees: e.payload.assignees, assignee: e.payload.assignees[0] ?? null, lock_version: Math.max(issue.lock_version, e.payload.lock_version) };
        break;
      case 'issue.labels':
        next = { ...issue, labels: e.payload.labels.map((l) => l.name) };
        break;
      case 'note.created':
        if (!e.payload.note.system) next = { ...issue, user_notes_count: issue.user_notes_count + 1 };
        break;
      default:
        break;
    }
    if (next !== issue) appStore.set(issueAtom, next);
  }
  if (e.type === 'issue.deleted') appStore.set(revokedIssuesAtom, (r) => ({ ...r, [key]: 'deleted' }));
  appStore.set(issueSeqAtomFamily(key), e.seq);
}

async function refetchIssue(key: string, projectPath: string, iid: number): Promise<boolean> {
  const res = await fetch(`/api/v4/projects/${encodeURIComponent(projectPath)}/issues/${iid}`, { credentials: 'same-origin' });
  if (!res.ok) return false;
  appStore.set(issueAtomFamily(key), (await res.json()) as ApiIssue);
  return true;
}

/**
 * Keeps the issue on screen live: follows its IssuesChannel stream from the seq the page was
 * rendered at. Returns the connection state so the page can poll while the socket is down.
 */
export function useIssueSync(projectPath: string, iid: number): ConnectionState {
  const key = `${projectPath}#${iid}`;
  useEffect(() => {
    const client = realtimeConnection();
    const seq = appStore.get(issueSeqAtomFamily(key));
    return client.follow(projectPath, iid, seq, {
      apply: (e) => applyIssueEvent(key, e),
      refetch: () => refetchIssue(key, projectPath, iid),
      ended: (reason) => appStore.set(revokedIssuesAtom, (r) => ({ ...r, [key]: reason === 'deleted' ? 'deleted' : 'access_revoked' })),
    });
  }, [key, projectPath, iid]);
  return useAtomValue(connectionStateAtom, { store: appStore });
}
