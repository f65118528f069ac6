"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.zoomMeetingField = void 0;
const system_notes_1 = require("../../note/system-notes");
/** The pinned meeting link, set by /zoom <url> and removed by /remove_zoom (quick actions only, as GitLab). */
exports.zoomMeetingField = {
    key: 'zoomMeetingUrl',
    params: {},
    read: () => undefined,
    ability: () => 'update_issue',
    plan: (url, cur) => (url === cur.zoomMeetingUrl ? null : { set: { zoomMeetingUrl: url }, notes: [system_notes_1.systemNotes.zoomMeeting(url !== null)] }),
    event: (i) => ({ zoom_meeting_url: i.zoomMeetingUrl }),
};
//# sourceMappingURL=zoom-meeting.js.map