import type { ApiIssue, ApiNote, UserBasic } from './api';
import type { AutocompleteKind, AutocompleteSourceKind } from './markdown-editor';

/**
 * The discussion area's contract (spec discussions.md): discussions, awards, related issues,
 * description versions, and the page paths the client calls and the server routes. Server and
 * client both build paths with `noteablePaths`, so they cannot drift apart.
 */

/** discussions.json `notes_filter` (spec §4, UserPreference::NOTES_FILTERS). */
export const NOTES_FILTER = { all: 0, comments: 1, history: 2 } as const;
export type NotesFilter = (typeof NOTES_FILTER)[keyof typeof NOTES_FILTER];

export type NotesSort = 'asc' | 'desc';

/** One choice of the merge request's discussion filter dropdown (GitLab's data-notes-filters: title and value). */
export interface NotesFilterOption {
  title: string;
  value: NotesFilter;
}

/** One award on an issue or a note as the page carries it (NoteEntity award_emoji). */
export interface NoteAward {
  name: string;
  user: Pick<UserBasic, 'id' | 'name' | 'username'>;
}

/** REST v4 AwardEmoji (GET/POST .../award_emoji). */
export interface ApiAwardEmoji {
  id: number;
  name: string;
  user: UserBasic;
  created_at: string;
  updated_at: string;
  awardable_id: number;
  awardable_type: 'Issue' | 'Note' | 'Epic';
}

/** A thread or an individual note (DiscussionEntity; spec §3 Discussion). */
export interface ApiDiscussion {
  /** 40-hex discussion id; also the reply target. */
  id: string;
  reply_id: string;
  project_id: number | null;
  individual_note: boolean;
  /** GitLab always sends these false/null for issue discussions; kept for merge-request diff threads later. */
  diff_discussion: boolean;
  /** A diff thread's position (its first note's). */
  position?: import('./merge-request-diffs').ApiDiffPosition;
  /** A diff thread's position when it was started. */
  original_position?: import('./merge-request-diffs').ApiDiffPosition;
  /** A diff thread on the current version of the diff (false: outdated by a push). */
  active?: boolean;
  /** GET: the thread's code excerpt (merge request diff threads; mergeRequestDiscussionDiffLinesPath). */
  truncated_diff_lines_path?: string;
  /** A diff thread's file (GitLab's diff_file: file_hash, file_path, diff_refs), at its position. */
  diff_file?: { file_hash: string; file_path: string; diff_refs: { base_sha: string; start_sha: string; head_sha: string } };
  for_commit: boolean;
  commit_id: string | null;
  expanded: boolean;
  confidential: boolean;
  resolvable: boolean;
  /** Resolved only when every resolvable note in it is (spec §4). */
  resolved: boolean;
  resolved_at: string | null;
  resolved_by: UserBasic | null;
  /** Resolved by a push that outdated it (GitLab's resolve_outdated_diff_discussions): Tandem never does, so always false. */
  resolved_by_push: boolean;
  /** PUT resolves, DELETE unresolves. */
  resolve_path: string;
  discussion_path: string;
  created_at: string;
  notes: ApiNote[];
}

