import type { EventReducers } from '../../realtime/eventRegistry';
import { issueListKeys } from '../issue-list/issueListQueries';
import { issueKey } from '../issue/issueAtoms';
import { publishedIncidentUrlAtomFamily } from './statusPageAtoms';

/** issue.status_page: the pinned link on every open incident page follows; the incident lists' Published column refetches. */
export const statusPageEvents: EventReducers = {
  'issue.status_page': (e, { store, queryClient }) => {
    store.set(publishedIncidentUrlAtomFamily(issueKey(e.issue.project_path, e.issue.iid)), e.payload.published_incident_url);
    void queryClient.invalidateQueries({ queryKey: issueListKeys.project(e.issue.project_path) });
  },
};
