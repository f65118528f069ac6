import { describe, expect, it } from 'vitest';
import type { IssueAbility } from '../../../../core/policy/policy';
import { parseQuickActions } from '../parse-quick-actions';
import { labelRefs, parseDueDate, planQuickActions, type QuickActionEnv, type QuickActionTarget } from '../plan-quick-actions';

describe('parseQuickActions', () => {
  it.each([
    ['/close', 'close', ''],
    ['/reopen', 'reopen', ''],
    ['/title A new title', 'title', 'A new title'],
    ['/assign @bob @carol', 'assign', '@bob @carol'],
    ['/assign me', 'assign', 'me'],
    ['/unassign @bob', 'unassign', '@bob'],
    ['/unassign', 'unassign', ''],
    ['/label ~bug ~"needs review"', 'label', '~bug ~"needs review"'],
    ['/labels ~bug', 'label', '~bug'],
    ['/unlabel ~bug', 'unlabel', '~bug'],
    ['/remove_label', 'unlabel', ''],
    ['/relabel ~a', 'relabel', '~a'],
    ['/due in 3 days', 'due', 'in 3 days'],
    ['/remove_due_date', 'remove_due_date', ''],
    ['/weight 3', 'weight', '3'],
    ['/clear_weight', 'clear_weight', ''],
    ['/confidential', 'confidential', ''],
    ['/lock', 'lock', ''],
    ['/unlock', 'unlock', ''],
    ['/award :thumbsup:', 'award', ':thumbsup:'],
    ['/react :tada:', 'award', ':tada:'],
    ['/CLOSE  ', 'close', ''],
  ])('%s is the %s command', (text, name, arg) => {
    const r = parseQuickActions(text);
    expect(r.commands).toEqual([{ name, arg, line: 0 }]);
    expect(r.body).toBe('');
  });

  it('keeps the text around commands and finds several', () => {
    const r = parseQuickActions('Looks done.\n/close\n/label ~bug\nThanks');
    expect(r.body).toBe('Looks done.\nThanks');
    expect(r.commands.map((c) => [c.name, c.line])).toEqual([['close', 1], ['label', 2]]);
  });

  it('leaves commands in fenced code blocks and blockquotes as text', () => {
    const text = 'Try:\n```\n/close\n```\n~~~sh\n/lock\n~~~\n> /weight 3\n>>>\n/unlock\n>>>\n/confidential';
    const r = parseQuickActions(text);
    expect(r.commands.map((c) => c.name)).toEqual(['confidential']);
    expect(r.body).toBe('Try:\n```\n/close\n```\n~~~sh\n/lock\n~~~\n> /weight 3\n>>>\n/unlock\n>>>');
  });

  it('keeps unknown commands (and /estimate, /spend: no time tracking yet) and non-commands as text', () => {
    for (const text of ['/estimate 1h', '/spend 2h', '/shrug', 'a /close in the middle', ' /close', '/ close', '/etc/hosts is a path']) {
      const r = parseQuickActions(text);
      expect(r.commands).toEqual([]);
      expect(r.body).toBe(text);
    }
  });
});

describe('quick-action arguments', () => {
  it('reads label references', () => {
    expect(labelRefs('~bug ~"needs review" plain "quoted one"')).toEqual(['bug', 'needs review', 'plain', 'quoted one']);
  });
  it('reads due dates', () => {
    expect(parseDueDate('2030-01-31', '2026-11-25')).toBe('2030-01-31');
    expect(parseDueDate('2030-02-30', '2026-11-25')).toBeNull();
    expect(parseDueDate('today', '2026-11-25')).toBe('2026-11-25');
    expect(parseDueDate('tomorrow', '2026-11-30')).toBe('2026-12-01');
    expect(parseDueDate('in 10 days', '2026-11-25')).toBe('2026-12-05');
    expect(parseDueDate('in 2 weeks', '2026-11-25')).toBe('2026-12-09');
    expect(parseDueDate('someday', '2026-11-25')).toBeNull();
  });
});

