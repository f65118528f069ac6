import type { ApiIssueIteration, ApiIssueMilestone, HealthStatus, Severity } from './sidebar-taxonomy';
/** REST shapes (GitLab v4 compatible) shared by server mappers and client. */
export interface UserBasic {
  id: number;
  username: string;
  name: string;
  state: string;
  locked: boolean;
  avatar_url: string | null;
  web_url: string;
}

export interface CurrentUser extends UserBasic {
  email: string;
  is_admin: boolean;
  created_at: string;
  /** When the address was confirmed (GitLab's confirmed_at); null while it is not. */
  confirmed_at?: string | null;
}

export interface TaskCompletionStatus {
  count: number;
  completed_count: number;
}

export interface ApiIssue {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  description: string | null;
  state: 'opened' | 'closed';
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  closed_by: UserBasic | null;
  labels: string[];
  milestone: null | ApiIssueMilestone;
  assignees: UserBasic[];
  assignee: UserBasic | null;
  author: UserBasic;
  type: 'ISSUE' | 'INCIDENT' | 'TEST_CASE';
  issue_type: 'issue' | 'incident' | 'test_case';
  user_notes_count: number;
  merge_requests_count: number;
  upvotes: number;
  downvotes: number;
  due_date: string | null;
  /** GitLab's issue weight (a non-negative integer), null when not set. */
  weight: number | null;
  confidential: boolean;
  discussion_locked: boolean;
  web_url: string;
  time_stats: { time_estimate: number; total_time_spent: number; human_time_estimate: string | null; human_total_time_spent: string | null };
  task_completion_status: TaskCompletionStatus;
  has_tasks: boolean;
  references: { short: string; relative: string; full: string };
  _links: { self: string; notes: string; award_emoji: string; project: string };
  subscribed: boolean;
  moved_to_id: number | null;
  /** GitLab's service_desk_reply_to: the external author's address of an issue made by Service Desk mail; null otherwise. */
  service_desk_reply_to?: string | null;
  /** The issue's epic (GitLab's REST `epic` and `epic_iid`), null when none. */
  epic: import('./epics').ApiIssueEpic | null;
  epic_iid: number | null;
  /** Tandem extra: where a moved issue went (the page's "moved to" link), null when not moved. */
  moved_to_web_url?: string | null;
  /** GitLab's health status (none is null), incident severity, and iteration (sidebar-taxonomy.ts). */
  health_status?: HealthStatus | null;
  severity?: Severity;
  iteration?: ApiIssueIteration | null;
  /** Tandem extras (the page needs them; clients of the GitLab API ignore unknown fields). */
  lock_version: number;
  description_html: string;
  /** When and by whom the title or description was last edited (absent if never). */
  last_edited_at?: string;
  last_edited_by?: { name: string; username: string; web_url?: string; avatar_url?: string | null };
  /** The pinned meeting link set with /zoom (null or absent: none). */
  zoom_meeting_url?: string | null;
}

export interface ApiProject {
  id: number;
  name: string;
  name_with_namespace: string;
  path: string;
  path_with_namespace: string;
  description: string | null;
  visibility: 'private' | 'internal' | 'public';
  created_at: string;
  default_branch: string | null;
  web_url: string;
  /** The URL to clone over HTTP (`git clone <it>`): `{web_url}.git`. */
  http_url_to_repo: string;
  namespace: { id: number; name: string; path: string; kind: 'group' | 'user'; full_path: string; parent_id: number | null; web_url: string };
  open_issues_count: number;
  issues_enabled: boolean;
  archived: boolean;
  _links: { self: string; issues: string };
  /** GitLab's Service Desk setting. */
  service_desk_enabled: boolean;
  /** Its incoming address (GitLab: shown to reporters and up, on GET/PUT /projects/:id); null when incoming mail is not configured. */
  service_desk_address?: string | null;
  /** Whether the project takes merge requests (GitLab's merge_requests_enabled). */
  merge_requests_enabled: boolean;
  /** The project this one is a fork of, when the reader may see it (GitLab: absent for a project that is no fork). */
  forked_from_project?: ApiForkedProject;
  permissions?: { project_access: { access_level: number } | null; group_access: { access_level: number } | null };
}

/** A fork's upstream, or a fork in GET /projects/:id/forks's simple form (spec issue-page.md §3: forked project). */
export interface ApiForkedProject {
  id: number;
  name: string;
  name_with_namespace: string;
  path: string;
  path_with_namespace: string;
  visibility: 'private' | 'internal' | 'public';
  web_url: string;
  namespace: { id: number; full_path: string };
}

/** A project or group member (GitLab's Member entity: UserBasic + the membership). */
export interface ApiMember extends UserBasic {
  access_level: number;
  /** YYYY-MM-DD, or null for a membership that does not expire. */
  expires_at: string | null;
  created_at: string;
  membership_state: 'active';
}

