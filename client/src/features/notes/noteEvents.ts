import type { EventReducers } from '../../realtime/eventRegistry';
import { issueKey, updateIssueAtom } from '../issue/issueAtoms';

/** Notes are shown as the activity count today; the discussion thread registers here as it arrives. */
export const noteEvents: EventReducers = {
  'note.created': (e, { store }) => {
    if (e.payload.note.system) return;
    updateIssueAtom(store, issueKey(e.issue.project_path, e.issue.iid), (issue) => ({ ...issue, user_notes_count: issue.user_notes_count + 1 }));
  },
};
