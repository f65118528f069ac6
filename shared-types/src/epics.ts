import type { UserBasic } from './api';

/** GitLab REST v4 Epic entity (groups/:id/epics), the fields Tandem stores. */
export interface ApiEpic {
  id: number;
  iid: number;
  group_id: number;
  parent_id: number | null;
  parent_iid: number | null;
  title: string;
  description: string | null;
  description_html: string;
  state: 'opened' | 'closed';
  confidential: boolean;
  author: UserBasic | null;
  start_date: string | null;
  end_date: string | null;
  /** GitLab sends the end date again as due_date. */
  due_date: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  labels: string[];
  upvotes: number;
  downvotes: number;
  web_url: string;
  /** GitLab's `&3` (short and relative) and `group/path&3` (full). */
  references: { short: string; relative: string; full: string };
  reference: string;
  _links: { self: string; epic_issues: string; group: string; parent: string | null };
  /** Tandem: optimistic-locking version, bumped by every write of the epic (PUT sends it back; stale -> 409). */
  lock_version: number;
}

/** The epic as an issue shows it (REST issue `epic`, the sidebar's selector, the `issue.epic` event). */
export interface ApiIssueEpic {
  id: number;
  iid: number;
  title: string;
  group_id: number;
  end_date: string | null;
  web_url: string;
  /** Relative to the issue's project: `&3` in its own group, `group/path&3` otherwise. */
  reference: string;
  confidential: boolean;
}

/** POST groups/:id/epics/:epic_iid/issues/:issue_id: GitLab's EpicIssueLink entity. */
export interface ApiEpicIssueLink {
  id: number;
  epic: ApiEpic;
  issue: import('./api').ApiIssue;
}

/** The spec's texts for epics (issue-page §8, sidebar epic selector, promote to epic). */
export const EPIC_TEXTS = {
  fetchFailed: 'Epics: Something went wrong while fetching group epics.',
  assignFailed: 'Something went wrong while assigning issue to epic.',
  removeFailed: 'Something went wrong while removing issue from epic.',
  noEpic: 'No Epic',
  promoteItem: 'Promote to epic',
  /** The epic page's live stream ended (access lost, or the epic deleted). */
  accessLost: 'You no longer have access to this epic. Live updates have stopped.',
  deletedWhileOpen: 'This epic was deleted.',
  fetchEpicFailed: 'Something went wrong while fetching the epic.',
  /** The spec's toggle failure (issue-page §8: 'Something went wrong while reopening/closing the epic/merge request. Please try again later.'). */
  stateFailed: (closing: boolean) => `Something went wrong while ${closing ? 'closing' : 'reopening'} the epic. Please try again later.`,
  /** The epic page's title/description form could not save. */
  updateFailed: 'Something went wrong while updating the epic.',
  editEpic: 'Edit epic',
  promoteSuccess: 'The issue was successfully promoted to an epic. Redirecting to epic...',
  promoteFailed: 'Something went wrong while promoting the issue to an epic. Please try again.',
  /** GitLab's rule: a confidential epic only takes confidential issues. */
  confidentialEpicPublicIssue: 'Cannot assign a confidential epic to a non-confidential issue. Make the issue confidential and try again.',
  /** The epic is not in the issue's group or one of its ancestors (GitLab's EpicIssues::CreateService). */
  epicOutOfHierarchy: 'Cannot assign an epic that is not in the group hierarchy of the issue',
  promoteNeedsGroup: 'Cannot promote issue because it does not belong to a group.',
  promoteAlreadyClosed: 'Cannot promote a closed issue.',
  /** The epic page's child epics tree (GitLab's related items tree). */
  childEpics: 'Child epics',
  noChildEpics: 'No child epics.',
  addExistingEpic: 'Add an existing epic',
  addNewEpic: 'Add a new epic',
  /** The spec's child-item failures (discussions §8): removing, not found, the 409 conflict, anything else. */
  removeEpicsFailed: 'An error occurred while removing epics.',
  epicCannotBeFound: 'Epic cannot be found.',
  maxChildEpics: 'This epic already has the maximum number of child epics.',
  addChildFailed: 'Something went wrong on our end. Please try again!',
  /** GitLab's Epic#validate_parent texts: why an epic cannot become this one's child (409). */
  childIsSelf: 'This epic cannot be added. An epic cannot be added to itself.',
  childAlreadyAssigned: 'This epic cannot be added. It is already assigned to the parent epic.',
  childIsAncestor: 'This epic cannot be added. It is already an ancestor of the parent epic.',
  childTooDeep: (max: number) => `This epic cannot be added. One or more epics would exceed the maximum depth (${max}) from its most distant ancestor.`,
  childOutOfHierarchy: 'This epic cannot be added. An epic must belong to the same group or subgroup as its parent epic.',
  childConfidential: 'This epic cannot be added. A non-confidential epic cannot be added to a confidential parent epic.',
} as const;

/** GitLab's epic tree limits (Epic::MAX_HIERARCHY_DEPTH, Epic::MAX_CHILDREN_COUNT); the spec names them without values. */
export const EPIC_MAX_DEPTH = 7;
export const EPIC_MAX_CHILDREN = 100;

/** The epic selector's search debounce (spec issue-page §9). */
export const EPIC_SEARCH_DEBOUNCE_MS = 250;

/** The error after the first colon of a server message (the spec's "or the server text after the first colon"). */
export function afterFirstColon(message: string): string | null {
  const k = message.indexOf(':');
  const rest = k >= 0 ? message.slice(k + 1).trim() : '';
  return rest || null;
}

/**
 * GET /groups/{group}/-/epics/{iid}/page.json: the epic page's start, as IssuePageData is the
 * issue page's. `permissions` are the discussion area's flags (IssuePermissions' names: the
 * area is shared); epics do not lock, so the when-locked/unlocked flags equal canCreateNote.
 */
export interface EpicPageData {
  epic: ApiEpic;
  permissions: import('./api').IssuePermissions;
  /** The epic's event sequence at render time: the socket subscribes after it (EpicsChannel). */
  seq: number;
  /** µs since epoch, for X-Last-Fetched-At */
  lastFetchedAt: number;
  /** Awards on the epic itself. */
  awards: import('./discussions').NoteAward[];
  notesData: NonNullable<import('./api').IssuePageData['notesData']>;
}
