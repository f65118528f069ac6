import { MERGE_REQUEST_QUICK_ACTION_NAMES, MERGE_REQUEST_QUICK_ACTION_TEXTS as M, QUICK_ACTION_TEXTS as T, type MergeRequestQuickActionName, type MergeRequestState } from '@tandem/shared-types';
import type { MergeRequestAbility } from '../../../core/policy/policy';
import { labelRefs, milestoneTitle, userRefs } from '../../issue/fields/quick-action';
import type { QuickActionCommand } from '../../issue/quick-actions/parse-quick-actions';
import type { MergeRequestInput } from '../merge-request.validation';

type Person = { id: number; username: string };

/** The merge request as its commands see it (later commands see earlier ones' effect). */
export interface MergeRequestCommandSubject {
  state: MergeRequestState;
  title: string;
  discussionLocked: boolean;
  targetBranch: string;
  sourceBranch: string;
  assignees: Person[];
  reviewers: Array<Person & { review_state: string }>;
  labels: Array<{ id: number; title: string }>;
  milestone: { id: number; title: string } | null;
  /** The actor's pending to-do on it (read only when /todo or /done is asked about; undefined: not read). */
  hasTodo?: boolean;
  /** Whether the actor gets its notifications (read only for /subscribe and /unsubscribe). */
  subscribed?: boolean;
}

/** What the arguments name, read by the caller only for the commands present (one query each). */
export interface MergeRequestCommandLookups {
  /** Users by lower-case username. */
  users: ReadonlyMap<string, Person>;
  /** Labels the project may use, by lower-case title. */
  labels: ReadonlyMap<string, { id: number; title: string }>;
  /** Milestones the project may use, by lower-case title. */
  milestones: ReadonlyMap<string, { id: number; title: string }>;
  /** The branches /target_branch names that exist. */
  branches: ReadonlySet<string>;
}

export interface MergeRequestCommandEnv {
  actor: Person;
  /** May the actor do this to the merge request (merge-request-permissions.ts)? */
  can(ability: MergeRequestAbility): boolean;
  /** May the actor award emoji on it (the noteable's awardEmoji)? */
  canAward: boolean;
}

export interface MergeRequestCommandPlan {
  /** The edit for UpdateMergeRequestAction (the sidebar's and REST's one path). */
  input: MergeRequestInput;
  /** The actor's own review state (/approve, /unapprove). */
  review: 'approved' | 'unapproved' | null;
  /** /merge: merged after the comment's transaction, through MergeMergeRequestAction. */
  merge: boolean;
  messages: string[];
  errorMessages: string[];
  /** GitLab's commands_changes. */
  changes: Record<string, unknown>;
}

/** The ability each command needs (GitLab: admin_merge_request for the sidebar's fields, update for text and state). */
export const MERGE_REQUEST_COMMAND_ABILITY: Record<Exclude<MergeRequestQuickActionName, 'award'>, MergeRequestAbility> = {
  close: 'update_merge_request',
  reopen: 'update_merge_request',
  title: 'update_merge_request',
  draft: 'update_merge_request',
  ready: 'update_merge_request',
  assign: 'admin_merge_request',
  unassign: 'admin_merge_request',
  assign_reviewer: 'admin_merge_request',
  unassign_reviewer: 'admin_merge_request',
  label: 'admin_merge_request',
  unlabel: 'admin_merge_request',
  relabel: 'admin_merge_request',
  milestone: 'admin_merge_request',
  remove_milestone: 'admin_merge_request',
  lock: 'admin_merge_request',
  unlock: 'admin_merge_request',
  target_branch: 'admin_merge_request',
  approve: 'merge_merge_request',
  unapprove: 'merge_merge_request',
  merge: 'merge_merge_request',
  // The actor's own to-do and notifications (the issue side's ability, GitLab's update_subscription)
  todo: 'update_subscription',
  done: 'update_subscription',
  subscribe: 'update_subscription',
  unsubscribe: 'update_subscription',
};

/** GitLab's draft prefixes ("Draft:", "[Draft]", "(Draft)", "Draft - "). */
const DRAFT_PREFIX = /^\s*(\[draft\]|\(draft\)|draft:|draft\s-\s)\s*/i;
export const isDraftTitle = (title: string) => DRAFT_PREFIX.test(title);

