import { describe, expect, it } from 'vitest';
import {
  applyHistoryEvent,
  emptyHistoryState,
  historyStepLabel,
  replayHistory,
  resourceChangesOf,
  type AnyRealtimeEvent,
  type ApiNote,
  type EventPayloads,
  type EventType,
  type UserBasic,
} from '@tandem/shared-types';

const bob: UserBasic = { id: 2, username: 'bob', name: 'Bob', state: 'active', locked: false, avatar_url: null, web_url: 'http://x/bob' };
let seq = 0;
const ev = <T extends EventType>(type: T, payload: EventPayloads[T], at = '2026-11-27T14:02:11.000Z'): AnyRealtimeEvent =>
  ({ type, seq: ++seq, issue: { id: 1, iid: 1, project_path: 'acme/tandem' }, payload, actor: bob, at }) as AnyRealtimeEvent;
const label = (id: number, name: string) => ({ id, name, color: '#fff', text_color: '#000', description: null });
const note = (id: string, body: string, extra: Partial<ApiNote> = {}): ApiNote =>
  ({ id, type: null, note: body, body, note_html: `<p>${body}</p>`, author: { ...bob, path: '/bob' }, created_at: '2026-11-27T14:00:00.000Z', updated_at: '2026-11-27T14:00:00.000Z', last_edited_at: null, last_edited_by: null, system: false, system_note_icon_name: null, noteable_id: 1, noteable_type: 'Issue', noteable_iid: 1, noteable_note_url: '', project_id: 1, discussion_id: 'd'.repeat(40), individual_note: true, internal: false, confidential: false, resolvable: false, resolved: false, resolved_at: null, resolved_by: null, emoji_awardable: true, ...extra }) as ApiNote;
const milestone = { id: 7, iid: 1, title: 'v1', state: 'active', due_date: null, web_url: '' };

describe('replaying the event log into the page', () => {
  it('each event type rebuilds the part of the page it describes', () => {
    const created = ev('issue.created', { fields: { title: 'T', description: 'D', state: 'opened', weight: null, lock_version: 0, updated_at: '' } });
    let s = applyHistoryEvent(emptyHistoryState(), created);
    expect(s.fields).toMatchObject({ title: 'T', description: 'D', state: 'opened' });
    expect(s.fields).not.toHaveProperty('lock_version');
    s = applyHistoryEvent(s, ev('issue.updated', { fields: { title: 'T2', milestone, lock_version: 1, updated_at: '' } }));
    expect(s.fields).toMatchObject({ title: 'T2', description: 'D', milestone });
    s = applyHistoryEvent(s, ev('issue.labels', { labels: [label(1, 'bug')] }));
    expect(s.labels.map((l) => l.name)).toEqual(['bug']);
    s = applyHistoryEvent(s, ev('issue.assignees', { assignees: [bob], lock_version: 2 }));
    expect(s.assignees).toEqual([bob]);
    s = applyHistoryEvent(s, ev('issue.epic', { epic: { id: 3, iid: 1, title: 'E' } as EventPayloads['issue.epic']['epic'] }));
    expect(s.epic).toMatchObject({ title: 'E' });
    s = applyHistoryEvent(s, ev('note.created', { note: note('10', 'hello') }));
    s = applyHistoryEvent(s, ev('note.created', { note: note('11', 'second') }));
    s = applyHistoryEvent(s, ev('note.updated', { note: note('10', 'hello again', { resolvable: true, resolved: true, resolved_by: bob }) }));
    expect(s.notes.map((n) => [n.id, n.body, n.resolved])).toEqual([
      ['10', 'hello again', true],
      ['11', 'second', false],
    ]);
    s = applyHistoryEvent(s, ev('note.deleted', { note_id: '11', discussion_id: 'd' }));
    expect(s.notes.map((n) => n.id)).toEqual(['10']);
    const before = s;
    s = applyHistoryEvent(s, ev('epic.updated', { fields: { start_date: '2026-01-01', updated_at: '' } }));
    expect(s.fields.start_date).toBe('2026-01-01');
    s = applyHistoryEvent(s, ev('issue.deleted', {}));
    expect(s.deleted).toBe(true);
    // Each step leaves the state before it as it was (the scrubber keeps checkpoints)
    expect(before.deleted).toBe(false);
    expect(before.fields.start_date).toBeUndefined();
    expect(s.seq).toBe(seq);
  });

  it('replayHistory folds from a compacted base', () => {
    const base = replayHistory([ev('issue.created', { fields: { title: 'A', lock_version: 0, updated_at: '' } })]);
    const s = replayHistory([ev('issue.updated', { fields: { state: 'closed', lock_version: 1, updated_at: '' } })], base);
    expect(s.fields).toEqual({ title: 'A', state: 'closed' });
  });
});

