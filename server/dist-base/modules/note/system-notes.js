"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.systemNotes = exports.escapeMarkdown = void 0;
const shared_types_1 = require("@tandem/shared-types");
/** Markdown-escapes user text placed inside a system note (a title is not markup). */
const escapeMarkdown = (s) => s.replace(/([\\*_`[\]~<>#|])/g, '\\$1');
exports.escapeMarkdown = escapeMarkdown;
const userRef = (u) => `@${u.username}`;
exports.systemNotes = {
    /** GitLab's ZoomLinkService notes. */
    zoomMeeting: (added) => ({ body: added ? 'added a Zoom call to this issue' : 'removed a Zoom call from this issue', icon: 'video' }),
    /** GitLab's time-tracking notes ("changed time estimate to 1h", "added 30m of time spent"). */
    timeEstimate: (seconds) => ({ body: shared_types_1.TIME_TRACKING_TEXTS.estimateChanged(seconds), icon: 'timer' }),
    timeSpent: (seconds, spentAt) => ({
        body: seconds === 'reset' ? shared_types_1.TIME_TRACKING_TEXTS.timeSpentRemoved : shared_types_1.TIME_TRACKING_TEXTS.timeSpentChanged(seconds, spentAt),
        icon: 'timer',
    }),
    titleChanged: (from, to) => ({
        body: `changed title from **${(0, exports.escapeMarkdown)(from)}** to **${(0, exports.escapeMarkdown)(to)}**`,
        icon: 'pencil-square',
    }),
    descriptionChanged: () => ({ body: 'changed the description', icon: 'pencil-square' }),
    /** A task-list item ticked or cleared on the page (GitLab's wording). */
    taskToggled: (item, checked) => ({
        body: `marked the checklist item **${(0, exports.escapeMarkdown)(item)}** as ${checked ? 'completed' : 'incomplete'}`,
        icon: 'check-square-o',
    }),
    closed: () => ({ body: 'closed', icon: 'issue-close' }),
    /** An issue moved to another project (GitLab's wording), on the original and on the copy. */
    movedTo: (ref) => ({ body: `moved to ${ref}`, icon: 'arrow-right' }),
    movedFrom: (ref) => ({ body: `moved from ${ref}`, icon: 'arrow-right' }),
    reopened: () => ({ body: 'reopened', icon: 'issue-reopen' }),
    confidentiality: (confidential) => confidential
        ? { body: 'made the issue confidential', icon: 'eye-slash' }
        : { body: 'made the issue visible to everyone', icon: 'eye' },
    discussionLock: (locked) => ({
        body: locked ? 'locked the discussion in this issue' : 'unlocked the discussion in this issue',
        icon: 'lock',
    }),
    dueDate: (date) => ({
        body: date ? `changed due date to ${date}` : 'removed due date',
        icon: 'calendar',
    }),
    weight: (weight) => ({
        body: weight === null ? 'removed the weight' : `changed weight to **${weight}**`,
        icon: 'weight',
    }),
    /** "added ~"bug" label and removed ~"a" ~"b" labels" (GitLab's wording, labels by quoted title). */
    labels: (added, removed) => {
        const refs = (ls) => ls.map((l) => `~"${l.title.replace(/"/g, '')}"`).join(' ');
        const noun = (n) => (n === 1 ? 'label' : 'labels');
        const parts = [];
        if (added.length)
            parts.push(`added ${refs(added)} ${noun(added.length)}`);
        if (removed.length)
            parts.push(`removed ${refs(removed)} ${noun(removed.length)}`);
        return { body: parts.join(' and '), icon: 'label' };
    },
    /** "assigned to @a and unassigned @b" (GitLab's wording), empty changes left out. */
    assignees: (added, removed) => {
        const parts = [];
        if (added.length)
            parts.push(`assigned to ${listOf(added.map(userRef))}`);
        if (removed.length)
            parts.push(`unassigned ${listOf(removed.map(userRef))}`);
        return { body: parts.join(' and '), icon: 'user' };
    },
    /**
     * Related issues (GitLab's relate_issuable / unrelate_issuable wording), from the viewpoint
     * of the issue the note is on; `ref` is the other issue as seen from there (#12 or group/project#12).
     */
    relatedIssue: (linkType, ref) => ({
        body: linkType === 'blocks'
            ? `marked this issue as blocking ${ref}`
            : linkType === 'is_blocked_by'
                ? `marked this issue as blocked by ${ref}`
                : `marked this issue as related to ${ref}`,
        icon: 'link',
    }),
    unrelatedIssue: (ref) => ({ body: `removed the relation with ${ref}`, icon: 'unlink' }),
    /** The issue's epic (GitLab's epic_issue wording; `ref` is `&3` or `group&3` as seen from the issue). */
    epicAdded: (ref) => ({ body: `added to epic ${ref}`, icon: 'epic' }),
    epicChanged: (ref) => ({ body: `changed epic to ${ref}`, icon: 'epic' }),
    epicRemoved: (ref) => ({ body: `removed from epic ${ref}`, icon: 'epic' }),
    /** The issue promoted to an epic (GitLab's 'promoted to epic &N'), and the epic's own note. */
    promotedToEpic: (ref) => ({ body: `promoted to epic ${ref}`, icon: 'epic' }),
    /** An incident opened for an alert (the alert's reference, GitLab's ^alert#N). */
    incidentFromAlert: (alertIid) => ({ body: `created incident from alert ^alert#${alertIid}`, icon: 'warning' }),
    /** "changed milestone to %v1.0" / "removed milestone" (GitLab's wording; %"a b" when the title has spaces). */
    milestone: (m) => ({
        body: m ? `changed milestone to ${milestoneRef(m.title)}` : 'removed milestone',
        icon: 'clock',
    }),
    healthStatus: (label) => ({
        body: label ? `changed health status to **${label.toLowerCase()}**` : 'removed the health status',
        icon: 'status-health',
    }),
    severity: (label) => ({ body: `changed the severity to **${label}**`, icon: 'information-o' }),
    iteration: (it) => ({
        body: it ? `changed iteration to **${(0, exports.escapeMarkdown)(it.title)}**` : 'removed iteration',
        icon: 'iteration',
    }),
};
/** A milestone reference as GitLab writes it: %v1.0, or %"Sprint 1" when the title is not one word. */
const milestoneRef = (title) => (/^[\w.-]+$/.test(title) ? `%${title}` : `%"${title.replace(/"/g, '')}"`);
/** "a", "a and b", "a, b, and c". */
function listOf(items) {
    if (items.length <= 2)
        return items.join(' and ');
    return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}
//# sourceMappingURL=system-notes.js.map