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
  todo: [],
  done: [],
  subscribe: [],
  unsubscribe: [],
  move: [],
  clone: [],
  duplicate: [],
  severity: [],
  health_status: [],
  iteration: [],
  unrelate: [],
  blocks: [],
  blocked_by: [],
  promote: [],
  copy_metadata: [],
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
  todoAdded: 'Added a to-do item.',
  todoDone: 'Marked to-do item as done.',
  subscribed: 'Subscribed to notifications.',
  unsubscribed: 'Unsubscribed from notifications.',
  moved: (path: string) => `Moved this issue to ${path}.`,
  moveNoTarget: "Unable to move. Target project or group doesn't exist or doesn't support this item type.",
  moveForbidden: 'Unable to move. Insufficient permissions.',
  cloned: (path: string) => `Cloned this issue to ${path}.`,
  cloneNoTarget: "Unable to clone. Target project or group doesn't exist or doesn't support this item type.",
  cloneForbidden: 'Unable to clone. Insufficient permissions.',
  cloneWrongParams: 'Failed to clone this issue: wrong parameters.',
  /** Tandem copies no comments on a clone: `--with_notes` is refused, not ignored. */
  cloneWithNotes: 'Failed to clone this issue: cloning with comments is not supported.',
  duplicateOf: (ref: string) => `Closed this issue. Marked as related to, and a duplicate of, ${ref}.`,
  duplicateNotFound: 'Failed to mark this issue as a duplicate because referenced item was not found.',
  duplicateSelf: 'Failed to mark the issue as duplicate of itself.',
  duplicateForbidden: 'Failed to mark this issue as duplicate due to insufficient permissions.',
  severitySet: (label: string) => `Severity updated to ${label}.`,
  severityNotFound: 'No severity matches the provided parameter',
  healthStatusSet: (status: string) => `Set health status to ${status}.`,
  iterationSet: (ref: string) => `Set the iteration to ${ref}.`,
  unrelated: (ref: string) => `Removed related issue ${ref}.`,
  unrelateNotFound: 'No linked issue matches the provided parameter.',
  blocks: (refs: readonly string[]) => `Marked ${toSentence(refs)} as blocked by this issue.`,
  blockedBy: (refs: readonly string[]) => `Marked this issue as blocked by ${toSentence(refs)}.`,
  promoted: 'Promoted issue to an epic.',
  metadataCopied: (ref: string) => `Copied labels and milestone from ${ref}.`,
  metadataNotFound: 'Failed to copy labels and milestone because the referenced issue was not found.',
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
  todo: 'Add a to-do item',
  done: 'Mark to-do item as done',
  subscribe: 'Subscribe',
  unsubscribe: 'Unsubscribe',
  move: 'Move this issue to another project',
  clone: 'Clone this issue',
  duplicate: 'Mark this issue as a duplicate of another issue',
  severity: 'Set severity',
  health_status: 'Set health status',
  iteration: 'Set iteration',
  unrelate: 'Remove related issue',
  blocks: 'Specifies that this issue blocks other issues',
  blocked_by: 'Mark this issue as blocked by other issues',
  promote: 'Promote issue to an epic',
  copy_metadata: 'Copy labels and milestone from other issue in this project',
};

/** The argument each command takes, as the autocomplete shows it (GitLab's params); none: no argument. */
export const QUICK_ACTION_PARAMS: Partial<Record<QuickActionName, string>> = {
  title: '<New title>',
  assign: '@user1 @user2',
  unassign: '@user1 @user2',
  label: '~label1 ~"label 2"',
  unlabel: '~label1 ~"label 2"',
  relabel: '~label1 ~"label 2"',
  due: '<in 2 days | this Friday | December 31st>',
  weight: '0, 1, 2, …',
  award: ':emoji:',
  epic: '<&epic | group&epic | Epic URL>',
  estimate: '<1w 3d 2h 14m>',
  spend: '<time(1h30m | -1h30m)> <date(YYYY-MM-DD)>',
  zoom: '<Zoom URL>',
  relate: '<#issue | group/project#issue | issue URL>',
  milestone: '%"milestone"',
  move: 'path/to/project',
  clone: 'path/to/project',
  duplicate: '<#issue | group/project#issue | issue URL>',
  severity: '1 / S1 / Critical',
  health_status: '<on_track|needs_attention|at_risk>',
  iteration: '*iteration:"iteration name" | *iteration:<ID>',
  unrelate: '<#issue | group/project#issue | issue URL>',
  blocks: '<#issue | group/project#issue | issue URL>',
  blocked_by: '<#issue | group/project#issue | issue URL>',
  copy_metadata: '#issue',
};

