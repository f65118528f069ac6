import { ISSUE_PAGE_TEXTS, QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { REFUSED } from './quick-action';

/** The issue's pinned meeting link, set by /zoom <url> and removed by /remove_zoom (quick actions only, as GitLab). */
export const zoomMeetingField: IssueField<'zoomMeetingUrl'> = {
  key: 'zoomMeetingUrl',
  params: {},
  read: () => undefined,
  quickActions: {
    names: ['zoom', 'remove_zoom'],
    run({ name, arg, state, allowed }) {
      const url = name === 'zoom' ? arg.trim() : null;
      const bad = name === 'zoom' ? !ISSUE_PAGE_TEXTS.zoomUrlPattern.test(url!) || url === state.issue.zoomMeetingUrl : !state.issue.zoomMeetingUrl;
      if (bad || !allowed(url)) return REFUSED;
      state.issue.zoomMeetingUrl = url;
      return { value: url, message: url ? T.zoomAdded : T.zoomRemoved };
    },
  },
  ability: () => 'update_issue',
  plan: (url, cur) => (url === cur.zoomMeetingUrl ? null : { set: { zoomMeetingUrl: url }, notes: [systemNotes.zoomMeeting(url !== null)] }),
  event: (i) => ({ zoom_meeting_url: i.zoomMeetingUrl }),
};
