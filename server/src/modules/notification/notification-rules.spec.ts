import { describe, expect, it } from 'vitest';
import { effectiveLevel, effectiveSetting, notificationRecipients, type RecipientFacts, type SettingRow } from './notification-rules';

const ACTOR = 1;
const person = (id: number, f: Partial<RecipientFacts> = {}): RecipientFacts => ({
  id,
  level: 'participating',
  participant: false,
  mentioned: false,
  assignmentChanged: false,
  subscribed: null,
  watcher: false,
  customEvents: [],
  canRead: true,
  active: true,
  ...f,
});

describe('who is mailed about an event (GitLab NotificationRecipient#notifiable?)', () => {
  it('a comment mails participants, subscribers, watchers and the mentioned, once each, never the actor', () => {
    const got = notificationRecipients(
      [
        person(ACTOR, { participant: true }),
        person(2, { participant: true }),
        person(3, { subscribed: true }),
        person(4, { level: 'watch', watcher: true }),
        person(5, { mentioned: true }),
        person(6),
        person(2, { participant: true, mentioned: true }),
      ],
      'new_note',
      ACTOR,
    );
    expect(got).toEqual([2, 3, 4, 5]);
  });

  it('the actor is not mailed about their own action, even when mentioned or subscribed', () => {
    expect(notificationRecipients([person(ACTOR, { mentioned: true, subscribed: true, level: 'watch', watcher: true })], 'new_note', ACTOR)).toEqual([]);
  });

  it('an explicit unsubscribe silences participation and watching, but not a mention', () => {
    const got = notificationRecipients(
      [person(2, { participant: true, subscribed: false }), person(3, { level: 'watch', watcher: true, subscribed: false }), person(4, { mentioned: true, subscribed: false })],
      'new_note',
      ACTOR,
    );
    expect(got).toEqual([4]);
  });

  it('levels: mention only mentions, participating adds participation, watch adds everything, disabled nothing but a manual subscription', () => {
    const cands = [
      person(2, { level: 'mention', participant: true }),
      person(3, { level: 'mention', mentioned: true }),
      person(4, { level: 'participating', participant: true }),
      person(5, { level: 'disabled', participant: true, mentioned: true }),
      person(6, { level: 'disabled', subscribed: true }),
      person(7, { level: 'watch', watcher: true }),
    ];
    expect(notificationRecipients(cands, 'new_note', ACTOR)).toEqual([3, 4, 6, 7]);
  });

  it('confidential issues and internal notes: only those who may read them (canRead is the policy answer)', () => {
    const got = notificationRecipients([person(2, { participant: true, canRead: false }), person(3, { mentioned: true, canRead: false }), person(4, { subscribed: true, canRead: false }), person(5, { participant: true })], 'new_note', ACTOR);
    expect(got).toEqual([5]);
  });

  it('blocked users and users without an address are not mailed', () => {
    expect(notificationRecipients([person(2, { participant: true, active: false })], 'close', ACTOR)).toEqual([]);
  });

  it('assignment: the added and removed assignees are mailed as mentions (a mention-level user too), other participants as participation', () => {
    const got = notificationRecipients(
      [person(2, { level: 'mention', assignmentChanged: true }), person(3, { level: 'mention', participant: true }), person(4, { participant: true }), person(5, { assignmentChanged: true, subscribed: false })],
      'reassign',
      ACTOR,
    );
    expect(got).toEqual([2, 4, 5]);
  });

  it('state and due-date changes mail participants, subscribers and watchers', () => {
    const cands = [person(2, { participant: true }), person(3, { subscribed: true }), person(4, { level: 'watch', watcher: true }), person(5, { level: 'watch' })];
    expect(notificationRecipients(cands, 'close', ACTOR)).toEqual([2, 3, 4]);
    expect(notificationRecipients(cands, 'due_date', ACTOR)).toEqual([2, 3, 4]);
  });

  it('a new issue mails watchers and the mentioned, not the participants by participation alone', () => {
    const got = notificationRecipients([person(2, { participant: true }), person(3, { mentioned: true }), person(4, { level: 'watch', watcher: true, participant: true })], 'new_issue', ACTOR);
    expect(got).toEqual([3, 4]);
  });

  it('a new merge request mails its assignees and reviewers (as mentions), the mentioned, subscribers and watchers, not participants by participation alone', () => {
    const got = notificationRecipients(
      [
        person(ACTOR, { participant: true }),
        person(2, { level: 'mention', participant: true, assignmentChanged: true }),
        person(3, { mentioned: true }),
        person(4, { level: 'watch', watcher: true }),
        person(5, { participant: true }),
        person(6, { subscribed: true }),
        person(7, { level: 'custom', customEvents: ['new_merge_request'] }),
        person(8, { level: 'custom', customEvents: ['new_issue'] }),
      ],
      'new_merge_request',
      ACTOR,
    );
    expect(got).toEqual([2, 3, 4, 6, 7]);
  });

  it('a review request mails the reviewers asked (as mentions), and watchers, subscribers and change_reviewer_merge_request, not other participants', () => {
    const cands = [
      person(2, { level: 'mention', participant: true, assignmentChanged: true }),
      person(3, { participant: true }),
      person(4, { level: 'watch', watcher: true }),
      person(5, { subscribed: true }),
      person(6, { level: 'custom', customEvents: ['change_reviewer_merge_request'] }),
      person(7, { level: 'custom', customEvents: ['reassign_merge_request'] }),
      person(8, { assignmentChanged: true, subscribed: false }),
    ];
    expect(notificationRecipients(cands, 'request_review', ACTOR)).toEqual([2, 4, 5, 6, 8]);
  });

  it("a merge request's close, reopen, merge and push mail participants, subscribers, watchers and their custom event", () => {
    const cands = [person(2, { participant: true }), person(3, { subscribed: true }), person(4, { level: 'watch', watcher: true }), person(5, { participant: true, subscribed: false })];
    for (const action of ['close_merge_request', 'reopen_merge_request', 'merge_merge_request', 'push_to_merge_request'] as const) {
      expect(notificationRecipients(cands, action, ACTOR)).toEqual([2, 3, 4]);
      expect(notificationRecipients([person(6, { level: 'custom', customEvents: [action] }), person(7, { level: 'custom', customEvents: ['close_issue', 'reopen_issue'] })], action, ACTOR)).toEqual([6]);
    }
    // a merge request's assignment is reassign_merge_request, not reassign_issue
    expect(notificationRecipients([person(2, { level: 'custom', customEvents: ['reassign_merge_request'] }), person(3, { level: 'custom', customEvents: ['reassign_issue'] })], 'reassign_merge_request', ACTOR)).toEqual([2]);
  });

  it("a project's level overrides the global one unless it is 'global'; the default is participating", () => {
    expect(effectiveLevel('watch', 'disabled')).toBe('watch');
    expect(effectiveLevel('global', 'mention')).toBe('mention');
    expect(effectiveLevel(null, null)).toBe('participating');
    expect(effectiveLevel('global', 'global')).toBe('participating');
  });

  it('custom level: participation and mentions as participating, plus the chosen events on any issue of the project', () => {
    const cands = [
      person(2, { level: 'custom', customEvents: ['close_issue'] }),
      person(3, { level: 'custom', customEvents: ['new_note'] }),
      person(4, { level: 'custom', participant: true }),
      person(6, { level: 'custom' }),
      person(7, { level: 'custom', customEvents: ['close_issue'], subscribed: false }),
    ];
    expect(notificationRecipients(cands, 'close', ACTOR)).toEqual([2, 4]);
    // a comment that mentions a custom user mails them as a mention
    expect(notificationRecipients([...cands, person(5, { level: 'custom', mentioned: true })], 'new_note', ACTOR)).toEqual([3, 4, 5]);
    expect(notificationRecipients(cands, 'reopen', ACTOR)).toEqual([4]);
    // a new issue mails a custom user only for new_issue (participation does not count there)
    expect(notificationRecipients([person(2, { level: 'custom', customEvents: ['new_issue'] }), person(3, { level: 'custom', participant: true })], 'new_issue', ACTOR)).toEqual([2]);
    // each action has its event: reassign_issue, issue_due
    expect(notificationRecipients([person(2, { level: 'custom', customEvents: ['reassign_issue'] })], 'reassign', ACTOR)).toEqual([2]);
    expect(notificationRecipients([person(2, { level: 'custom', customEvents: ['issue_due'] })], 'due_date', ACTOR)).toEqual([2]);
    expect(notificationRecipients([person(2, { level: 'custom', customEvents: ['close_issue'] })], 'close', 2)).toEqual([]);
  });

  it("a description edit's new mentions: only the newly mentioned are mailed, by the mention rules", () => {
    const cands = [
      person(2, { mentioned: true }),
      person(3, { participant: true }),
      person(4, { level: 'watch', watcher: true }),
      person(5, { level: 'custom', customEvents: ['new_issue'] }),
      person(6, { level: 'mention', mentioned: true, subscribed: false }),
      person(7, { level: 'disabled', mentioned: true }),
      person(8, { mentioned: true, canRead: false }),
      person(ACTOR, { mentioned: true }),
    ];
    expect(notificationRecipients(cands, 'new_mention', ACTOR)).toEqual([2, 6]);
    // a merge request's description edit: the same rules
    expect(notificationRecipients(cands, 'new_mention_merge_request', ACTOR)).toEqual([2, 6]);
  });

  it('the effective setting: project, then the nearest group, then global; custom keeps its chosen events', () => {
    const row = (source: SettingRow['source'], level: SettingRow['level'], events: SettingRow['events'] = {}): SettingRow => ({ source, level, events });
    expect(effectiveSetting(row('Project', 'global'), [row('Group', 'global'), row('Group', 'watch')], row('Global', 'mention'))).toEqual({ level: 'watch', events: [], source: 'Group' });
    expect(effectiveSetting(null, [row('Group', 'custom', { new_note: true, close_issue: false })], row('Global', 'watch'))).toEqual({ level: 'custom', events: ['new_note'], source: 'Group' });
    expect(effectiveSetting(row('Project', 'disabled'), [row('Group', 'watch')], null)).toEqual({ level: 'disabled', events: [], source: 'Project' });
    expect(effectiveSetting(null, [], row('Global', 'custom', { reopen_issue: true }))).toEqual({ level: 'custom', events: ['reopen_issue'], source: 'Global' });
    expect(effectiveSetting(null, [], null)).toEqual({ level: 'participating', events: [], source: 'default' });
  });
});
