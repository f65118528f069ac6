import { describe, expect, it } from 'vitest';
import { MERGE_REQUEST_QUICK_ACTION_NAMES, MERGE_REQUEST_QUICK_ACTION_TEXTS as M, QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import type { MergeRequestAbility } from '../../../../core/policy/policy';
import { parseQuickActions } from '../../../issue/quick-actions/parse-quick-actions';
import { availableMergeRequestCommands, planMergeRequestCommands, type MergeRequestCommandLookups, type MergeRequestCommandSubject } from '../plan-merge-request-commands';

const alice = { id: 1, username: 'alice' };
const bob = { id: 2, username: 'bob' };
const subject = (over: Partial<MergeRequestCommandSubject> = {}): MergeRequestCommandSubject => ({
  state: 'opened',
  title: 'Add search',
  discussionLocked: false,
  targetBranch: 'main',
  sourceBranch: 'feature',
  assignees: [],
  reviewers: [],
  labels: [],
  milestone: null,
  ...over,
});
const lookups: MergeRequestCommandLookups = {
  users: new Map([['alice', alice], ['bob', bob]]),
  labels: new Map([['bug', { id: 10, title: 'bug' }], ['needs review', { id: 11, title: 'needs review' }]]),
  milestones: new Map([['v1.0', { id: 5, title: 'v1.0' }]]),
  branches: new Set(['release']),
};
const developer = () => true;
const guest = () => false;
const plan = (text: string, s = subject(), can: (a: MergeRequestAbility) => boolean = developer, actor = alice) =>
  planMergeRequestCommands(parseQuickActions(text, { names: MERGE_REQUEST_QUICK_ACTION_NAMES }).commands, s, lookups, { actor, can, canAward: true });

describe('merge request quick actions', () => {
  it('parses the merge request table: aliases map to their command, issue-only commands stay text', () => {
    const parsed = parseQuickActions('/reviewer @bob\n/request_review @alice\n/weight 3\nHi', { names: MERGE_REQUEST_QUICK_ACTION_NAMES });
    expect(parsed.commands.map((c) => c.name)).toEqual(['assign_reviewer', 'assign_reviewer']);
    expect(parsed.body).toBe('/weight 3\nHi');
  });

  it('plans one edit with GitLab messages and commands_changes; later commands see earlier ones', () => {
    const p = plan('/label ~bug ~"needs review"\n/unlabel ~bug\n/assign_reviewer @bob\n/assign me\n/milestone %v1.0\n/target_branch release');
    expect(p.input).toEqual({ labels: ['needs review'], reviewerIds: [2], assigneeIds: [1], milestoneId: 5, targetBranch: 'release' });
    expect(p.messages).toEqual([
      T.labelsAdded(['~"bug"', '~"needs review"']),
      T.labelsRemoved(['~"bug"']),
      M.reviewersAssigned(['bob']),
      T.assigned(['alice']),
      T.milestoneSet('%v1.0'),
      M.targetBranchSet('release'),
    ]);
    expect(p.changes).toEqual({ label_ids: [11], reviewer_ids: [2], assignee_ids: [1], milestone_id: 5, target_branch: 'release' });
    expect(p.errorMessages).toEqual([]);
  });

  it('draft and ready edit the title prefix; merge does not apply to a draft', () => {
    expect(plan('/draft').input.title).toBe('Draft: Add search');
    expect(plan('/ready', subject({ title: 'Draft: Add search' })).input.title).toBe('Add search');
    expect(plan('/draft\n/merge')).toMatchObject({ merge: false, errorMessages: [T.couldNotApply('merge')] });
    expect(plan('/ready').errorMessages).toEqual([T.couldNotApply('ready')]);
    expect(plan('/merge')).toMatchObject({ merge: true, messages: [M.merged], changes: { merge: true } });
  });

  it('approve and unapprove are the actor\'s review state, for a reviewer only', () => {
    const reviewing = subject({ reviewers: [{ ...alice, review_state: 'unreviewed' }] });
    expect(plan('/approve', reviewing)).toMatchObject({ review: 'approved', messages: [M.approved] });
    expect(plan('/approve\n/unapprove', reviewing)).toMatchObject({ review: 'unapproved', messages: [M.approved, M.unapproved] });
    expect(plan('/approve')).toMatchObject({ review: null, errorMessages: [T.couldNotApply('approve')] });
  });

  it('refuses what the actor may not do and what does not apply; unknown users are named', () => {
    expect(plan('/label ~bug\n/close', subject(), guest).errorMessages).toEqual([T.couldNotApply('label'), T.couldNotApply('close')]);
    expect(plan('/reopen').errorMessages).toEqual([T.couldNotApply('reopen')]);
    expect(plan('/unassign_reviewer').errorMessages).toEqual([T.couldNotApply('unassign_reviewer')]);
    expect(plan('/assign @nobody').errorMessages).toEqual([T.usersNotFound(['@nobody'])]);
    expect(plan('/label ~missing').input).toEqual({});
  });

  it('the availability list follows the abilities and the state', () => {
    const env = (can: (a: MergeRequestAbility) => boolean) => ({ actor: bob, can, canAward: true });
    expect(availableMergeRequestCommands(subject(), env(guest))).toEqual(['award']);
    const reporterAuthor = availableMergeRequestCommands(subject(), env((a) => a === 'update_merge_request'));
    expect(reporterAuthor).toEqual(['close', 'title', 'draft', 'award']);
    const dev = availableMergeRequestCommands(subject({ state: 'closed' }), env(() => true));
    expect(dev).toContain('reopen');
    expect(dev).not.toContain('merge');
    expect(dev).not.toContain('close');
  });

  it("/todo and /done plan the actor's own to-do with the issue's messages", () => {
    const fresh = subject({ hasTodo: false });
    expect(plan('/todo', fresh)).toMatchObject({ input: {}, messages: [T.todoAdded], errorMessages: [], changes: { todo_event: 'add' } });
    expect(plan('/done', subject({ hasTodo: true }))).toMatchObject({ messages: [T.todoDone], changes: { todo_event: 'done' } });
    // later commands see earlier ones: /todo then /done, /todo twice
    expect(plan('/todo\n/done', fresh)).toMatchObject({ messages: [T.todoAdded, T.todoDone], errorMessages: [], changes: { todo_event: 'done' } });
    expect(plan('/todo\n/todo', fresh)).toMatchObject({ messages: [T.todoAdded], errorMessages: [T.couldNotApply('todo')] });
    // what does not apply, or was not read, is refused
    expect(plan('/done', fresh).errorMessages).toEqual([T.couldNotApply('done')]);
    expect(plan('/todo').errorMessages).toEqual([T.couldNotApply('todo')]);
    // a reader without update_subscription (a read-only token) may not
    expect(plan('/todo', fresh, (a) => a !== 'update_subscription').errorMessages).toEqual([T.couldNotApply('todo')]);
  });

  it("/subscribe and /unsubscribe plan the actor's own notifications with the issue's messages", () => {
    const parsed = parseQuickActions('/todo\n/subscribe\n/unsubscribe\n/weight 3', { names: MERGE_REQUEST_QUICK_ACTION_NAMES });
    expect(parsed.commands.map((c) => c.name)).toEqual(['todo', 'subscribe', 'unsubscribe']);
    expect(parsed.body).toBe('/weight 3');
    expect(plan('/subscribe', subject({ subscribed: false }))).toMatchObject({ input: {}, messages: [T.subscribed], errorMessages: [], changes: { subscription_event: 'subscribe' } });
    expect(plan('/unsubscribe', subject({ subscribed: true }))).toMatchObject({ messages: [T.unsubscribed], changes: { subscription_event: 'unsubscribe' } });
    // later commands see earlier ones: /subscribe twice, then /unsubscribe
    expect(plan('/subscribe\n/subscribe\n/unsubscribe', subject({ subscribed: false }))).toMatchObject({
      messages: [T.subscribed, T.unsubscribed],
      errorMessages: [T.couldNotApply('subscribe')],
      changes: { subscription_event: 'unsubscribe' },
    });
    // what does not apply, or was not read, is refused; a read-only token may not
    expect(plan('/unsubscribe', subject({ subscribed: false })).errorMessages).toEqual([T.couldNotApply('unsubscribe')]);
    expect(plan('/subscribe').errorMessages).toEqual([T.couldNotApply('subscribe')]);
    expect(plan('/subscribe', subject({ subscribed: false }), (a) => a !== 'update_subscription').errorMessages).toEqual([T.couldNotApply('subscribe')]);
  });

  it('the availability list offers the to-do and subscription commands that apply, as the planner would', () => {
    const env = { actor: bob, can: (a: MergeRequestAbility) => a === 'update_subscription', canAward: false };
    expect(availableMergeRequestCommands(subject({ hasTodo: false, subscribed: true }), env)).toEqual(['todo', 'unsubscribe']);
    expect(availableMergeRequestCommands(subject({ hasTodo: true, subscribed: false }), env)).toEqual(['done', 'subscribe']);
    // every offered command plans without "Could not apply"
    const s = subject({ hasTodo: true, subscribed: false, reviewers: [{ ...bob, review_state: 'unreviewed' }], labels: [{ id: 10, title: 'bug' }] });
    const offered = availableMergeRequestCommands(s, { actor: bob, can: developer, canAward: true });
    expect(offered).toContain('subscribe');
    for (const name of offered) {
      const arg = { title: 'New', label: '~bug', unlabel: '~bug', relabel: '~bug', assign: '@alice', assign_reviewer: '@alice', unassign_reviewer: '@bob', milestone: '%v1.0', target_branch: 'release', award: ':tada:' }[name as string] ?? '';
      expect(planMergeRequestCommands([{ name, arg, line: 0 }], s, lookups, { actor: bob, can: developer, canAward: true }).errorMessages, name).toEqual([]);
    }
  });
});