/**
 * What a pending command will do, as GitLab's preview ("explanation") words it; the argument as
 * typed (a reference, a path). Commands whose text needs the argument take it.
 */
export const QUICK_ACTION_EXPLANATIONS = {
  todo: 'Adds a to-do item.',
  done: 'Marks to-do item as done.',
  subscribe: 'Subscribes to notifications.',
  unsubscribe: 'Unsubscribes from notifications.',
  move: (path: string) => `Moves this issue to ${path}.`,
  clone: (path: string) => `Clones this issue, without comments, to ${path}.`,
  duplicate: (ref: string) => `Closes this issue. Marks as related to, and a duplicate of, ${ref}.`,
  severity: 'Sets the severity',
  health_status: (status: string) => `Sets health status to ${status}.`,
  iteration: (ref: string) => `Sets the iteration to ${ref}.`,
  unrelate: (ref: string) => `Removes related issue ${ref}.`,
  blocks: (refs: readonly string[]) => `Set this issue as blocking ${toSentence(refs)}.`,
  blocked_by: (refs: readonly string[]) => `Set this issue as blocked by ${toSentence(refs)}.`,
  promote: 'Promote issue to an epic',
  copy_metadata: (ref: string) => `Copy labels and milestone from ${ref}.`,
} as const;

/** One entry of the comment form's command autocomplete (GitLab's autocomplete_sources/commands). */
export interface QuickActionSource<N extends string = QuickActionName> {
  name: N;
  aliases: string[];
  description: string;
  params: string[];
  warning: string;
  icon: string;
}

/** The command a quick-action name or alias stands for (null for an unknown one). */
export function quickActionOf(nameOrAlias: string): QuickActionName | null {
  const n = nameOrAlias.toLowerCase();
  for (const [name, aliases] of Object.entries(QUICK_ACTION_NAMES) as Array<[QuickActionName, readonly string[]]>) {
    if (name === n || aliases.includes(n)) return name;
  }
  return null;
}

const words = (arg: string) => arg.split(/\s+/).filter(Boolean);
const plural = (n: number) => (n === 1 ? 'label' : 'labels');

/**
 * GitLab's preview of one command (its `explanation`): what the command will do, shown under a
 * comment's preview before it is sent. The argument as typed; the server's run may still refuse it.
 */
export function explainQuickAction(name: QuickActionName, arg: string): string {
  const a = arg.trim();
  const E = QUICK_ACTION_EXPLANATIONS;
  switch (name) {
    case 'close': return 'Closes this issue.';
    case 'reopen': return 'Reopens this issue.';
    case 'title': return `Changes the title to "${a}".`;
    case 'assign': return `Assigns ${toSentence(words(a))}.`;
    case 'unassign': return a ? `Removes assignee ${toSentence(words(a))}.` : 'Removes all assignees.';
    case 'label': return `Adds ${a} ${plural(words(a).length)}.`;
    case 'unlabel': return a ? `Removes ${a} ${plural(words(a).length)}.` : 'Removes all labels.';
    case 'relabel': return `Replaces all labels with ${a} ${plural(words(a).length)}.`;
    case 'due': return `Sets the due date to ${a}.`;
    case 'remove_due_date': return 'Removes the due date.';
    case 'weight': return `Sets weight to ${a}.`;
    case 'clear_weight': return 'Clears weight.';
    case 'confidential': return 'Makes this issue confidential.';
    case 'lock': return 'Locks the discussion.';
    case 'unlock': return 'Unlocks the discussion.';
    case 'award': return `Toggles ${a} emoji reaction.`;
    case 'epic': return 'Adds an issue to an epic.';
    case 'remove_epic': return 'Removes an issue from an epic.';
    case 'estimate': return `Sets time estimate to ${a}.`;
    case 'remove_estimate': return 'Removes time estimate.';
    case 'spend': return `Adds ${a} spent time.`;
    case 'remove_time_spent': return 'Removes spent time.';
    case 'zoom': return 'Adds a Zoom meeting.';
    case 'remove_zoom': return 'Remove Zoom meeting.';
    case 'relate': return `Marks this issue as related to ${toSentence(words(a))}.`;
    case 'milestone': return `Sets the milestone to ${a}.`;
    case 'remove_milestone': return 'Removes milestone.';
    case 'publish': return 'Publishes this issue to the associated status page.';
    case 'todo': case 'done': case 'subscribe': case 'unsubscribe': case 'severity': case 'promote': return E[name];
    case 'move': case 'clone': return E[name](words(a).filter((w) => w !== '--with_notes')[0] ?? '');
    case 'duplicate': case 'unrelate': case 'copy_metadata': case 'iteration': return E[name](a);
    case 'health_status': return E.health_status(a);
    case 'blocks': case 'blocked_by': return E[name](words(a));
  }
}