/** Relation types of related issues (spec §3). */
export const LINK_TYPES = ['relates_to', 'blocks', 'is_blocked_by'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_LABELS: Record<LinkType, string> = {
  relates_to: 'relates to',
  blocks: 'blocks',
  is_blocked_by: 'is blocked by',
};

/** A linked issue as the related-issues block lists it (GitLab's LinkedProjectIssueEntity). */
export interface RelatedIssue {
  id: number;
  iid: number;
  title: string;
  state: 'opened' | 'closed';
  confidential: boolean;
  reference: string;
  path: string;
  project_path: string;
  link_type: LinkType;
  /** The link's id: DELETE relation_path removes it; PUT reorders. */
  id_link: number;
  relation_path: string;
  relative_position: number;
  assignees: UserBasic[];
  due_date: string | null;
  weight: number | null;
  milestone: ApiIssue['milestone'];
  created_at: string;
  closed_at: string | null;
}

/** REST v4 GET .../links item: the issue plus its link facts. */
export type ApiRelatedIssue = ApiIssue & { issue_link_id: number; link_type: LinkType; link_created_at: string; link_updated_at: string };

/** POST {create note}: the note, or for a quick-action-only body the commands' outcome. */
export interface CreateNoteResponse {
  /** Present when a note was stored (absent for a command-only comment). */
  id?: string;
  /** The created note (return_discussion: false) or its discussion (true), GitLab's shapes. */
  note?: ApiNote;
  discussion?: ApiDiscussion;
  /** Quick actions applied (emoji_award, spend_time, time_estimate, ...). */
  commands_changes?: Record<string, unknown>;
  /** "Commands applied" style messages of a quick-action run (GitLab's quick_actions_status). */
  quick_actions_status?: { messages: string[]; error_messages?: string[] };
  errors?: { commands_only?: string[]; base?: string[] } | string[];
}

/** GET description diff (description versions, spec §4). */
export interface DescriptionDiff {
  /** HTML of the inline diff: <ins class="idiff addition"> / <del class="idiff deletion">. */
  diff: string;
}

/** Idempotency of a comment submit: a retry with the same key returns the first comment. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The page paths of one noteable (issues now). `projectPath` is the full path, `iid` the
 * issue's iid and `id` its database id (GitLab's notes endpoints take the id).
 */
export function noteablePaths(projectPath: string, iid: number, id: number) {
  const project = `/${projectPath}`;
  const issue = `${project}/-/issues/${iid}`;
  return {
    /** The group whose context the markdown preview renders &epic references in (Tandem's `group` of POST /api/v4/markdown): an epic's. */
    previewGroup: null as string | null,
    /** Whose quick actions a comment's preview explains (GitLab's preview_markdown target_type): a merge request's; null: an issue's. */
    previewTargetType: null as 'MergeRequest' | null,
    /** GET ?notes_filter=0|1|2&persist_filter=true|false -> ApiDiscussion[] */
    discussions: `${issue}/discussions.json`,
    /** GET with X-Last-Fetched-At -> NotesPollResponse */
    notes: `${project}/noteable/issue/${id}/notes`,
    /** POST {note: {noteable_type, noteable_id, note, type?, internal?}, in_reply_to_discussion_id?, return_discussion?} */
    createNote: `${project}/notes?target_type=issue&target_id=${id}`,
    /** PUT {note: {note}} -> ApiNote (410 when deleted); DELETE */
    note: (noteId: string | number) => `${project}/notes/${noteId}?target_type=issue&target_id=${id}`,
    /** POST resolves, DELETE unresolves one note -> ApiDiscussion */
    noteResolve: (noteId: string | number) => `${project}/notes/${noteId}/resolve`,
    /** PUT resolves, DELETE unresolves every note of the thread -> ApiDiscussion */
    discussionResolve: (discussionId: string) => `${issue}/discussions/${discussionId}/resolve`,
    discussion: (discussionId: string) => `${issue}/discussions/${discussionId}`,
    /** POST {name} toggles the viewer's award on a note */
    noteAward: (noteId: string | number) => `${project}/notes/${noteId}/toggle_award_emoji`,
    /** POST {name} toggles the viewer's award on the issue; GET lists the issue's awards (NoteAward[]) */
    issueAward: `${issue}/toggle_award_emoji`,
    /** GET -> RelatedIssue[]; POST {issuable_references: string[], link_type} -> {issuables: RelatedIssue[], message?} */
    relatedIssues: `${issue}/links`,
    /** DELETE -> {issuables}; PUT {epic: {move_before_id, move_after_id}} reorders */
    relatedIssue: (linkId: number) => `${issue}/links/${linkId}`,
    /** GET ?start_version_id= -> DescriptionDiff; DELETE soft-deletes the version */
    descriptionDiff: (versionId: number, startVersionId?: number) =>
      `${issue}/descriptions/${versionId}/diff${startVersionId ? `?start_version_id=${startVersionId}` : ''}`,
    descriptionVersion: (versionId: number) => `${issue}/descriptions/${versionId}`,
    /** POST multipart `file` -> {alt, url, markdown} */
    uploads: `${project}/uploads`,
    /** GET ?search= -> autocomplete items per kind (members, issues, labels, milestones, the issue's commands; epics on an epic) */
    autocomplete: (kind: AutocompleteSourceKind) => `${project}/-/autocomplete_sources/${kind}?type=Issue&type_id=${iid}`,
    /** The kinds the comment boxes autocomplete here (a project has no epics). */
    autocompleteKinds: ['members', 'issues', 'labels', 'milestones', 'emoji', 'commands'] as readonly AutocompleteKind[],
    /** The Report abuse form about a comment's author: the server's note `report_abuse_path` (ApiNote); null: notes here offer none. */
    reportAbuse: ((noteId: string | number) => abuseReportPath(projectPath, iid, 'Issue', noteId)) as ((noteId: string | number) => string) | null,
  };
}

/**
 * The Report abuse form's page: about a noteable's author, or (`noteId`) a comment's (POST
 * /-/abuse_reports). `note_id` comes last, so `abuseReportPath(..., '')` is the part before a
 * new note's id (the server's write fills the id in, as it does the note's permalink).
 */
export function abuseReportPath(projectPath: string, iid: number, noteableType: 'Issue' | 'MergeRequest' = 'Issue', noteId?: string | number): string {
  const q = new URLSearchParams({ project_path: projectPath, iid: String(iid) });
  if (noteableType !== 'Issue') q.set('noteable_type', noteableType);
  if (noteId !== undefined) q.set('note_id', String(noteId));
  return `/-/abuse_reports/new?${q}`;
}

/**
 * The page paths of an epic's discussion (GitLab's group epic routes), the same shape as an
 * issue's so the discussion area takes either. Uploads and autocomplete are the group's.
 */
export function epicNoteablePaths(groupPath: string, iid: number, id: number): ReturnType<typeof noteablePaths> {
  const epic = `/groups/${groupPath}/-/epics/${iid}`;
  const base = noteablePaths(`groups/${groupPath}`, iid, id);
  return {
    ...base,
    discussions: `${epic}/discussions.json`,
    notes: `${epic}/notes`,
    createNote: `${epic}/notes?target_type=epic&target_id=${id}`,
    note: (noteId) => `${epic}/notes/${noteId}?target_type=epic&target_id=${id}`,
    noteResolve: (noteId) => `${epic}/notes/${noteId}/resolve`,
    discussionResolve: (discussionId) => `${epic}/discussions/${discussionId}/resolve`,
    discussion: (discussionId) => `${epic}/discussions/${discussionId}`,
    noteAward: (noteId) => `${epic}/notes/${noteId}/toggle_award_emoji`,
    issueAward: `${epic}/toggle_award_emoji`,
    relatedIssues: `${epic}/links`,
    relatedIssue: (linkId) => `${epic}/links/${linkId}`,
    descriptionDiff: (versionId, startVersionId) => `${epic}/descriptions/${versionId}/diff${startVersionId ? `?start_version_id=${startVersionId}` : ''}`,
    descriptionVersion: (versionId) => `${epic}/descriptions/${versionId}`,
    // The group's attachments and autocomplete sources (GitLab's group routes)
    uploads: `/groups/${groupPath}/-/uploads`,
    autocomplete: (kind) => `/groups/${groupPath}/-/autocomplete_sources/${kind}?type=Epic&type_id=${iid}`,
    autocompleteKinds: ['members', 'issues', 'labels', 'milestones', 'epics', 'emoji'],
    previewGroup: groupPath,
    // Abuse reports name a project's issue or merge request
    reportAbuse: null,
  };
}

/**
 * The page paths of a merge request's discussion: its notes sit under the merge request (as an
 * epic's do), so `*project/notes` stays the issue's; uploads and autocomplete are the project's.
 */
export function mergeRequestNoteablePaths(projectPath: string, iid: number, id: number): ReturnType<typeof noteablePaths> {
  const mr = `/${projectPath}/-/merge_requests/${iid}`;
  const base = noteablePaths(projectPath, iid, id);
  return {
    ...base,
    previewTargetType: 'MergeRequest',
    discussions: `${mr}/discussions.json`,
    notes: `${mr}/notes`,
    createNote: `${mr}/notes?target_type=merge_request&target_id=${id}`,
    note: (noteId) => `${mr}/notes/${noteId}?target_type=merge_request&target_id=${id}`,
    noteResolve: (noteId) => `${mr}/notes/${noteId}/resolve`,
    discussionResolve: (discussionId) => `${mr}/discussions/${discussionId}/resolve`,
    discussion: (discussionId) => `${mr}/discussions/${discussionId}`,
    noteAward: (noteId) => `${mr}/notes/${noteId}/toggle_award_emoji`,
    issueAward: `${mr}/toggle_award_emoji`,
    relatedIssues: `${mr}/links`,
    relatedIssue: (linkId) => `${mr}/links/${linkId}`,
    descriptionDiff: (versionId, startVersionId) => `${mr}/descriptions/${versionId}/diff${startVersionId ? `?start_version_id=${startVersionId}` : ''}`,
    descriptionVersion: (versionId) => `${mr}/descriptions/${versionId}`,
    autocomplete: (kind) => `/${projectPath}/-/autocomplete_sources/${kind}?type=MergeRequest&type_id=${iid}`,
    reportAbuse: (noteId) => abuseReportPath(projectPath, iid, 'MergeRequest', noteId),
  };
}

/** The paths of a noteable of any type (`path`: the project's, or an epic's group). */
export function noteablePathsOf(type: 'Issue' | 'Epic' | 'MergeRequest', path: string, iid: number, id: number): ReturnType<typeof noteablePaths> {
  return type === 'Epic' ? epicNoteablePaths(path, iid, id) : type === 'MergeRequest' ? mergeRequestNoteablePaths(path, iid, id) : noteablePaths(path, iid, id);
}

/** The paths of the noteable whose stream path this is (an issue's project path, or an epic's `groups/<group>`). */
export function streamNoteablePaths(streamPath: string, iid: number, id: number): ReturnType<typeof noteablePaths> {
  const group = streamPath.startsWith('groups/') ? streamPath.slice('groups/'.length) : null;
  if (streamPath.endsWith('/-/merge_requests')) return mergeRequestNoteablePaths(streamPath.slice(0, -'/-/merge_requests'.length), iid, id);
  return group === null ? noteablePaths(streamPath, iid, id) : epicNoteablePaths(group, iid, id);
}

/** POST {project}/uploads answer: the file's link, and the markdown the comment form inserts. */
export interface UploadResponse {
  alt: string;
  url: string;
  markdown: string;
}

/** Attachment texts (ours; GitLab's wording where it has one). */
export const UPLOAD_TEXTS = {
  tooLarge: (maxBytes: number) => `File is too big. Max filesize: ${Math.round(maxBytes / 1024 / 1024)}MiB.`,
  missing: 'is missing',
  /** The name says an image type the bytes are not (file-type reads them). */
  typeMismatch: (ext: string) => `does not contain a ${ext} image: its content is not of that type`,
  /** The bytes say the right type but the image cannot be decoded. */
  unreadableImage: 'is not a readable image',
} as const;

/** Thumbs up and down are exclusive: awarding one removes the other (spec §4 award rules). */
export const EXCLUSIVE_AWARDS: Readonly<Record<string, string>> = { thumbsup: 'thumbsdown', thumbsdown: 'thumbsup' };

export const DISCUSSION_LIMITS = {
  /** Emoji tooltip: at most 10 names, then ", and N more." */
  awardTooltipNames: 10,
  /** Frequently used emojis kept (cookie, 365 days). */
  frequentEmojis: 9,
  frequentEmojiCookie: 'frequently_used_emojis',
  frequentEmojiCookieDays: 365,
  emojiSearchDebounceMs: 500,
  /** A dismissed callout stays dismissed this long (its cookie), unless dismissed for the session only. */
  calloutDismissalDays: 365,
  /** The emoji menu appears this long after its first creation (later openings at once). */
  emojiMenuFirstShowDelayMs: 200,
  /** Description-change system notes by one author within this many minutes merge into one. */
  descriptionMergeMinutes: 10,
  /** Discussion fetch timeout (spec §9). */
  discussionFetchTimeoutMs: 750,
  /** Skeleton placeholder lines (spec §2: 1 to 3). */
  skeletonMaxLines: 3,
  /** Email participants named in the warning box before "and N more". */
  emailParticipantsShown: 3,
  /** Commit-list system notes collapse beyond this many items. */
  commitListCollapseAt: 3,
  /** discussions.json page size when paginated (per_page), and the cursor header. */
  discussionsPerPage: 100,
  /** The first page is one screenful, so the top of a long discussion paints at once (the rest streams in). */
  discussionsFirstPage: 20,
  nextPageCursorHeader: 'x-next-page-cursor',
  /** Autocomplete requests are debounced (ours). */
  autocompleteDebounceMs: 200,
  /** A comment whose send failed while the page is connected is sent again this often (ours), with its key. */
  outboxRetryMs: 5000,
  /** Largest attachment accepted (ours; GitLab's default is 100 MB). */
  uploadMaxBytes: 10 * 1024 * 1024,
} as const;

/** The discussion area's texts, word for word as the spec gives them (discussions.md §5, §6, §8). */
export const DISCUSSION_TEXTS = {
  /** GitLab's button on a commit-list system note with more than 3 commits. */
  toggleCommitList: 'Toggle commit list',
  fetchLatestFailed: 'Something went wrong while fetching latest comments.',
  fetchFailed: 'Something went wrong while fetching comments. Please try again.',
  submitFailedNetwork: 'Your comment could not be submitted! Please check your network connection and try again.',
  submitFailedBecause: (firstBaseError: string) => `Your comment could not be submitted because ${firstBaseError.toLowerCase()}.`,
  awardFailed: 'Something went wrong while adding your award. Please try again.',
  descriptionChangesFetchFailed: 'Something went wrong while fetching description changes. Please try again.',
  descriptionChangesDeleteFailed: 'Something went wrong while deleting description changes. Please try again.',
  /** The description-version compare under a "changed the description" note (GitLab's labels). */
  compareDescriptionVersion: 'Compare with previous version',
  removeDescriptionHistory: 'Remove description history',
  updateFailed: 'Update failed',
  deleteNoteFailed: 'Something went wrong while deleting your note. Please try again.',
  editNoteFailed: 'Something went wrong while editing your comment. Please try again.',
  updateAssigneesFailed: 'Something went wrong while updating assignees',
  /** A note's action (spec §6, can_update): its author made an assignee of the issue, or no longer. */
  assignCommenter: 'Assign to commenting user',
  unassignCommenter: 'Unassign from commenting user',
  reactionFailed: 'Something went wrong on our end.',
  confidentialityFailed: (type: string) => `Something went wrong while setting ${type} confidentiality.`,
  resolveFailed: 'Something went wrong while resolving this discussion. Please try again.',
  draftSaveFailed: 'An error occurred while saving the draft comment.',
  fetchIssuesFailed: 'An error occurred while fetching issues.',
  reorderIssuesFailed: 'An error occurred while reordering issues.',
  removeIssuesFailed: 'An error occurred while removing issues.',
  issueCannotBeFound: 'Issue cannot be found.',
  genericOnOurEnd: 'Something went wrong on our end. Please try again!',
  noEmojisFound: 'No emojis found.',
  /** The emoji menu's categories (the emoji data) could not be added; the frequently used ones still work. */
  emojiCategoriesFailed: 'We encountered an error while adding the remaining categories',
  remoteChangeWhileEditing:
    'This comment changed after you started editing it. Review the updated comment to ensure information is not lost.',
  commandsApplied: 'Commands applied',
  applyingCommand: 'Applying command',
  applyingMultipleCommands: 'Applying multiple commands',
  applyingCommandTo: (description: string) => `Applying command to ${description}`,
  confirmCancelReply: 'Are you sure you want to cancel creating this comment?',
  confirmCancelEdit: 'Are you sure you want to cancel editing this comment?',
  confirmDelete: (typeOfComment: 'comment' | 'pending comment') => `Are you sure you want to delete this ${typeOfComment}?`,
  signedOut: 'Please register or sign in to reply',
  locked: (type: string) => `This ${type} is locked. Only project members can comment.`,
  archived: 'This project is archived and cannot be commented on.',
  showAllActivity: 'Show all activity',
  showCommentsOnly: 'Show comments only',
  filterAll: 'Show all activity',
  filterComments: 'Show comments only',
  filterHistory: 'Show history only',
  sortOldest: 'Oldest first',
  sortNewest: 'Newest first',
  deletedUser: 'A deleted user',
  lockUnlockedSays: 'Everyone will be able to comment.',
  lockLockedSays: 'Only project members will be able to comment.',
  applying: 'Applying',
  andMore: (n: number) => `, and ${n} more.`,
  you: 'You',
  /** Related issues (ours where the spec gives no text; it names the messages, not their words). */
  relatedNotFound: 'No matching issue was found.',
  relatedAlreadyLinked: 'Issue(s) already assigned',
  /** A POST related-issues answer naming the references that found no readable issue (GitLab's wording plus the names). */
  relatedNotFoundFor: (refs: string) => `No matching issue found for ${refs}. Make sure that you are adding a valid issue URL.`,
  relatedNoPermission: 'You do not have permission to link these issues.',
  /** Close confirmation when the issue is blocked by open issues (issue-page spec). */
  blockedCloseConfirm: (n: number) => `This issue is currently blocked by ${n === 1 ? '1 issue' : `${n} issues`}. Are you sure you want to close it?`,
  awardNotAllowed: 'You cannot award emoji to this resource.',
  resolveFailedServer: 'Discussion failed to be resolved',
  unresolveFailedServer: 'Discussion failed to be unresolved',
} as const;

/**
 * The merge request's discussion filter choices, as its page data carries them (GitLab's
 * UserPreference.notes_filters: "Show all activity", "Show comments only", "Show history only").
 */
export const NOTES_FILTER_OPTIONS: readonly NotesFilterOption[] = [
  { title: DISCUSSION_TEXTS.filterAll, value: NOTES_FILTER.all },
  { title: DISCUSSION_TEXTS.filterComments, value: NOTES_FILTER.comments },
  { title: DISCUSSION_TEXTS.filterHistory, value: NOTES_FILTER.history },
];

/** The comment form's own texts (GitLab's comment warning box, pending comments, thread counter). */
export const NOTE_FORM_TEXTS = {
  confidentialWarning: (type: string) => `This is a confidential ${type}. People without permission will never get a notification.`,
  lockedWarning: (type: string) => `This ${type} is locked. Only project members can comment.`,
  confidentialLockedWarning: (type: string) =>
    `This ${type} is confidential and locked. People without permission will never get a notification and won't be able to comment.`,
  commentPlaceholder: 'Write a comment or drag your files here…',
  replyPlaceholder: 'Write a reply…',
  /** Cancelling a reply with text asks first (its dialog's title and confirm button; the question is DISCUSSION_TEXTS.confirmCancelReply). */
  cancelReplyTitle: 'Cancel reply',
  discardReply: 'Discard reply',
  /** Above a public comment on an issue whose email participants are mailed it (GitLab's email participants warning; `more`: the ones not named yet). */
  emailParticipantsWarning: (shown: readonly string[], more: number) => (more > 0 ? `${shown.join(', ')}, and ${more} more will be notified of your comment.` : `${shown.join(', ')} will be notified of your comment.`),
  emailParticipantsMore: (more: number) => `and ${more} more`,
  /** The reply form's toggle (spec §2: a resolve or unresolve toggle beside the textarea): the thread is resolved or unresolved with the reply. */
  replyAndResolve: 'Resolve thread',
  replyAndUnresolve: 'Unresolve thread',
  pending: 'Pending',
  pendingQueued: 'Will be sent when the connection returns.',
  retryNow: 'Retry now',
  threadsResolved: (resolved: number, total: number) => `${resolved} of ${total} ${total === 1 ? 'thread' : 'threads'} resolved`,
  jumpToNextUnresolved: 'Jump to next unresolved thread',
  resolvedBy: (name: string) => `resolved by ${name}`,
  edited: 'Edited',
  noComments: 'No activity yet.',
  /** GitLab's notice when the history-only filter hides comments (it replaces the comment form). */
  filteredNotice: "You're only seeing other activity in the feed. To add a comment, switch to one of the following options.",
  timelineView: 'Timeline view',
  loadingMore: 'Loading more activity…',
  /** Internal notes (GitLab's comment form and note header wording). */
  internalCheckbox: 'Make this an internal note',
  internalHelp: 'Internal notes are only visible to members with the role of Reporter or higher',
  addInternalNote: 'Add internal note',
  startInternalThread: 'Start internal thread',
  internalBadge: 'Internal note',
  internalBadgeTitle: 'This internal note will always remain confidential',
  /** The badge on notes by the issue's author (GitLab's note header). */
  authorBadge: 'Author',
  authorBadgeTitle: 'This user is the author of this issue.',
  /** The role badge's title (GitLab's note header: human_access). */
  roleBadgeTitle: (role: string) => `This user has the ${role} role in this project.`,
  /** A non-member author with merged merge requests in the project (GitLab's is_contributor). */
  contributorBadge: 'Contributor',
  contributorBadgeTitle: 'This user has previously committed to this project.',
} as const;

/** The fields of a note the resolve rule reads. */
export type ResolvableNoteState = Pick<ApiNote, 'resolvable' | 'resolved'>;

/**
 * A discussion counts as resolved only when every resolvable note in it is resolved, and it
 * has at least one (spec §4). Server and client decide with this one rule.
 */
export function discussionResolved(notes: readonly ResolvableNoteState[]): boolean {
  const resolvable = notes.filter((n) => n.resolvable);
  return resolvable.length > 0 && resolvable.every((n) => n.resolved);
}

/** Note write messages of ours (the catalogue in errors.ts holds the HTTP ones). */
export const NOTE_ERRORS = {
  /** An Idempotency-Key already used for a comment on another noteable. */
  idempotencyKeyReused: 'was already used for another comment',
} as const;