/** GET /groups/:id, the minimal group shape. */
export interface ApiGroup {
  id: number;
  name: string;
  path: string;
  full_path: string;
  full_name: string;
  description: string | null;
  parent_id: number | null;
  visibility: 'private' | 'internal' | 'public';
  web_url: string;
  created_at: string;
}

/** GET {issue}/realtime_changes: GitLab's shape, so its pollers read it unchanged. */
export interface RealtimeChanges {
  title: string;
  title_text: string;
  description: string;
  description_text: string;
  task_completion_status: TaskCompletionStatus;
  lock_version: number;
  state: 'opened' | 'closed';
  updated_at?: string;
  updated_by_name?: string;
  updated_by_path?: string;
}

/** What the server embeds in the HTML so the issue page paints without a round trip. */
export interface PageData {
  currentUser: CurrentUser | null;
  csrfToken: string | null;
  issue?: IssuePageData;
  /** Feature flags that are on (GitLab's gon.features), by GitLab's names. */
  features?: { cveIdRequestButton?: boolean };
  /** The signed-in user has still to confirm their address (EMAIL_CONFIRMATION=soft): every page says so. */
  emailConfirmation?: import('./registration').EmailConfirmationNotice | null;
  /** The server answered this page 404 (an unknown or unreadable project or issue): the client shows its not-found page. */
  notFound?: boolean;
}

/** The issue page's permission flags (spec issue-page §6, discussions §3 noteable current_user). */
export interface IssuePermissions {
  /** Close (and edit): update_issue. */
  canUpdateIssue: boolean;
  canReopenIssue: boolean;
  canCreateIssue: boolean;
  canDestroy: boolean;
  /** admin_issue: labels, milestone, lock, confidentiality, linked issues. */
  canAdmin: boolean;
  canCreateNote: boolean;
  /**
   * `canCreateNote` were the discussion locked / unlocked: a lock or unlock while the page is
   * open swaps the comment form and the locked widget live (issue.updated discussion_locked).
   */
  canCreateNoteWhenLocked: boolean;
  canCreateNoteWhenUnlocked: boolean;
  /** The edit button, task-list checkboxes and sidebar editing (the spec's canUpdate / editable). */
  canUpdate: boolean;
  /** Internal notes: write one (reporter and up). */
  canCreateInternalNote: boolean;
  /** Emoji reactions on the issue and its notes. */
  canAwardEmoji: boolean;
  /**
   * `canAwardEmoji` were the discussion locked / unlocked: a lock while the page is open hides
   * the reaction controls live for those who may no longer react (and an unlock shows them).
   * Absent: the page keeps canAwardEmoji.
   */
  canAwardEmojiWhenLocked?: boolean;
  canAwardEmojiWhenUnlocked?: boolean;
  /** Header: 'Report abuse' (signed in, not the author). The header flags below: absent is false. */
  canReportAbuse?: boolean;
  /** Header: 'Submit as spam' (admins). */
  canReportSpam?: boolean;
  /** Header: 'Promote to epic': admin_issue here and create_epic in the project's group. */
  canPromoteToEpic?: boolean;
  /** The edit form's Delete shows with canDestroy and this. */
  showDeleteButton?: boolean;
}

/** A note's author as the page's note JSON carries it (UserBasic plus GitLab's `path`). */
export interface NoteAuthor extends UserBasic {
  path: string;
}

/** What the viewer may do with one note (NoteEntity `current_user`; discussions spec §6). */
export interface NoteCurrentUser {
  /** Edit and delete. */
  can_edit: boolean;
  can_award_emoji: boolean;
  can_resolve: boolean;
  /** Resolve the whole discussion (offered on its root note). */
  can_resolve_discussion: boolean;
}

/**
 * The one note shape: the notes polling endpoint, discussions.json, note REST answers and
 * the realtime `note.*` events all carry it (GitLab's NoteEntity,
 * plus the REST Note's `body` and `noteable_iid`). Discussion fields are here from the start.
 */
