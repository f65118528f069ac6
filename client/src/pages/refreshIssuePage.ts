import type { QueryClient } from '@tanstack/react-query';
import type { ApiIssue, NoteAward } from '@tandem/shared-types';
import { projectApiPath, requestJson } from '../shared/api/http';
import { appStore } from '../shared/store';
import { issueAtomFamily, updateIssueAtom } from '../features/issue/issueAtoms';
import { awardableKey, awardsAtomFamily } from '../features/awards/awardsAtoms';
import { issuePeopleKey } from '../features/sidebar/people/peopleApi';
import { relatedIssuesKey } from '../features/related-issues/relatedIssuesApi';
import { metricImagesKey } from '../features/incident/metricImagesApi';
import { issueListKeys } from '../features/issue-list/issueListQueries';

/**
 * What the polling fallback does when the issue changed (its realtime_changes ETag moved):
 * every part of the page the socket's events keep fresh is read again. The issue (sidebar
 * fields: labels, assignees, milestone, epic, iteration, weight, health, due date, time,
 * subscription...), the issue's reactions, and the reads other widgets hold (participants,
 * linked items, incident tabs, the open issue count). Comments have their own poller (useNotesPolling).
 */
export async function refreshIssuePage(key: string, projectPath: string, iid: number, queryClient: QueryClient): Promise<void> {
  const base = `${projectApiPath(projectPath)}/issues/${iid}`;
  const [issue, awards] = await Promise.all([
    requestJson<ApiIssue>(base).catch(() => null),
    requestJson<NoteAward[]>(`${base}/award_emoji?per_page=100`).catch(() => null),
  ]);
  if (issue?.ok) updateIssueAtom(appStore, key, (cur) => ({ ...cur, ...issue.data }));
  const id = appStore.get(issueAtomFamily(key))?.id;
  if (awards?.ok && id !== undefined && appStore.get(awardsAtomFamily(awardableKey('Issue', id))) !== null)
    appStore.set(
      awardsAtomFamily(awardableKey('Issue', id)),
      awards.data.map((a) => ({ name: a.name, user: { id: a.user.id, name: a.user.name, username: a.user.username } })),
    );
  for (const queryKey of [issueListKeys.project(projectPath), issuePeopleKey(projectPath, iid), relatedIssuesKey(projectPath, iid), metricImagesKey(projectPath, iid), ['incident', projectPath, iid], ['status-page', projectPath, iid]])
    void queryClient.invalidateQueries({ queryKey });
}
