import type { UserBasic } from './api';
import type { ApiIssueMilestone } from './sidebar-taxonomy';

/** GitLab's merge request states (a merged one never reopens). */
export type MergeRequestState = 'opened' | 'closed' | 'merged' | 'locked';

/** A merge request's state as its badges say it (the page header, the list, the popover, related merge requests). */
export const MERGE_REQUEST_STATE_LABELS = { opened: 'Open', merged: 'Merged', closed: 'Closed', locked: 'Locked' } as const satisfies Record<MergeRequestState, string>;

/** GitLab REST v4 MergeRequest entity (the fields Tandem stores; no CI: head_pipeline is null). */
export interface ApiMergeRequest {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  description: string | null;
  description_html: string;
  state: MergeRequestState;
  created_at: string;
  updated_at: string;
  merged_by: UserBasic | null;
  merge_user: UserBasic | null;
  merged_at: string | null;
  closed_by: UserBasic | null;
  closed_at: string | null;
  target_branch: string;
  source_branch: string;
  source_project_id: number;
  target_project_id: number;
  user_notes_count: number;
  upvotes: number;
  downvotes: number;
  author: UserBasic | null;
  assignees: UserBasic[];
  assignee: UserBasic | null;
  reviewers: UserBasic[];
  labels: string[];
  draft: boolean;
  work_in_progress: boolean;
  milestone: ApiIssueMilestone | null;
  merge_when_pipeline_succeeds: boolean;
  /** can_be_merged / cannot_be_merged / unchecked (GitLab's merge_status). */
  merge_status: 'can_be_merged' | 'cannot_be_merged' | 'unchecked';
  detailed_merge_status: string;
  sha: string | null;
  merge_commit_sha: string | null;
  squash_commit_sha: string | null;
  discussion_locked: boolean;
  should_remove_source_branch: boolean;
  force_remove_source_branch: boolean;
  squash: boolean;
  /** From a fork only: members of the target who may merge may push to the source branch (GitLab's allow_collaboration). */
  allow_collaboration?: boolean;
  /** GitLab's older name of allow_collaboration (same value). */
  allow_maintainer_to_push?: boolean;
  has_conflicts: boolean;
  reference: string;
  references: { short: string; relative: string; full: string };
  web_url: string;
  head_pipeline: null;
  pipeline: null;
  time_stats: { time_estimate: number; total_time_spent: number; human_time_estimate: string | null; human_total_time_spent: string | null };
  task_completion_status: { count: number; completed_count: number };
  /** Tandem: optimistic-locking version (a PUT may send it back; stale -> 409). */
  lock_version: number;
  /** The viewer's own notifications (GitLab's single merge request entity): false signed out; absent from lists. */
  subscribed?: boolean;
}

/** One commit as the MR's commits list gives it (GitLab's Commit entity). */
export interface ApiCommit {
  id: string;
  short_id: string;
  title: string;
  message: string;
  author_name: string;
  author_email: string;
  authored_date: string;
  committer_name: string;
  committer_email: string;
  committed_date: string;
  created_at: string;
  parent_ids: string[];
  web_url: string;
}

/** One file of a diff (GitLab's Diff entity). */
export interface ApiDiff {
  old_path: string;
  new_path: string;
  a_mode: string;
  b_mode: string;
  new_file: boolean;
  renamed_file: boolean;
  deleted_file: boolean;
  diff: string;
}

/** What an `merge_request.updated` event carries: the new values of what changed. */
export interface MergeRequestFieldsChanged {
  title?: string;
  description?: string | null;
  description_html?: string;
  state?: MergeRequestState;
  merged_at?: string | null;
  merged_by?: UserBasic | null;
  closed_at?: string | null;
  merge_commit_sha?: string | null;
  sha?: string | null;
  target_branch?: string;
  labels?: string[];
  /** With `labels`: the labels with their ids and colours (the history and GitLab's resource label events read them). */
  label_details?: Array<{ id: number; name: string; color: string; text_color: string; description: string | null }>;
  assignees?: UserBasic[];
  /** With GitLab's review state (unreviewed, reviewed, requested_changes, ...). */
  reviewers?: Array<UserBasic & { review_state: string }>;
  milestone?: ApiIssueMilestone | null;
  /** New commits on the source branch: watchers refetch the commits and changes. */
  commits_changed?: true;
  lock_version: number;
  updated_at: string;
}

