import type { BatchReducers, EventReducers } from '../../../realtime/eventRegistry';
import { issuePeopleKey } from './peopleApi';

/** A new comment may bring a new participant: the participants read is refetched. */
export const peopleEvents: EventReducers = {
  'note.created': (e, { queryClient }) => {
    if (e.payload.note.system) return;
    void queryClient.invalidateQueries({ queryKey: issuePeopleKey(e.issue.project_path, e.issue.iid) });
  },
};

/** A batch of notes (a submitted review): one refetch of the participants. */
export const peopleBatchEvents: BatchReducers = {
  'note.created': (events, ctx) => {
    const comment = events.find((e) => !e.payload.note.system);
    if (comment) peopleEvents['note.created']!(comment, ctx);
  },
};
