/**
 * Quick actions (spec discussions §5): the commands Tandem runs from a comment or an issue
 * description, and GitLab's success and failure texts for them, word for word.
 */

/** Every supported command and its aliases (GitLab's names). */
export const QUICK_ACTION_NAMES = {
  close: [],
  reopen: [],
  title: [],
  assign: [],
  unassign: [],
  label: ['labels'],
  unlabel: ['remove_label'],
  relabel: [],
  due: [],
  remove_due_date: [],
  weight: [],
  clear_weight: [],
  confidential: [],
  lock: [],
  unlock: [],
  award: ['react'],
  epic: [],
  remove_epic: [],
  estimate: ['estimate_time'],
  remove_estimate: ['remove_time_estimate'],
  spend: ['spent', 'spend_time'],
  remove_time_spent: [],
  zoom: [],
  remove_zoom: [],
  relate: [],
  milestone: [],
  remove_milestone: [],
  publish: [],
} as const satisfies Record<string, readonly string[]>;
export type QuickActionName = keyof typeof QUICK_ACTION_NAMES;

/** "a", "a and b", "a, b, and c" (Rails' to_sentence, as GitLab's messages use it). */
export const toSentence = (items: readonly string[]): string =>
  items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;

export const QUICK_ACTION_TEXTS = {
  closed: (type = 'issue') => `Closed this ${type}.`,
  reopened: (type = 'issue') => `Reopened this ${type}.`,
  titleChanged: (title: string) => `Changed the title to "${title}".`,
  assigned: (usernames: readonly string[]) => `Assigned ${toSentence(usernames.map((u) => `@${u}`))}.`,
  unassigned: (usernames: readonly string[]) =>
    `Removed ${usernames.length === 1 ? 'assignee' : 'assignees'} ${toSentence(usernames.map((u) => `@${u}`))}.`,
  labelsAdded: (refs: readonly string[]) => `Added ${refs.join(' ')} ${refs.length === 1 ? 'label' : 'labels'}.`,
  labelsRemoved: (refs: readonly string[]) => `Removed ${refs.join(' ')} ${refs.length === 1 ? 'label' : 'labels'}.`,
  allLabelsRemoved: 'Removed all labels.',
  labelsReplaced: (refs: readonly string[]) => `Replaced all labels with ${refs.join(' ')} ${refs.length === 1 ? 'label' : 'labels'}.`,
  dueDateSet: (date: string) => `Set the due date to ${date}.`,
  dueDateRemoved: 'Removed the due date.',
  weightSet: (weight: number) => `Set the weight to ${weight}.`,
  weightCleared: 'Cleared weight.',
  madeConfidential: (type = 'issue') => `Made this ${type} confidential.`,
  locked: 'Locked the discussion.',
  unlocked: 'Unlocked the discussion.',
  awarded: (name: string) => `Toggled :${name}: emoji award.`,
  epicAdded: 'Added an issue to an epic.',
  epicRemoved: 'Removed an issue from an epic.',
  zoomAdded: 'Zoom meeting added.',
  zoomRemoved: 'Zoom meeting removed.',
  related: (refs: readonly string[]) => `Marked this issue as related to ${toSentence(refs)}.`,
  milestoneSet: (ref: string) => `Set the milestone to ${ref}.`,
  milestoneRemoved: (ref: string) => `Removed ${ref} milestone.`,
  /** GitLab's /publish (status page). */
  published: 'Issue published on status page.',
  /** A command the actor may not run, or that does not apply to the issue as it is. */
  couldNotApply: (name: string) => `Could not apply ${name} command.`,
  /** Users named in /assign or /unassign that do not exist. */
  usersNotFound: (refs: readonly string[]) => `Failed to find users for ${toSentence(refs)}.`,
} as const;

/**
 * What each command does, as the comment form's placeholder names it while one command is
 * applied ('Applying command to close this issue'; GitLab's command descriptions).
 */
export const QUICK_ACTION_DESCRIPTIONS: Record<QuickActionName, string> = {
  close: 'Close this issue',
  reopen: 'Reopen this issue',
  title: 'Change title',
  assign: 'Assign',
  unassign: 'Remove all or specific assignees',
  label: 'Add labels',
  unlabel: 'Remove all or specific labels',
  relabel: 'Replace all labels',
  due: 'Set due date',
  remove_due_date: 'Remove due date',
  weight: 'Set weight',
  clear_weight: 'Clear weight',
  confidential: 'Make issue confidential',
  lock: 'Lock the discussion',
  unlock: 'Unlock the discussion',
  award: 'Add emoji reaction',
  relate: 'Mark this issue as related to another issue',
  epic: 'Add to epic',
  remove_epic: 'Remove from epic',
  estimate: 'Set time estimate',
  remove_estimate: 'Remove time estimate',
  spend: 'Add or subtract spent time',
  remove_time_spent: 'Remove spent time',
  zoom: 'Add Zoom meeting',
  remove_zoom: 'Remove Zoom meeting',
  milestone: 'Set milestone',
  remove_milestone: 'Remove milestone',
  publish: 'Publish to status page',
};

/** The command a quick-action name or alias stands for (null for an unknown one). */
export function quickActionOf(nameOrAlias: string): QuickActionName | null {
  const n = nameOrAlias.toLowerCase();
  for (const [name, aliases] of Object.entries(QUICK_ACTION_NAMES) as Array<[QuickActionName, readonly string[]]>) {
    if (name === n || aliases.includes(n)) return name;
  }
  return null;
}
