import type { EventReducers } from '../../../realtime/eventRegistry';
import { issuePeopleKey } from './peopleApi';

/** A new comment may bring a new participant: the participants read is refetched. */
export const peopleEvents: EventReducers = {
  'note.created': (e, { queryClient }) => {
    if (e.payload.note.system) return;
    void queryClient.invalidateQueries({ queryKey: issuePeopleKey(e.issue.project_path, e.issue.iid) });
  },
};
