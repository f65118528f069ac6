/**
 * Batch review (discussions.md "drafts and batch review") and code suggestions: GitLab's draft
 * notes and suggestions REST shapes, and the texts the review widgets and the suggestion block
 * show. Drafts are visible only to their author until the review is submitted.
 */
import type { ApiDiffPosition } from './merge-request-diffs';
import type { UserBasic } from './api';
import { DISCUSSION_TEXTS } from './discussions';

/** GitLab's draft note (GET/POST .../merge_requests/:iid/draft_notes), plus what the page shows of it. */
export interface ApiDraftNote {
  id: number;
  author_id: number;
  merge_request_id: number;
  /** The thread it replies to once published (GitLab's discussion_id / in_reply_to_discussion_id). */
  discussion_id: string | null;
  resolve_discussion: boolean;
  note: string;
  /** Server-rendered, sanitised HTML of `note` (the pending card's body). */
  note_html: string;
  commit_id: string | null;
  /** A diff draft's line; null for a draft on the overview. */
  position: ApiDiffPosition | null;
  line_code: string | null;
  file_path: string | null;
  author: UserBasic | null;
  /**
   * GitLab's draft references: `users`, the existing users its text mentions; `commands`, what
   * its quick actions will do when the review is published (their explanation, rendered and
   * sanitised HTML; '' without commands).
   */
  references: { users: string[]; commands: string };
  created_at: string;
  updated_at: string;
}

/** The limits of a review. */
export const REVIEW_LIMITS = {
  /** Drafts one author may hold on one merge request. */
  maxDrafts: 500,
} as const;

/** The review widgets' texts (discussions.md §2 "Note form", "Other widgets"). */
export const REVIEW_TEXTS = {
  startReview: 'Start a review',
  addToReview: 'Add to review',
  addCommentNow: 'Add comment now',
  cancel: 'Cancel',
  pending: 'Pending',
  submitReview: 'Submit review',
  /** The review bar: the draft count beside "Submit review". */
  pendingComments: (n: number) => (n === 1 ? '1 pending comment' : `${n} pending comments`),
  summaryLabel: 'Summary comment (optional)',
  deleteDraft: 'Delete',
  /** discussions.md §8 (the text lives once, in DISCUSSION_TEXTS). */
  saveFailed: DISCUSSION_TEXTS.draftSaveFailed,
  publishFailed: 'Something went wrong while submitting your review. Please try again.',
  resolveThread: 'Resolve thread',
  reply: 'Reply…',
  /** A diff thread's resolved line (GitLab: "Resolved by %{name}"). */
  resolvedBy: (name: string | null) => (name ? `Resolved by ${name}` : 'Resolved'),
} as const;

/** Validation messages of the draft notes API (400, naming the field). */
export const DRAFT_ERRORS = {
  tooMany: `You can have at most ${REVIEW_LIMITS.maxDrafts} pending comments on a merge request.`,
  discussionNotFound: 'is not a discussion of this merge request',
} as const;

/** GitLab's suggestion of a note (note JSON `suggestions`). */
export interface ApiSuggestion {
  id: number;
  /** The first and last line the suggestion replaces, in the new file. */
  from_line: number;
  to_line: number;
  appliable: boolean;
  applied: boolean;
  from_content: string;
  to_content: string;
  /** Why it cannot be applied (null when it can). */
  inapplicable_reason: string | null;
}

/** Code suggestions' texts: the block's buttons and GitLab's refusals (the server's message is shown when present). */
export const SUGGESTION_TEXTS = {
  applySuggestion: 'Apply suggestion',
  addToBatch: 'Add suggestion to batch',
  removeFromBatch: 'Remove from batch',
  applyBatch: (n: number) => (n === 1 ? 'Apply 1 suggestion' : `Apply ${n} suggestions`),
  applied: 'Applied',
  suggestedChange: 'Suggested change',
  commitMessageLabel: 'Commit message',
  /** The apply dropdown's button, under its commit message field. */
  apply: 'Apply',
  /** The diff comment form's button: a suggestion block holding the commented line (discussions.md "the suggestion option"). */
  insertSuggestion: 'Insert suggestion',
  /** discussions.md §8. */
  applyFailed: 'Something went wrong while applying the suggestion. Please try again.',
  applyBatchFailed: 'Something went wrong while applying the batch of suggestions. Please try again.',
  /** GitLab's default commit message for applied suggestions. */
  defaultCommitMessage: 'Apply %{suggestions_count} suggestion(s) to %{files_count} file(s)',
  /** GitLab's reasons a suggestion cannot be applied. */
  outdated: (lines: number) => `Can't apply as ${lines > 1 ? 'these lines were' : 'this line was'} changed in a more recent version.`,
  sourceBranchDeleted: "Can't apply as the source branch was deleted.",
  merged: 'This merge request was merged. To apply this suggestion, edit this file directly.',
  closed: 'This merge request is closed. To apply this suggestion, edit this file directly.',
  alreadyApplied: "Can't apply as this suggestion has already been applied.",
  sameContent: 'This suggestion already matches its content.',
  fileChanged: 'A file has been changed.',
  notFound: 'Suggestion is not applicable as the suggestion was not found.',
  linesOverlap: 'Suggestions are not applicable as their lines cannot overlap.',
  sameBranch: 'Suggestions must all be on the same branch.',
  alsoResolves: 'This also resolves this thread',
  /** Ours: an edit may not change or remove a suggestion already applied (its commit is on the branch). */
  appliedEditRefused: 'cannot change or remove a suggestion that has already been applied',
} as const;

/** The default commit message with its counts filled (GitLab's placeholders). */
export function suggestionCommitMessage(template: string, counts: { suggestions: number; files: number; branch: string; projectPath: string; username: string; filePaths: string[] }): string {
  return template
    .replace(/%\{suggestions_count\}/g, String(counts.suggestions))
    .replace(/%\{files_count\}/g, String(counts.files))
    .replace(/%\{branch_name\}/g, counts.branch)
    .replace(/%\{project_path\}/g, counts.projectPath)
    .replace(/%\{username\}/g, counts.username)
    .replace(/%\{file_paths\}/g, counts.filePaths.join(', '));
}
