import type { UserBasic } from './api';

/** GitLab's reviewer states (merge_request_reviewers.state). */
export type ReviewState = 'unreviewed' | 'review_started' | 'reviewed' | 'requested_changes' | 'approved' | 'unapproved';

/** The states after which a reviewer "has reviewed" (GitLab's mergeRequestInteraction.reviewed): re-requesting a review is offered. */
export const REVIEWED_STATES: readonly ReviewState[] = ['reviewed', 'requested_changes', 'approved'];

/** A person of the merge request sidebar: whether they may merge it (GitLab's can_merge). */
export interface MergeRequestSidebarUser extends UserBasic {
  can_merge: boolean;
  /** GitLab's availability ('busy' or 'not_set'): 'busy' adds '(Busy)' to the person's tooltip. */
  availability: import('./sidebar-people').UserAvailability;
}

export interface MergeRequestSidebarReviewer extends MergeRequestSidebarUser {
  review_state: ReviewState;
  reviewed: boolean;
}

/** The merge request page's sidebar people (page.json; read again after every merge_request.updated). */
export interface MergeRequestSidebarPeople {
  assignees: MergeRequestSidebarUser[];
  reviewers: MergeRequestSidebarReviewer[];
}

/** GitLab's reviewer texts (spec sidebar-and-widgets.md §5, §8, §9). */
export const REVIEWER_TEXTS = {
  header: (n: number) => (n === 0 || n === 1 ? 'Reviewer' : `${n} Reviewers`),
  /** A person who may not merge, in their tooltip (reviewers and the merge request's assignees). */
  cannotMerge: 'Cannot merge',
  /**
   * The collapsed list's merge status: nothing when everyone can merge; 'N/M can merge' when
   * some can; 'cannot merge' for one who cannot, 'no one can merge' for several.
   */
  mergeStatus: (canMerge: number, total: number): string =>
    canMerge === total ? '' : canMerge > 0 ? `${canMerge}/${total} can merge` : total === 1 ? 'cannot merge' : 'no one can merge',
  more: (n: number) => `+ ${n} more`,
  reRequest: 'Re-request review',
  reRequested: 'Review requested',
  saveFailed: 'Error occurred when saving reviewers.',
  searchUsers: 'Search users',
} as const;

/** The spec's reviewer constants (§9): the collapsed count caps at 99+, five names in the tooltip, the re-request success lasts 1.5 s. */
export const REVIEWER_LIMITS = {
  collapsedCountMax: 99,
  tooltipNames: 5,
  rereviewSuccessMs: 1500,
} as const;
