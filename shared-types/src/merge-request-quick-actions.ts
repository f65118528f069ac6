/**
 * Quick actions on merge requests (spec discussions §5 applies to every noteable): GitLab's
 * merge request commands that Tandem's merge requests have fields for, their aliases, and
 * GitLab's texts for the ones issues do not have (quick-actions.ts holds the shared ones).
 */
import { QUICK_ACTION_DESCRIPTIONS, QUICK_ACTION_PARAMS, explainQuickAction, toSentence } from './quick-actions';

/** Every merge request command and its aliases (GitLab's names). */
export const MERGE_REQUEST_QUICK_ACTION_NAMES = {
  close: [],
  reopen: [],
  title: [],
  assign: [],
  unassign: [],
  assign_reviewer: ['reviewer', 'request_review'],
  unassign_reviewer: ['remove_reviewer'],
  label: ['labels'],
  unlabel: ['remove_label'],
  relabel: [],
  milestone: [],
  remove_milestone: [],
  lock: [],
  unlock: [],
  target_branch: [],
  draft: [],
  ready: [],
  approve: [],
  unapprove: [],
  merge: [],
  award: ['react'],
  todo: [],
  done: [],
  subscribe: [],
  unsubscribe: [],
} as const satisfies Record<string, readonly string[]>;
export type MergeRequestQuickActionName = keyof typeof MERGE_REQUEST_QUICK_ACTION_NAMES;

/** The comment form's 'Applying command to …' of each command (GitLab's descriptions). */
export const MERGE_REQUEST_QUICK_ACTION_DESCRIPTIONS: Record<MergeRequestQuickActionName, string> = {
  close: 'Close this merge request',
  reopen: 'Reopen this merge request',
  title: 'Change title',
  assign: 'Assign',
  unassign: 'Remove all or specific assignees',
  assign_reviewer: 'Assign reviewers',
  unassign_reviewer: 'Remove all or specific reviewers',
  label: 'Add labels',
  unlabel: 'Remove all or specific labels',
  relabel: 'Replace all labels',
  milestone: 'Set milestone',
  remove_milestone: 'Remove milestone',
  lock: 'Lock the discussion',
  unlock: 'Unlock the discussion',
  target_branch: 'Set target branch',
  draft: 'Set the Draft status',
  ready: 'Set the Ready status',
  approve: 'Approve a merge request',
  unapprove: 'Unapprove a merge request',
  merge: 'Merge immediately',
  award: 'Add emoji reaction',
  todo: QUICK_ACTION_DESCRIPTIONS.todo,
  done: QUICK_ACTION_DESCRIPTIONS.done,
  subscribe: QUICK_ACTION_DESCRIPTIONS.subscribe,
  unsubscribe: QUICK_ACTION_DESCRIPTIONS.unsubscribe,
};

/** The argument each merge request command takes, as the command autocomplete shows it (GitLab's params). */
export const MERGE_REQUEST_QUICK_ACTION_PARAMS: Partial<Record<MergeRequestQuickActionName, string>> = {
  title: QUICK_ACTION_PARAMS.title,
  assign: QUICK_ACTION_PARAMS.assign,
  unassign: QUICK_ACTION_PARAMS.unassign,
  assign_reviewer: '@user1 @user2',
  unassign_reviewer: '@user1 @user2',
  label: QUICK_ACTION_PARAMS.label,
  unlabel: QUICK_ACTION_PARAMS.unlabel,
  relabel: QUICK_ACTION_PARAMS.relabel,
  milestone: QUICK_ACTION_PARAMS.milestone,
  target_branch: '<Local branch name>',
  award: QUICK_ACTION_PARAMS.award,
};

/** GitLab's messages for the merge request commands issues do not have. */
export const MERGE_REQUEST_QUICK_ACTION_TEXTS = {
  reviewersAssigned: (usernames: readonly string[]) => `Assigned ${toSentence(usernames.map((u) => `@${u}`))} as ${usernames.length === 1 ? 'reviewer' : 'reviewers'}.`,
  reviewersRemoved: (usernames: readonly string[]) => `Removed ${usernames.length === 1 ? 'reviewer' : 'reviewers'} ${toSentence(usernames.map((u) => `@${u}`))}.`,
  allReviewersRemoved: 'Removed all reviewers.',
  targetBranchSet: (branch: string) => `Set target branch to ${branch}.`,
  markedDraft: 'Marked this merge request as a draft.',
  markedReady: 'Marked this merge request as ready.',
  approved: 'Approved the current merge request.',
  unapproved: 'Unapproved the current merge request.',
  merged: 'Merged this merge request.',
} as const;

/** The canonical merge request command a name or alias stands for (null: none). */
export function mergeRequestQuickActionOf(nameOrAlias: string): MergeRequestQuickActionName | null {
  const n = nameOrAlias.toLowerCase();
  for (const [name, aliases] of Object.entries(MERGE_REQUEST_QUICK_ACTION_NAMES) as Array<[MergeRequestQuickActionName, readonly string[]]>) {
    if (name === n || aliases.includes(n)) return name;
  }
  return null;
}

const userWords = (arg: string) => arg.split(/\s+/).filter(Boolean);

/**
 * GitLab's explanation of a merge request command (QuickActions explain: what a draft's or a
 * preview's command will do); the commands issues share keep their texts. The argument as typed.
 */
export function explainMergeRequestQuickAction(name: MergeRequestQuickActionName, arg: string): string {
  const a = arg.trim();
  const users = userWords(a);
  switch (name) {
    case 'close': return 'Closes this merge request.';
    case 'reopen': return 'Reopens this merge request.';
    case 'assign_reviewer': return `Assigns ${toSentence(users)} as ${users.length === 1 ? 'reviewer' : 'reviewers'}.`;
    case 'unassign_reviewer': return users.length ? `Removes ${users.length === 1 ? 'reviewer' : 'reviewers'} ${toSentence(users)}.` : 'Removes all reviewers.';
    case 'target_branch': return `Sets target branch to ${a}.`;
    case 'draft': return 'Marks this merge request as a draft.';
    case 'ready': return 'Marks this merge request as ready.';
    case 'approve': return 'Approve the current merge request.';
    case 'unapprove': return 'Unapprove the current merge request.';
    case 'merge': return 'Merges this merge request immediately.';
    default: return explainQuickAction(name, a);
  }
}