/** Whether the command applies to the merge request as it is (GitLab's conditions that need no argument). */
export function mergeRequestCommandApplies(name: MergeRequestQuickActionName, s: MergeRequestCommandSubject, actorId: number): boolean {
  const opened = s.state === 'opened';
  const ownReview = s.reviewers.find((r) => r.id === actorId)?.review_state ?? null;
  switch (name) {
    case 'close':
      return opened;
    case 'reopen':
      return s.state === 'closed';
    case 'draft':
      return opened && !isDraftTitle(s.title);
    case 'ready':
      return opened && isDraftTitle(s.title);
    case 'lock':
      return !s.discussionLocked;
    case 'unlock':
      return s.discussionLocked;
    case 'unassign':
      return s.assignees.length > 0;
    case 'unassign_reviewer':
      return s.reviewers.length > 0;
    case 'unlabel':
    case 'relabel':
      return s.labels.length > 0;
    case 'remove_milestone':
      return s.milestone !== null;
    case 'target_branch':
      return opened;
    // Tandem keeps approvals as the reviewer's review state: the actor must be a reviewer
    case 'approve':
      return opened && ownReview !== null && ownReview !== 'approved';
    case 'unapprove':
      return opened && ownReview === 'approved';
    case 'merge':
      return opened && !isDraftTitle(s.title);
    case 'todo':
      return s.hasTodo === false;
    case 'done':
      return s.hasTodo === true;
    case 'subscribe':
      return s.subscribed === false;
    case 'unsubscribe':
      return s.subscribed === true;
    default:
      return true;
  }
}

/** Every command the actor may run on the merge request now, in the declared order. */
export function availableMergeRequestCommands(s: MergeRequestCommandSubject, env: MergeRequestCommandEnv): MergeRequestQuickActionName[] {
  return (Object.keys(MERGE_REQUEST_QUICK_ACTION_NAMES) as MergeRequestQuickActionName[]).filter(
    (name) => mergeRequestCommandApplies(name, s, env.actor.id) && (name === 'award' ? env.canAward : env.can(MERGE_REQUEST_COMMAND_ABILITY[name])),
  );
}

const labelRef = (title: string) => `~"${title.replace(/"/g, '')}"`;
const milestoneRef = (title: string) => (/^[\w.-]+$/.test(title) ? `%${title}` : `%"${title}"`);

/**
 * Turns a merge request's commands into one edit, an own review state and a merge. Each command
 * is checked against its condition and ability (a refused one answers "Could not apply"), in
 * order; later ones see earlier ones' effect. Pure.
 */
