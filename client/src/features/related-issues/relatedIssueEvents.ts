import type { EventReducers } from '../../realtime/eventRegistry';
import { relatedIssuesKey } from './relatedIssuesApi';

/** issue.links: the links changed; what each viewer may see of them differs, so the list is read again. */
export const relatedIssueEvents: EventReducers = {
  'issue.links': (e, { queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: relatedIssuesKey(e.issue.project_path, e.issue.iid) });
  },
};