/** GitLab's merge request page's start (the server embeds it; the client reads it on navigation). */
export interface MergeRequestPageData {
  mergeRequest: ApiMergeRequest;
  projectPath: string;
  /** Where the source branch of an open merge request lives (the project, or the fork it comes from): the diff's edit path. null: not open, the branch is gone, or the viewer cannot read that fork. */
  sourceProjectPath?: string | null;
  /**
   * The shared discussion area's flags (IssuePermissions), whether the viewer may merge, may apply suggestions (push to
   * the source branch: also what editing a file of the diff needs) and may fork the project (the diff header's fork message).
   */
  permissions: import('./api').IssuePermissions & { canMerge: boolean; canApplySuggestions: boolean; canForkProject?: boolean };
  /** Spec Noteable data `can_receive_suggestion` (GitLab's supports_suggestion?): the diff lines take code suggestions (Insert suggestion). */
  can_receive_suggestion: boolean;
  /** The merge request's event sequence at read time: the socket subscribes after it (MergeRequestsChannel). */
  seq: number;
  lastFetchedAt: number;
  awards: import('./discussions').NoteAward[];
  /** The issue page's notes data, plus the discussion filter dropdown's choices (GitLab's data-notes-filters). */
  notesData: NonNullable<import('./api').IssuePageData['notesData']> & { notesFilters: import('./discussions').NotesFilterOption[] };
  /** The sidebar's people with whether each may merge, reviewers with their review state. */
  sidebar: import('./merge-request-sidebar').MergeRequestSidebarPeople;
}

/** The create-merge-request dropdown's GET {can_create_path} answer. */
export interface CanCreateBranchResponse {
  can_create_branch: boolean;
  suggested_branch_name: string;
}

/** GET {refs_path}?search= : branch and tag names (GitLab's refs endpoint). */
export interface RefsResponse {
  Branches: string[];
  Tags: string[];
}

/** GitLab's texts of the create-merge-request dropdown and related cards (spec issue-page.md §5, §8). */
export const MERGE_REQUEST_TEXTS = {
  createMergeRequest: 'Create merge request',
  createBranch: 'Create branch',
  createMergeRequestAndBranch: 'Create merge request and branch',
  checkingBranchName: 'Checking branch name availability…',
  branchTaken: 'Branch is already taken',
  branchAvailable: 'Branch name is available',
  checkingSource: 'Checking source availability…',
  sourceNotAvailable: 'Source is not available',
  sourceAvailable: 'Source is available',
  checkRelatedBranchesFailed: 'Failed to check related branches.',
  createBranchFailed: 'Failed to create a branch for this issue. Please try again.',
  createMergeRequestFailed: 'Failed to create merge request. Please try again.',
  refLookupFailed: 'Failed to get ref.',
  relatedBranchesFailed: 'Failed to load related branches',
  forksFailed: 'Error fetching forked projects. Please try again.',
  noForks: 'No forks are available to you.',
  noMatchingResults: 'No Matching Results',
  relatedMergeRequestsFailed: 'Something went wrong while fetching related merge requests.',
  toggleFailed: (action: 'reopening' | 'closing') => `Something went wrong while ${action} the merge request. Please try again later.`,
  confidentialForkRequired: 'A private fork is required to create a merge request for a confidential issue.',
  /** GitLab's confidential merge request project field (project_form_group.vue). */
  forkProject: 'Project',
  searchForks: 'Search projects',
  privateForkSelected: "To protect this issue's confidentiality, a private fork of this project was selected.",
  /** "To protect this issue's confidentiality, %{forkLink} and set the fork's visibility to private.", around the link. */
  forkHelpBefore: "To protect this issue's confidentiality, ",
  forkLink: 'fork this project',
  forkHelpAfter: " and set the fork's visibility to private.",
  relatedMergeRequests: 'Related merge requests',
  relatedBranches: 'Related branches',
  opened: (time: string) => `Opened ${time}`,
  /** The header's menu button (its items: Report abuse). */
  headerActions: 'Merge request actions',
} as const;

/** GitLab's answers of PUT .../merge and POST .../merge_requests that are not validation. */
export const MERGE_REQUEST_ERRORS = {
  shaMismatch: (sha: string) => `SHA does not match HEAD of source branch: ${sha}`,
  /** Another open merge request from the same source branch into the same target. */
  alreadyExists: (iid: number) => `Another open merge request already exists for this source branch: !${iid}`,
  /** target_project_id that is not an upstream of the source project (GitLab's validate_fork). */
  notAFork: 'Source project is not a fork of the target project',
} as const;

/** Spec constants: the branch/ref check debounce, the related MR page size, the fork access floor, the popover delay. */
export const MERGE_REQUEST_LIMITS = {
  refCheckDebounceMs: 500,
  relatedMergeRequestsPerPage: 100,
  minimumForkAccessLevel: 30,
  popoverDelayMs: 200,
} as const;

/** `<iid>-<slugged title>` (GitLab's Issue#to_branch_name): lowercase, non-alphanumerics to single dashes, at most 100 characters. */
export function suggestedBranchName(iid: number, title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug ? `${iid}-${slug}` : `issue-${iid}`;
}

/** A merge request's stream path: its project's path and `/-/merge_requests` (no project path contains `/-/`). */
export const mergeRequestStreamPath = (projectPath: string) => `${projectPath}/-/merge_requests`;

/** The project path of a merge request stream path, or null for any other stream. */
export const projectOfMergeRequestStream = (path: string): string | null =>
  path.endsWith('/-/merge_requests') ? path.slice(0, -'/-/merge_requests'.length) : null;