describe('resource events from the log', () => {
  it('labels added and removed, state closed and reopened, milestone set and removed, weight', () => {
    let s = replayHistory([ev('issue.created', { fields: { title: 'A', state: 'opened', lock_version: 0, updated_at: '' } })]);
    expect(resourceChangesOf(s, ev('issue.created', { fields: { state: 'opened', lock_version: 0, updated_at: '' } }))).toEqual([]);
    const relabel = ev('issue.labels', { labels: [label(1, 'bug'), label(2, 'ui')] });
    expect(resourceChangesOf(s, relabel).map((c) => c.kind === 'label' && [c.label.name, c.action])).toEqual([
      ['bug', 'add'],
      ['ui', 'add'],
    ]);
    s = applyHistoryEvent(s, relabel);
    expect(resourceChangesOf(s, ev('issue.labels', { labels: [label(2, 'ui'), label(3, 'p1')] })).map((c) => c.kind === 'label' && [c.label.name, c.action])).toEqual([
      ['p1', 'add'],
      ['bug', 'remove'],
    ]);
    const close = ev('issue.updated', { fields: { state: 'closed', lock_version: 1, updated_at: '' } });
    expect(resourceChangesOf(s, close)).toEqual([{ kind: 'state', state: 'closed' }]);
    s = applyHistoryEvent(s, close);
    expect(resourceChangesOf(s, ev('issue.updated', { fields: { state: 'closed', lock_version: 2, updated_at: '' } }))).toEqual([]);
    expect(resourceChangesOf(s, ev('issue.updated', { fields: { state: 'opened', lock_version: 2, updated_at: '' } }))).toEqual([{ kind: 'state', state: 'reopened' }]);
    const setM = ev('issue.updated', { fields: { milestone, weight: 3, lock_version: 2, updated_at: '' } });
    expect(resourceChangesOf(s, setM)).toEqual([
      { kind: 'milestone', milestone, action: 'add' },
      { kind: 'weight', weight: 3 },
    ]);
    s = applyHistoryEvent(s, setM);
    expect(resourceChangesOf(s, ev('issue.updated', { fields: { milestone: null, lock_version: 3, updated_at: '' } }))).toEqual([{ kind: 'milestone', milestone, action: 'remove' }]);
    expect(resourceChangesOf(s, ev('note.created', { note: note('1', 'x') }))).toEqual([]);
  });
});

describe('the step a scrubber names', () => {
  it('says who did what at what time', () => {
    const s = replayHistory([ev('issue.created', { fields: { title: 'A', state: 'opened', lock_version: 0, updated_at: '' } })]);
    expect(historyStepLabel(s, ev('issue.labels', { labels: [label(1, 'bug')] }))).toBe('bob added ~bug at 14:02:11');
    expect(historyStepLabel(s, ev('issue.updated', { fields: { state: 'closed', title: 'B', lock_version: 1, updated_at: '' } }))).toBe('bob closed, changed the title at 14:02:11');
    expect(historyStepLabel(s, ev('note.created', { note: note('1', 'x') }))).toBe('bob commented at 14:02:11');
  });
});
