import type { EventReducers } from '../../realtime/eventRegistry';
import { issueKey, updateIssueAtom } from '../issue/issueAtoms';
import { projectLabelsKey, type LabelColors } from '../labels/projectLabels';

/** The sidebar's live events: assignees and labels (each carries the full new list), the epic. */
export const sidebarEvents: EventReducers = {
  'issue.assignees': (e, { store }) => {
    updateIssueAtom(store, issueKey(e.issue.project_path, e.issue.iid), (issue) => ({
      ...issue,
      assignees: e.payload.assignees,
      assignee: e.payload.assignees[0] ?? null,
      lock_version: Math.max(issue.lock_version, e.payload.lock_version),
    }));
  },
  'issue.epic': (e, { store }) => {
    updateIssueAtom(store, issueKey(e.issue.project_path, e.issue.iid), (issue) => ({ ...issue, epic: e.payload.epic, epic_iid: e.payload.epic?.iid ?? null }));
  },
  'issue.labels': (e, { store, queryClient }) => {
    updateIssueAtom(store, issueKey(e.issue.project_path, e.issue.iid), (issue) => ({ ...issue, labels: e.payload.labels.map((l) => l.name) }));
    // The event names each label's colour: a label created since the page loaded is painted right
    queryClient.setQueryData<LabelColors>(projectLabelsKey(e.issue.project_path), (old) =>
      old ? { ...old, ...Object.fromEntries(e.payload.labels.map((l) => [l.name, { color: l.color, text_color: l.text_color, description: l.description }])) } : old,
    );
  },
};
