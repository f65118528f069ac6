import { TIME_TRACKING_TEXTS } from '@tandem/shared-types';
/**
 * Every system-note text in one place ("changed title from ...", "closed", "assigned to @bob").
 * Actions call these inside their write transaction and hand the results to
 * NoteWriter.systemNotes; the note module renders and stores them. Pure functions: a text
 * here is what users read in the activity list, and a unit test pins each one.
 */
export interface SystemNoteText {
  /** Markdown body, rendered into note_html like any note. */
  body: string;
  /** GitLab's icon name for the timeline entry. */
  icon: string;
  /** "changed the description": the description version it shows (description-versions/). */
  descriptionVersionId?: number;
}

/** Markdown-escapes user text placed inside a system note (a title is not markup). */
export const escapeMarkdown = (s: string): string => s.replace(/([\\*_`[\]~<>#|])/g, '\\$1');

const userRef = (u: { username: string }) => `@${u.username}`;

export const systemNotes = {
  /** GitLab's status page notes (publish, unpublish). */
  statusPagePublished: (published: boolean): SystemNoteText => ({
    body: published ? 'published this incident to the status page' : 'removed this incident from the status page',
    icon: 'issues',
  }),
  /** GitLab's ZoomLinkService notes. */
  zoomMeeting: (added: boolean): SystemNoteText => ({ body: added ? 'added a Zoom call to this issue' : 'removed a Zoom call from this issue', icon: 'video' }),
  /** GitLab's time-tracking notes ("changed time estimate to 1h", "added 30m of time spent"). */
  timeEstimate: (seconds: number): SystemNoteText => ({ body: TIME_TRACKING_TEXTS.estimateChanged(seconds), icon: 'timer' }),
  timeSpent: (seconds: number | 'reset', spentAt?: string | null): SystemNoteText => ({
    body: seconds === 'reset' ? TIME_TRACKING_TEXTS.timeSpentRemoved : TIME_TRACKING_TEXTS.timeSpentChanged(seconds, spentAt),
    icon: 'timer',
  }),
  titleChanged: (from: string, to: string): SystemNoteText => ({
    body: `changed title from **${escapeMarkdown(from)}** to **${escapeMarkdown(to)}**`,
    icon: 'pencil-square',
  }),
  descriptionChanged: (): SystemNoteText => ({ body: 'changed the description', icon: 'pencil-square' }),
  /** A task-list item ticked or cleared on the page (GitLab's wording). */
  taskToggled: (item: string, checked: boolean): SystemNoteText => ({
    body: `marked the checklist item **${escapeMarkdown(item)}** as ${checked ? 'completed' : 'incomplete'}`,
    icon: 'check-square-o',
  }),
  closed: (): SystemNoteText => ({ body: 'closed', icon: 'issue-close' }),
  /** An issue moved to another project (GitLab's wording), on the original and on the copy. */
  movedTo: (ref: string): SystemNoteText => ({ body: `moved to ${ref}`, icon: 'arrow-right' }),
  movedFrom: (ref: string): SystemNoteText => ({ body: `moved from ${ref}`, icon: 'arrow-right' }),
  clonedTo: (ref: string): SystemNoteText => ({ body: `cloned to ${ref}`, icon: 'documents' }),
  clonedFrom: (ref: string): SystemNoteText => ({ body: `cloned from ${ref}`, icon: 'documents' }),
  duplicateOf: (ref: string): SystemNoteText => ({ body: `marked this issue as a duplicate of ${ref}`, icon: 'duplicate' }),
  duplicatedBy: (ref: string): SystemNoteText => ({ body: `marked ${ref} as a duplicate of this issue`, icon: 'duplicate' }),
  reopened: (): SystemNoteText => ({ body: 'reopened', icon: 'issue-reopen' }),
  confidentiality: (confidential: boolean): SystemNoteText =>
    confidential
      ? { body: 'made the issue confidential', icon: 'eye-slash' }
      : { body: 'made the issue visible to everyone', icon: 'eye' },
  discussionLock: (locked: boolean): SystemNoteText => ({
    body: locked ? 'locked the discussion in this issue' : 'unlocked the discussion in this issue',
    icon: 'lock',
  }),
  dueDate: (date: string | null): SystemNoteText => ({
    body: date ? `changed due date to ${date}` : 'removed due date',
    icon: 'calendar',
  }),
  weight: (weight: number | null): SystemNoteText => ({
    body: weight === null ? 'removed the weight' : `changed weight to **${weight}**`,
    icon: 'weight',
  }),
  /** "added ~"bug" label and removed ~"a" ~"b" labels" (GitLab's wording, labels by quoted title). */
  labels: (added: ReadonlyArray<{ title: string }>, removed: ReadonlyArray<{ title: string }>): SystemNoteText => {
    const refs = (ls: ReadonlyArray<{ title: string }>) => ls.map((l) => `~"${l.title.replace(/"/g, '')}"`).join(' ');
    const noun = (n: number) => (n === 1 ? 'label' : 'labels');
    const parts: string[] = [];
    if (added.length) parts.push(`added ${refs(added)} ${noun(added.length)}`);
    if (removed.length) parts.push(`removed ${refs(removed)} ${noun(removed.length)}`);
    return { body: parts.join(' and '), icon: 'label' };
  },
  /** "assigned to @a and unassigned @b" (GitLab's wording), empty changes left out. */
  assignees: (added: ReadonlyArray<{ username: string }>, removed: ReadonlyArray<{ username: string }>): SystemNoteText => {
    const parts: string[] = [];
    if (added.length) parts.push(`assigned to ${listOf(added.map(userRef))}`);
    if (removed.length) parts.push(`unassigned ${listOf(removed.map(userRef))}`);
    return { body: parts.join(' and '), icon: 'user' };
  },
  /** "requested review from @a and removed review request for @b" (GitLab's request_review / remove review wording). */
  reviewers: (added: ReadonlyArray<{ username: string }>, removed: ReadonlyArray<{ username: string }>): SystemNoteText => {
    const parts: string[] = [];
    if (added.length) parts.push(`requested review from ${listOf(added.map(userRef))}`);
    if (removed.length) parts.push(`removed review request for ${listOf(removed.map(userRef))}`);
    return { body: parts.join(' and '), icon: 'user' };
  },
  /**
   * Related issues (GitLab's relate_issuable / unrelate_issuable wording), from the viewpoint
   * of the issue the note is on; `ref` is the other issue as seen from there (#12 or group/project#12).
   */
  relatedIssue: (linkType: 'relates_to' | 'blocks' | 'is_blocked_by', ref: string): SystemNoteText => ({
    body:
      linkType === 'blocks'
        ? `marked this issue as blocking ${ref}`
        : linkType === 'is_blocked_by'
          ? `marked this issue as blocked by ${ref}`
          : `marked this issue as related to ${ref}`,
    icon: 'link',
  }),
  unrelatedIssue: (ref: string): SystemNoteText => ({ body: `removed the relation with ${ref}`, icon: 'unlink' }),
  /** The issue's epic (GitLab's epic_issue wording; `ref` is `&3` or `group&3` as seen from the issue). */
  epicAdded: (ref: string): SystemNoteText => ({ body: `added to epic ${ref}`, icon: 'epic' }),
  epicChanged: (ref: string): SystemNoteText => ({ body: `changed epic to ${ref}`, icon: 'epic' }),
  epicRemoved: (ref: string): SystemNoteText => ({ body: `removed from epic ${ref}`, icon: 'epic' }),
  /** The issue promoted to an epic (GitLab's 'promoted to epic &N'), and the epic's own note. */
  promotedToEpic: (ref: string): SystemNoteText => ({ body: `promoted to epic ${ref}`, icon: 'epic' }),
  /** On the epic: an issue joined or left it (GitLab's epic_issue_added / removed wording; `ref` is the issue's full reference). */
  epicIssueAdded: (ref: string): SystemNoteText => ({ body: `added issue ${ref}`, icon: 'issues' }),
  epicIssueRemoved: (ref: string): SystemNoteText => ({ body: `removed issue ${ref}`, icon: 'issues' }),
  /** On the epic: the issue it was promoted from. */
  epicPromotedFrom: (ref: string): SystemNoteText => ({ body: `promoted from issue ${ref}`, icon: 'epic' }),
  /** GitLab's epic tree notes: on the parent about its child and on the child about its parent (`ref` as seen from the noted epic). */
  childEpicAdded: (ref: string): SystemNoteText => ({ body: `added epic ${ref} as child epic`, icon: 'epic' }),
  parentEpicAdded: (ref: string): SystemNoteText => ({ body: `added epic ${ref} as parent epic`, icon: 'epic' }),
  childEpicRemoved: (ref: string): SystemNoteText => ({ body: `removed child epic ${ref}`, icon: 'epic' }),
  parentEpicRemoved: (ref: string): SystemNoteText => ({ body: `removed parent epic ${ref}`, icon: 'epic' }),
  /** An epic's confidentiality (GitLab names the noteable). */
  epicConfidentiality: (confidential: boolean): SystemNoteText =>
    confidential ? { body: 'made the epic confidential', icon: 'eye-slash' } : { body: 'made the epic visible to everyone', icon: 'eye' },
  /** An epic's fixed start and due dates. */
  epicStartDate: (date: string | null): SystemNoteText => ({ body: date ? `changed start date to ${date}` : 'removed the start date', icon: 'calendar' }),
  epicDueDate: (date: string | null): SystemNoteText => ({ body: date ? `changed due date to ${date}` : 'removed the due date', icon: 'calendar' }),
  /** An incident opened for an alert (the alert's reference, GitLab's ^alert#N). */
  incidentFromAlert: (alertIid: number): SystemNoteText => ({ body: `created incident from alert ^alert#${alertIid}`, icon: 'warning' }),
  /** GitLab's alert status note, on the alert's incident: "changed the status of alert ^alert#1 to **Acknowledged**". */
  alertStatus: (alertIid: number, label: string): SystemNoteText => ({ body: `changed the status of alert ^alert#${alertIid} to **${label}**`, icon: 'status' }),
  /** "changed milestone to %v1.0" / "removed milestone" (GitLab's wording; %"a b" when the title has spaces). */
  milestone: (m: { title: string } | null): SystemNoteText => ({
    body: m ? `changed milestone to ${milestoneRef(m.title)}` : 'removed milestone',
    icon: 'clock',
  }),
  healthStatus: (label: string | null): SystemNoteText => ({
    body: label ? `changed health status to **${label.toLowerCase()}**` : 'removed the health status',
    icon: 'status-health',
  }),
  severity: (label: string): SystemNoteText => ({ body: `changed the severity to **${label}**`, icon: 'information-o' }),
  iteration: (it: { title: string } | null): SystemNoteText => ({
    body: it ? `changed iteration to **${escapeMarkdown(it.title)}**` : 'removed iteration',
    icon: 'iteration',
  }),
};

/** A milestone reference as GitLab writes it: %v1.0, or %"Sprint 1" when the title is not one word. */
const milestoneRef = (title: string) => (/^[\w.-]+$/.test(title) ? `%${title}` : `%"${title.replace(/"/g, '')}"`);

/** "a", "a and b", "a, b, and c". */
function listOf(items: string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}
