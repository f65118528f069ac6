import { describe, expect, it } from 'vitest';
import type { IssueAbility } from '../../../../core/policy/policy';
import { COMMENT_ONLY_COMMANDS, parseQuickActions } from '../parse-quick-actions';
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

  it('keeps unknown commands and non-commands as text', () => {
    for (const text of ['/shrug', 'a /close in the middle', ' /close', '/ close', '/etc/hosts is a path']) {
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
    issue: { state: 'opened', title: 'T', confidential: false, discussionLocked: false, dueDate: null, weight: null, timeEstimate: 0, totalTimeSpent: 0, zoomMeetingUrl: null, ...over },
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

  it('/publish is left for the status-page module, only for publish_status_page (maintainers), never on create', () => {
    const r = plan('/publish', target(), env(['update_issue', 'admin_issue', 'publish_status_page']));
    expect(r.changes.publish).toBe(true);
    expect(r.input).toEqual({});
    expect(r.messages).toEqual(['Issue published on status page.']);
    const developer = plan('/publish');
    expect(developer.changes.publish).toBeUndefined();
    expect(developer.errorMessages).toEqual(['Could not apply publish command.']);
    expect(plan('/publish', { ...target(), creating: true }, env(['publish_status_page'])).errorMessages).toEqual(['Could not apply publish command.']);
  });

  it('the commands of other modules: their condition (to-do, subscription, promote) and ability, and GitLab\'s messages', () => {
    const withFacts = (facts: QuickActionEnv['facts'], abilities: IssueAbility[] = ['update_issue', 'admin_issue', 'update_subscription']) => ({ ...env(abilities), facts });
    const r = plan('/todo\n/subscribe\n/blocks #2 #3\n/duplicate #4\n/move group/other\n/copy_metadata #5', target(), withFacts({ hasTodo: false, subscribed: false }));
    expect(r.changes).toMatchObject({ todo_event: 'add', subscription_event: 'subscribe', blocks: ['#2', '#3'], canonical_issue_ref: '#4', target_project_path: 'group/other', copy_metadata_from: '#5' });
    expect(r.messages).toEqual(['Added a to-do item.', 'Subscribed to notifications.', 'Marked #2 and #3 as blocked by this issue.', 'Closed this issue. Marked as related to, and a duplicate of, #4.', 'Moved this issue to group/other.', 'Copied labels and milestone from #5.']);
    expect(plan('/todo\n/unsubscribe\n/promote', target(), withFacts({ hasTodo: true, subscribed: false, canPromote: false })).errorMessages).toEqual([
      'Could not apply todo command.',
      'Could not apply unsubscribe command.',
      'Could not apply promote command.',
    ]);
    expect(plan('/done\n/promote', target(), withFacts({ hasTodo: true, canPromote: true })).changes).toMatchObject({ todo_event: 'done', promote_to_epic: true });
    const guest = plan('/move a/b\n/blocks #2\n/duplicate #3', target(), withFacts({}, ['update_subscription']));
    expect(guest.changes).toEqual({});
    expect(guest.errorMessages).toEqual(['Could not apply move command.', 'Could not apply blocks command.', 'Could not apply duplicate command.']);
    expect(plan('/clone a/b c/d').errorMessages).toEqual(['Failed to clone this issue: wrong parameters.']);
  });

  it('an issue description keeps the lines of the commands only a comment runs', () => {
    const r = parseQuickActions('Text\n/move a/b\n/close', { keep: COMMENT_ONLY_COMMANDS });
    expect(r.body).toBe('Text\n/move a/b');
    expect(r.commands.map((c) => c.name)).toEqual(['close']);
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

  it('tracks time: /estimate, /remove_estimate, /spend [date], /remove_time_spent with GitLab\'s messages', () => {
    const r = plan('/estimate 1d 2h\n/spend 30m 2026-11-20');
    expect(r.input).toEqual({ timeEstimate: 10 * 3600, timeSpent: { seconds: 1800, spentAt: '2026-11-20' } });
    expect(r.messages).toEqual(['Set time estimate to 1d 2h.', 'Added 30m spent time.']);
    expect(r.changes).toMatchObject({ time_estimate: 36000, spend_time: { duration: 1800, spent_at: '2026-11-20' } });
    const sub = plan('/spend -1h', target({ totalTimeSpent: 7200 }));
    expect(sub.input.timeSpent).toEqual({ seconds: -3600, spentAt: null });
    expect(sub.messages).toEqual(['Subtracted 1h spent time.']);
    const reset = plan('/remove_estimate\n/remove_time_spent', target({ timeEstimate: 60, totalTimeSpent: 60 }));
    expect(reset.input).toEqual({ timeEstimate: 0, timeSpent: { seconds: 'reset' } });
    expect(reset.messages).toEqual(['Removed time estimate.', 'Removed spent time.']);
  });

  it('refuses time commands that are invalid, do not apply, or that the actor may not run', () => {
    const r = plan('/estimate soon\n/spend -1h\n/remove_estimate\n/remove_time_spent\n/spend 1h 2999-01-01');
    expect(r.input).toEqual({});
    expect(r.errorMessages).toEqual([
      'Could not apply estimate command.',
      'Could not apply spend command.',
      'Could not apply remove_estimate command.',
      'Could not apply remove_time_spent command.',
      'Could not apply spend command.',
    ]);
    expect(plan('/spend 1h', target(), env(['update_issue'])).errorMessages).toEqual(['Could not apply spend command.']);
    expect(plan('/estimate 1h', { ...target(), creating: true }).errorMessages).toEqual(['Could not apply estimate command.']);
  });

  it('pins and removes a Zoom meeting link: https zoom.us links only', () => {
    const r = plan('/zoom https://acme.zoom.us/j/123456');
    expect(r.input).toEqual({ zoomMeetingUrl: 'https://acme.zoom.us/j/123456' });
    expect(r.messages).toEqual(['Zoom meeting added.']);
    expect(plan('/remove_zoom', target({ zoomMeetingUrl: 'https://zoom.us/j/1' })).input).toEqual({ zoomMeetingUrl: null });
    const bad = plan('/zoom https://evil.example/j/1\n/zoom javascript:alert(1)\n/remove_zoom');
    expect(bad.input).toEqual({});
    expect(bad.errorMessages).toEqual(['Could not apply zoom command.', 'Could not apply zoom command.', 'Could not apply remove_zoom command.']);
  });
});
