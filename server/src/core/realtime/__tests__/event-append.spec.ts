import { describe, expect, it } from 'vitest';
import { EventStatement, fillPayload } from '../event-append';
import type { EventLogService } from '../event-log.service';

const note = { id: '0', noteable_note_url: '', created_at: '1970-01-01T00:00:00.000Z', updated_at: '1970-01-01T00:00:00.000Z', author: { id: 2 } };
const noteable = { type: 'Issue' as const, id: 9, ref: { id: 9, iid: 3, project_path: 'acme/tandem' } };

describe('the event append: the JS side of the statement fills', () => {
  it('sets times at the paths, and a new note its id and permalink', () => {
    const e = { payload: { note }, timePaths: ['{payload,note,created_at}', '{payload,note,updated_at}'], newNote: true };
    const out = fillPayload(e, '2026-05-05T05:05:05.005Z', 42, 'http://x/acme/tandem/-/issues/3#note_') as { note: typeof note };
    expect(out.note).toEqual({ ...note, id: '42', noteable_note_url: 'http://x/acme/tandem/-/issues/3#note_42', created_at: '2026-05-05T05:05:05.005Z', updated_at: '2026-05-05T05:05:05.005Z' });
    // the planned payload is left as it was, objects off the paths are shared
    expect(e.payload.note.id).toBe('0');
    expect(out.note.author).toBe(note.author);
  });

  it("completes a new comment's Report abuse path with its id; a note without one keeps its null", () => {
    const comment = { ...note, report_abuse_path: '/-/abuse_reports/new?project_path=acme%2Ftandem&iid=3&note_id=0' };
    const out = fillPayload({ payload: { note: comment }, newNote: true, reportAbusePrefix: '/-/abuse_reports/new?project_path=acme%2Ftandem&iid=3&note_id=' }, 'x', 42, 'u#note_') as { note: typeof comment };
    expect(out.note.report_abuse_path).toBe('/-/abuse_reports/new?project_path=acme%2Ftandem&iid=3&note_id=42');
    const system = { ...note, report_abuse_path: null };
    expect((fillPayload({ payload: { note: system }, newNote: true }, 'x', 42, 'u#note_') as { note: typeof system }).note.report_abuse_path).toBeNull();
    // the statement fills it only for the events that have a prefix
    const st = (prefix?: string) => new EventStatement({ noteable, actor: null, changed: true, events: [{ key: 'new', type: 'note.created', payload: { note }, newNote: true, ...(prefix ? { reportAbusePrefix: prefix } : {}) }] }).ctes();
    expect(st('p=')).toContain('{payload,note,report_abuse_path}');
    expect(st()).not.toContain('report_abuse_path');
  });

  it('leaves a payload with nothing to fill as it is, and an id only where the event announces a new note', () => {
    const payload = { fields: { title: 'x' } };
    expect(fillPayload({ payload }, '2026-05-05T05:05:05.005Z', 7, 'u#note_')).toBe(payload);
    expect(fillPayload({ payload: { note }, newNote: false }, '2026-05-05T05:05:05.005Z', 7, 'u#note_')).toEqual({ note });
    expect(() => fillPayload({ payload, timePaths: ['{fields,title}'] }, 'x', undefined, '')).toThrow(/starts at payload/);
  });

  it('builds one INSERT INTO issue_events; seqs from the caller, or taken for the events that fire', () => {
    const taken = new EventStatement({ noteable, actor: null, events: [{ type: 'issue.links', payload: { link_type: 'relates_to' } }] });
    const text = taken.ctes();
    expect(text.match(/INSERT INTO issue_events/g)).toHaveLength(1);
    expect(text).toMatch(/UPDATE issues t SET event_seq = t\.event_seq \+ n\.n/);
    expect(text).not.toContain('changed');
    const keyed = new EventStatement({ noteable: { ...noteable, type: 'Epic' }, actor: null, seqFrom: 'upd', events: [{ key: 'a', type: 'note.deleted', payload: {} }] });
    const k = keyed.ctes();
    expect(k).toContain('LEFT JOIN changed c ON c.key = e.key');
    expect(k).toContain('FROM upd');
    expect(k).not.toMatch(/UPDATE epics/);
    expect(keyed.columns).toContain('ev_changed');
  });
});

// The one-statement path's type: recording an event apart is a compile error (`npm run typecheck`),
// not an event silently dropped at run time.
export function typeChecks(events: EventLogService): void {
  void events.autocommit(async (tx) => {
    // @ts-expect-error a one-statement write cannot queue a later record
    tx.recordLater(noteable, 'issue.links', { link_type: 'relates_to' }, null);
    // @ts-expect-error nor append one in a statement of its own
    await tx.record(noteable, 'issue.links', { link_type: 'relates_to' }, null);
  });
  void events.transaction(async (tx) => {
    tx.recordLater(noteable, 'issue.links', { link_type: 'relates_to' }, null);
  });
}