export function planMergeRequestCommands(commands: ReadonlyArray<QuickActionCommand<string>>, subject: MergeRequestCommandSubject, lookups: MergeRequestCommandLookups, env: MergeRequestCommandEnv): MergeRequestCommandPlan {
  const s: MergeRequestCommandSubject = { ...subject, assignees: [...subject.assignees], reviewers: [...subject.reviewers], labels: [...subject.labels] };
  const input: MergeRequestInput = {};
  const messages: string[] = [];
  const errorMessages: string[] = [];
  const changes: Record<string, unknown> = {};
  let review: MergeRequestCommandPlan['review'] = null;
  let merge = false;
  let labelsSet = false;
  const refuse = (name: string) => errorMessages.push(T.couldNotApply(name));
  const users = (arg: string): Person[] | null => {
    const refs = userRefs(arg);
    const named = refs.map((r) => (r.toLowerCase() === 'me' ? env.actor : lookups.users.get(r.toLowerCase())));
    const missing = refs.filter((_, k) => !named[k]).map((r) => `@${r}`);
    if (missing.length) {
      errorMessages.push(T.usersNotFound(missing));
      return null;
    }
    return [...new Map((named as Person[]).map((u) => [u.id, u])).values()];
  };

  for (const { name: raw, arg } of commands) {
    const name = raw as MergeRequestQuickActionName;
    const allowed = name in MERGE_REQUEST_QUICK_ACTION_NAMES && mergeRequestCommandApplies(name, s, env.actor.id) && (name === 'award' ? env.canAward : env.can(MERGE_REQUEST_COMMAND_ABILITY[name]));
    if (!allowed) {
      refuse(raw);
      continue;
    }
    switch (name) {
      case 'close':
      case 'reopen':
        input.stateEvent = name;
        s.state = name === 'close' ? 'closed' : 'opened';
        messages.push(name === 'close' ? T.closed('merge request') : T.reopened('merge request'));
        break;
      case 'title':
      case 'draft':
      case 'ready': {
        const title = name === 'title' ? arg.trim() : name === 'draft' ? `Draft: ${s.title}` : s.title.replace(DRAFT_PREFIX, '');
        if (!title || title.length > 255) {
          refuse(name);
          break;
        }
        input.title = s.title = title;
        if (name === 'title') messages.push(T.titleChanged(title));
        else {
          changes.wip_event = name;
          messages.push(name === 'draft' ? M.markedDraft : M.markedReady);
        }
        break;
      }
      case 'assign':
      case 'unassign':
      case 'assign_reviewer':
      case 'unassign_reviewer': {
        const reviewers = name === 'assign_reviewer' || name === 'unassign_reviewer';
        const adding = name === 'assign' || name === 'assign_reviewer';
        const named = users(arg);
        if (named === null) break;
        if (adding && !named.length) {
          refuse(name);
          break;
        }
        const before: Person[] = reviewers ? s.reviewers : s.assignees;
        const next = adding ? [...before, ...named.filter((u) => !before.some((b) => b.id === u.id))] : named.length ? before.filter((b) => !named.some((u) => u.id === b.id)) : [];
        const changed = adding ? named.filter((u) => !before.some((b) => b.id === u.id)) : before.filter((b) => !next.some((n) => n.id === b.id));
        if (!changed.length) {
          refuse(name);
          break;
        }
        const usernames = changed.map((u) => u.username);
        if (reviewers) {
          s.reviewers = next.map((u) => ({ ...u, review_state: s.reviewers.find((r) => r.id === u.id)?.review_state ?? 'unreviewed' }));
          input.reviewerIds = s.reviewers.map((u) => u.id);
          messages.push(adding ? M.reviewersAssigned(usernames) : named.length ? M.reviewersRemoved(usernames) : M.allReviewersRemoved);
        } else {
          s.assignees = next;
          input.assigneeIds = next.map((u) => u.id);
          messages.push(adding ? T.assigned(usernames) : T.unassigned(usernames));
        }
        break;
      }
      case 'label':
      case 'unlabel':
      case 'relabel': {
        const titles = labelRefs(arg);
        const found = [...new Map(titles.map((t) => lookups.labels.get(t.toLowerCase())).filter((l): l is { id: number; title: string } => !!l).map((l) => [l.id, l])).values()];
        const removeAll = name === 'unlabel' && !titles.length;
        if (!found.length && !removeAll) {
          refuse(name);
          break;
        }
        if (name === 'relabel' || removeAll) s.labels = name === 'relabel' ? found : [];
        else if (name === 'label') s.labels = [...s.labels, ...found.filter((l) => !s.labels.some((x) => x.id === l.id))];
        else s.labels = s.labels.filter((x) => !found.some((l) => l.id === x.id));
        input.labels = s.labels.map((l) => l.title);
        labelsSet = true;
        const shown = found.map((l) => labelRef(l.title));
        messages.push(removeAll ? T.allLabelsRemoved : name === 'label' ? T.labelsAdded(shown) : name === 'unlabel' ? T.labelsRemoved(shown) : T.labelsReplaced(shown));
        break;
      }
      case 'milestone':
      case 'remove_milestone': {
        const m = name === 'milestone' ? lookups.milestones.get(milestoneTitle(arg).toLowerCase()) : null;
        if (name === 'milestone' && (!m || m.id === s.milestone?.id)) {
          refuse(name);
          break;
        }
        messages.push(m ? T.milestoneSet(milestoneRef(m.title)) : T.milestoneRemoved(milestoneRef(s.milestone!.title)));
        s.milestone = m ?? null;
        input.milestoneId = m?.id ?? null;
        break;
      }
      case 'lock':
      case 'unlock':
        input.discussionLocked = s.discussionLocked = name === 'lock';
        messages.push(name === 'lock' ? T.locked : T.unlocked);
        break;
      case 'target_branch': {
        const branch = arg.trim();
        if (!branch || !lookups.branches.has(branch) || branch === s.sourceBranch || branch === s.targetBranch) {
          refuse(name);
          break;
        }
        input.targetBranch = s.targetBranch = branch;
        messages.push(M.targetBranchSet(branch));
        break;
      }
      case 'approve':
      case 'unapprove':
        review = name === 'approve' ? 'approved' : 'unapproved';
        s.reviewers = s.reviewers.map((r) => (r.id === env.actor.id ? { ...r, review_state: review! } : r));
        changes[name] = true;
        messages.push(name === 'approve' ? M.approved : M.unapproved);
        break;
      case 'merge':
        merge = true;
        changes.merge = true;
        messages.push(M.merged);
        break;
      // Written by the to-do and subscription stores in the same transaction (merge-request-quick-actions.ts)
      case 'todo':
      case 'done':
        s.hasTodo = name === 'todo';
        changes.todo_event = name === 'todo' ? 'add' : 'done';
        messages.push(name === 'todo' ? T.todoAdded : T.todoDone);
        break;
      case 'subscribe':
      case 'unsubscribe':
        s.subscribed = name === 'subscribe';
        changes.subscription_event = name;
        messages.push(name === 'subscribe' ? T.subscribed : T.unsubscribed);
        break;
      case 'award': {
        const emoji = /^:?([a-z0-9_+-]+):?$/i.exec(arg.trim())?.[1];
        if (!emoji) {
          refuse(name);
          break;
        }
        changes.emoji_award = emoji;
        messages.push(T.awarded(emoji));
        break;
      }
    }
  }
  if (input.stateEvent) changes.state_event = input.stateEvent;
  if (input.title !== undefined) changes.title = input.title;
  if (input.assigneeIds) changes.assignee_ids = input.assigneeIds;
  if (input.reviewerIds) changes.reviewer_ids = input.reviewerIds;
  if (labelsSet) changes.label_ids = s.labels.map((l) => l.id);
  if (input.milestoneId !== undefined) changes.milestone_id = input.milestoneId;
  if (input.discussionLocked !== undefined) changes.discussion_locked = input.discussionLocked;
  if (input.targetBranch !== undefined) changes.target_branch = input.targetBranch;
  return { input, review, merge, messages, errorMessages, changes };
}
