import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';

/** The issue's pinned meeting link, set by /zoom <url> and removed by /remove_zoom (quick actions only, as GitLab). */
export const zoomMeetingField: IssueField<'zoomMeetingUrl'> = {
  key: 'zoomMeetingUrl',
  params: {},
  read: () => undefined,
  ability: () => 'update_issue',
  plan: (url, cur) => (url === cur.zoomMeetingUrl ? null : { set: { zoomMeetingUrl: url }, notes: [systemNotes.zoomMeeting(url !== null)] }),
  event: (i) => ({ zoom_meeting_url: i.zoomMeetingUrl }),
};