describe('planQuickActions', () => {
  const bob = { id: 2, username: 'bob' };
  const carol = { id: 3, username: 'carol' };
  const me = { id: 9, username: 'alice' };
  const target = (over: Partial<QuickActionTarget['issue']> = {}, assignees = [bob]): QuickActionTarget => ({
    issue: { state: 'opened', title: 'T', confidential: false, discussionLocked: false, dueDate: null, weight: null, ...over },
    assignees,
    creating: false,
  });
  const lookups = {
    users: new Map([['bob', bob], ['carol', carol]]),
    labels: new Map([['bug', { id: 11, title: 'bug' }], ['needs review', { id: 12, title: 'needs review' }]]),
  };
  const env = (abilities: IssueAbility[] = ['update_issue', 'admin_issue', 'reopen_issue']): QuickActionEnv => ({
    actor: me,
    can: (a) => abilities.includes(a),
    canAward: true,
    today: '2026-11-25',
  });
  const plan = (text: string, t = target(), e = env()) => planQuickActions(parseQuickActions(text).commands, t, lookups, e);

  it('maps every command onto the fields with GitLab\'s messages', () => {
    const r = plan('/close\n/title New\n/assign @carol me\n/label ~bug ~"needs review"\n/due 2030-01-02\n/weight 3\n/confidential\n/lock\n/award :thumbsup:');
    expect(r.input).toEqual({
      stateEvent: 'close',
      title: 'New',
      assigneeIds: [2, 3, 9],
      labels: { add: [{ id: 11 }, { id: 12 }], remove: [] },
      dueDate: '2030-01-02',
      weight: 3,
      confidential: true,
      discussionLocked: true,
    });
    expect(r.messages).toEqual([
      'Closed this issue.',
      'Changed the title to "New".',
      'Assigned @carol and @alice.',
      'Added ~"bug" ~"needs review" labels.',
      'Set the due date to 2030-01-02.',
      'Set the weight to 3.',
      'Made this issue confidential.',
      'Locked the discussion.',
      'Toggled :thumbsup: emoji award.',
    ]);
    expect(r.changes).toMatchObject({ emoji_award: 'thumbsup', state_event: 'close', weight: 3 });
    expect(r.errorMessages).toEqual([]);
  });

  it('removes, clears and reopens', () => {
    const r = plan('/reopen\n/unassign @bob\n/unlabel ~bug\n/remove_due_date\n/clear_weight\n/unlock', target({ state: 'closed', dueDate: '2030-01-01', weight: 2, discussionLocked: true }));
    expect(r.input).toEqual({ stateEvent: 'reopen', assigneeIds: [], labels: { add: [], remove: [{ id: 11 }] }, dueDate: null, weight: null, discussionLocked: false });
    expect(r.messages).toEqual(['Reopened this issue.', 'Removed assignee @bob.', 'Removed ~"bug" label.', 'Removed the due date.', 'Cleared weight.', 'Unlocked the discussion.']);
  });

  it('relabels and removes all labels', () => {
    expect(plan('/relabel ~bug').input.labels).toEqual({ set: [{ id: 11 }] });
    expect(plan('/relabel ~bug').messages).toEqual(['Replaced all labels with ~"bug" label.']);
    expect(plan('/unlabel').input.labels).toEqual({ set: [] });
    expect(plan('/unlabel').messages).toEqual(['Removed all labels.']);
  });

  it('/relate collects references (digits get #, duplicates once) for the issue-link module, only for admin_issue', () => {
    const r = plan('/relate 2 #3\n/relate #2 group/other#4');
    expect(r.input).toEqual({});
    expect(r.changes.relate).toEqual(['#2', '#3', 'group/other#4']);
    expect(r.messages).toEqual(['Marked this issue as related to #2 and #3.', 'Marked this issue as related to #2 and group/other#4.']);
    expect(plan('/relate').errorMessages).toEqual(['Could not apply relate command.']);
    const author = plan('/relate #2', target(), env(['update_issue']));
    expect(author.changes.relate).toBeUndefined();
    expect(author.errorMessages).toEqual(['Could not apply relate command.']);
  });

  it('refuses what the actor may not do, and what does not apply', () => {
    const guest = plan('/close\n/label ~bug\n/weight 2', target(), env([]));
    expect(guest.input).toEqual({});
    expect(guest.errorMessages).toEqual(['Could not apply close command.', 'Could not apply label command.', 'Could not apply weight command.']);
    const author = plan('/close\n/label ~bug', target(), env(['update_issue']));
    expect(author.input).toEqual({ stateEvent: 'close' });
    expect(author.errorMessages).toEqual(['Could not apply label command.']);
    const r = plan('/reopen\n/unlock\n/label ~nope\n/assign @nobody\n/due someday\n/weight x');
    expect(r.input).toEqual({});
    expect(r.errorMessages).toEqual([
      'Could not apply reopen command.',
      'Could not apply unlock command.',
      'Could not apply label command.',
      'Failed to find users for @nobody.',
      'Could not apply due command.',
      'Could not apply weight command.',
    ]);
  });

  it('on a new issue, only the commands that set up an issue apply', () => {
    const r = plan('/label ~bug\n/close\n/assign me', { ...target({}, []), creating: true });
    expect(r.input).toEqual({ labels: { add: [{ id: 11 }], remove: [] }, assigneeIds: [9] });
    expect(r.errorMessages).toEqual(['Could not apply close command.']);
  });
});
