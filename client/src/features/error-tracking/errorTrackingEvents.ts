import type { EventReducers } from '../../realtime/eventRegistry';
import { issueKey } from '../issue/issueAtoms';
import { issueErrorStateAtomFamily } from './errorTrackingAtoms';
import { errorTrackingKeys } from './errorTrackingApi';

/** issue.error_tracking: the issue's stack trace card shows the error's new status and count; its trace is refetched (the newest event may differ). */
export const errorTrackingEvents: EventReducers = {
  'issue.error_tracking': (e, { store, queryClient }) => {
    store.set(issueErrorStateAtomFamily(issueKey(e.issue.project_path, e.issue.iid)), e.payload);
    void queryClient.invalidateQueries({ queryKey: errorTrackingKeys.stackTraces() });
  },
};
