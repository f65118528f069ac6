import type { EventReducers } from '../../realtime/eventRegistry';
import { revokedIssuesAtom } from '../../realtime/realtimeAtoms';
import { issueListKeys } from '../issue-list/issueListQueries';
import { applyIssueFields, issueKey, updateIssueAtom } from './issueAtoms';

/**
 * The issue feature's live events: field changes and deletion. Lists of the project go stale
 * too (they are react-query reads), so they refetch the next time they are shown.
 */
export const issueEvents: EventReducers = {
  'issue.created': (e, { store, queryClient }) => {
    updateIssueAtom(store, issueKey(e.issue.project_path, e.issue.iid), (issue) => applyIssueFields(issue, e.payload.fields));
    void queryClient.invalidateQueries({ queryKey: issueListKeys.project(e.issue.project_path) });
  },
  'issue.updated': (e, { store, queryClient }) => {
    updateIssueAtom(store, issueKey(e.issue.project_path, e.issue.iid), (issue) => applyIssueFields(issue, e.payload.fields));
    void queryClient.invalidateQueries({ queryKey: issueListKeys.project(e.issue.project_path) });
  },
  'issue.deleted': (e, { store, queryClient }) => {
    const key = issueKey(e.issue.project_path, e.issue.iid);
    store.set(revokedIssuesAtom, (r) => ({ ...r, [key]: 'deleted' }));
    void queryClient.invalidateQueries({ queryKey: issueListKeys.project(e.issue.project_path) });
  },
};
