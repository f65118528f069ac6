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
  milestone: null | { id: number; iid: number; title: string; state: string; due_date: string | null; web_url: string };
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
  /** Tandem extras (the page needs them; clients of the GitLab API ignore unknown fields). */
  lock_version: number;
  description_html: string;
  /** When and by whom the title or description was last edited (absent if never). */
  last_edited_at?: string;
  last_edited_by?: { name: string; username: string; web_url?: string; avatar_url?: string | null };
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
  namespace: { id: number; name: string; path: string; kind: 'group' | 'user'; full_path: string; parent_id: number | null; web_url: string };
  open_issues_count: number;
  issues_enabled: boolean;
  archived: boolean;
  _links: { self: string; issues: string };
  permissions?: { project_access: { access_level: number } | null; group_access: { access_level: number } | null };
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
}

export interface IssuePermissions {
  canUpdateIssue: boolean;
  canReopenIssue: boolean;
  canCreateIssue: boolean;
  canDestroy: boolean;
  canAdmin: boolean;
  canCreateNote: boolean;
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
}