export interface ApiNote {
  /** A string, as GitLab's page endpoints give it. */
  id: string;
  type: 'DiscussionNote' | 'DiffNote' | null;
  /** A DiffNote's place in the merge request's diff. */
  position?: import('./merge-request-diffs').ApiDiffPosition;
  /** A DiffNote's position when it was made (GitLab's original_position); `position` follows pushes. */
  original_position?: import('./merge-request-diffs').ApiDiffPosition;
  /** A DiffNote whose line changed in a later push: its `position` is on an older version of the diff. */
  outdated?: boolean;
  /** The author is no member of the project but has merged merge requests in it (GitLab's is_contributor). */
  is_contributor?: boolean;
  /** A diff note's code suggestions (GitLab's `suggestions`). */
  suggestions?: import('./review-drafts').ApiSuggestion[];
  /** Markdown source; `note` and `body` are the same text (page and REST names). */
  note: string;
  body: string;
  note_html: string;
  author: NoteAuthor | null;
  created_at: string;
  updated_at: string;
  last_edited_at: string | null;
  last_edited_by: UserBasic | null;
  system: boolean;
  /** Icon of a system note's timeline entry; null for comments. */
  system_note_icon_name: string | null;
  noteable_id: number;
  noteable_type: string;
  noteable_iid: number | null;
  /** Permalink on the noteable's page (`...#note_<id>`). */
  noteable_note_url: string;
  /**
   * The Report abuse form about this comment's author (GitLab's NoteEntity `report_abuse_path`:
   * `abuseReportPath` with the note's id, as `noteablePaths().reportAbuse` builds it); null for
   * system notes, notes of a deleted user and an epic's notes, which offer none.
   */
  report_abuse_path: string | null;
  project_id: number | null;
  /** 40-hex id of the discussion (thread) the note belongs to. */
  discussion_id: string;
  /** True for a stand-alone comment, false for a note in a thread. */
  individual_note: boolean;
  internal: boolean;
  /** Older name of `internal`, same value. */
  confidential: boolean;
  resolvable: boolean;
  resolved: boolean;
  resolved_at: string | null;
  resolved_by: UserBasic | null;
  emoji_awardable: boolean;
  /**
   * The author's role in the project for the note header's badge ('Owner', 'Maintainer',
   * 'Developer', 'Reporter'; null below Reporter or not a member). Present where the server
   * knows it: discussions.json, and live notes created or edited by their author.
   */
  human_access?: string | null;
  /** Awards on the note (discussions.json and polling); absent in broadcast events (award.toggled keeps them live). */
  award_emoji?: import('./discussions').NoteAward[];
  /** System notes of description changes: the version they describe, for the compare view. */
  description_version_id?: number | null;
  description_version_deleted?: boolean;
  /** The first version of a merged run of description edits (the compare starts before it). */
  start_description_version_id?: number | null;
  /** GET: the diff this note shows (noteablePaths().descriptionDiff). */
  description_diff_path?: string;
  /** DELETE: soft-deletes the version (noteablePaths().descriptionVersion); allowed with can_delete_description_version. */
  delete_description_version_path?: string;
  /**
   * Present when the answer is for one viewer (polling, discussions.json, REST); absent in
   * broadcast realtime events, which every watcher receives alike.
   */
  current_user?: NoteCurrentUser;
}

/** GET {noteable}/notes with X-Last-Fetched-At (GitLab's notes polling shape). */
export interface NotesPollResponse {
  notes: ApiNote[];
  /** µs since the epoch: the next request's X-Last-Fetched-At. */
  last_fetched_at: number;
  more: boolean;
}

export interface IssuePageData {
  issue: ApiIssue;
  project: ApiProject;
  permissions: IssuePermissions;
  /** The issue's event sequence at render time: the socket subscribes after it. */
  seq: number;
  endpoint: string;
  realtimeChangesPath: string;
  notesPath: string;
  /** µs since epoch, for X-Last-Fetched-At */
  lastFetchedAt: number;
  /** Awards on the issue itself (the awards bar under the description). */
  awards?: import('./discussions').NoteAward[];
  /** Spec createNoteEmail: the viewer's own address that turns a mail into their comment; absent without incoming mail or the right to comment. */
  createNoteEmail?: string | null;
  /** The issue came from a service-desk project by a move into this one, which has Service Desk off: the page shows SERVICE_DESK_TEXTS.movedWarning. */
  movedServiceDeskWarning?: boolean;
  /** The CVE ID request block (flag cveIdRequestButton, CVE_REQUEST_PROJECT set, maintainer; shown while the issue is confidential): where its button and help link go. */
  cveRequest?: { newIssuePath: string; helpPath: string } | null;
  /** Open issues that block this one (the close-issue confirmation asks when there are any). */
  blocked_by_count?: number;
  blocked_by_issues?: Array<{ id: number; iid: number; title: string; reference: string; web_url: string }>;
  /** The stack trace card (spec issue_stack_trace_path): the JSON of the error this issue was made from; absent or null without one, or for those who may not read errors. */
  issueStackTracePath?: string | null;
  /** Incident metric images are enabled (METRIC_IMAGES): the Metrics tab shows (GitLab's uploadMetricsFeatureAvailable). */
  uploadMetricsFeatureAvailable?: boolean;
  /** The incident's link on the project's status page while published (spec issue page props), else null. */
  publishedIncidentUrl?: string | null;
  /** The viewer may publish this incident to the status page (and unpublish it): maintainers, status page on. */
  canPublishStatusPage?: boolean;
  /** The discussion area's start (spec Notes data): the viewer's saved filter and the count the skeleton is sized by. */
  notesData?: {
    /** The viewer's persisted discussions filter (0 all, 1 comments, 2 history). */
    notesFilter: import('./discussions').NotesFilter;
    /** How many discussions the page will show (skeleton lines: 1 to 3). */
    prerenderedNotesCount: number;
    isProjectArchived: boolean;
  };
}
