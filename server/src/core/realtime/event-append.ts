import type { AnyRealtimeEvent, EventIssueRef, EventType, NoteableType, UserBasic } from '@tandem/shared-types';
import { statementName } from '../database/pg-pool';
import type { StatementTx } from './write-tx';

/** Which table holds a noteable's sequence counter. */
export const SEQ_TABLE: Record<NoteableType, string> = { Issue: 'issues', Epic: 'epics', MergeRequest: 'merge_requests' };

export interface Noteable {
  type: NoteableType;
  id: number;
  ref: EventIssueRef;
}

/** Where a `note.created` event announcing a note its statement creates takes that note's id, permalink and Report abuse path. */
const NEW_NOTE_PATHS = { id: '{payload,note,id}', url: '{payload,note,noteable_note_url}', reportAbuse: '{payload,note,report_abuse_path}' } as const;

/** An event a write statement appends, planned (payload and all) before the statement runs. */
export interface PlannedEvent {
  type: EventType;
  payload: unknown;
  /**
   * Fires only when the statement's `changed(key, id)` CTE (the caller's, one row per key) holds
   * this key: an event about a row the statement may or may not change. Without a key it fires
   * whenever the statement writes events at all.
   */
  key?: string;
  /** Paths of the stored event (`{payload,note,updated_at}`) that take the statement's now(), as the API writes times. */
  timePaths?: readonly string[];
  /** The event announces a note the statement creates: the key's id is its id, and its permalink the statement's `urlPrefix` + id. */
  newNote?: boolean;
  /** With `newNote`, a comment that may be reported: its `report_abuse_path` is this + its id (absent: left as planned, null). */
  reportAbusePrefix?: string;
  /** Who did it, when not the statement's actor. */
  actor?: UserBasic | null;
}

export interface EventStatementSpec {
  noteable: Noteable;
  actor: UserBasic | null;
  /** In the order they take their seqs. */
  events: readonly PlannedEvent[];
  /** A new note's permalink is this plus its id (events with `newNote`). */
  urlPrefix?: string;
  /**
   * The caller's CTE that already took the seqs: an UPDATE of the noteable's row that added
   * `events.length` to `event_seq` and RETURNs it (every event then fires when it returns its
   * row). Without it the append takes as many seqs as events fire.
   */
  seqFrom?: string;
  /** The caller's CTEs define `changed(key, id)` even when no event has a key: `run` returns its rows. */
  changed?: boolean;
}

/** What the statement appended, as the events published after commit. */
export interface Appended {
  /** The statement's now() as the API writes times. */
  at: string;
  /** The caller's `changed(key, id)`, when an event has a key. */
  changed: Map<string, number>;
  /** The events as stored, in seq order (recorded on the tx, published after it). */
  events: AnyRealtimeEvent[];
}


/**
 * The one writer of `issue_events`. A write composes its statement as
 * `WITH <its own CTEs>, ${st.ctes()} SELECT ${st.columns}[, its own columns] [FROM ...]`, with
 * every value through `st.param`, and runs it with `st.run`: the statement takes the
 * noteable's next seqs (the row lock orders concurrent writers) and appends the planned events
 * that fire, filling what only it knows (its now(), a new note's id) into the stored payloads;
 * `run` fills the same values into the events it records on the tx (`fillPayload`), so a live
 * event equals its replay.
 */
export class EventStatement {
  private readonly values: unknown[] = [];
  private readonly keyed: boolean;
  private readonly timed: boolean;
  private readonly noted: boolean;
  private readonly reported: boolean;
  private built = false;

  constructor(private readonly spec: EventStatementSpec) {
    this.keyed = spec.changed === true || spec.events.some((e) => e.key !== undefined);
    this.timed = spec.events.some((e) => e.timePaths?.length);
    this.noted = spec.events.some((e) => e.newNote);
    this.reported = spec.events.some((e) => e.newNote && e.reportAbusePrefix !== undefined);
  }

  /** Registers a value; returns its placeholder. */
  readonly param = (value: unknown): string => {
    this.values.push(value);
    return `$${this.values.length}`;
  };

  /** The CTEs that take the seqs and append the events: after the caller's own (`changed` among them when an event has a key). */
  ctes(): string {
    // Its values are registered as it builds: a second copy would leave the first's unused
    if (this.built) throw new Error('EventStatement.ctes() is built once per statement');
    this.built = true;
    const { noteable, actor, events, seqFrom } = this.spec;
    const p = this.param;
    const by = events.map((e) => (e.actor === undefined ? actor : e.actor));
    const doc = events.map((e, k) => JSON.stringify({ payload: e.payload, actor: by[k], issue: noteable.ref }));
    const columns = ['e.type', 'e.doc', 'e.actor_id', ...(this.timed ? ['e.time_paths'] : []), ...(this.noted ? ['e.new_note'] : []), ...(this.reported ? ['e.abuse_prefix'] : [])];
    const arrays = [
      `${p(events.map((e) => e.type))}::text[]`,
      `${p(doc)}::text[]`,
      `${p(by.map((a) => a?.id ?? null))}::int[]`,
      ...(this.timed ? [`${p(events.map((e) => (e.timePaths ?? []).join(';')))}::text[]`] : []),
      ...(this.noted ? [`${p(events.map((e) => e.newNote === true))}::boolean[]`] : []),
      ...(this.reported ? [`${p(events.map((e) => (e.newNote ? (e.reportAbusePrefix ?? null) : null)))}::text[]`] : []),
      ...(this.keyed ? [`${p(events.map((e) => e.key ?? null))}::text[]`] : []),
    ];
    const aliases = [...columns.map((c) => c.slice(2)), ...(this.keyed ? ['key'] : [])];
    // With the caller's seqs every event fires: no filter, and the order is the plan's
    const filtered = this.keyed && !seqFrom;
    const ev = `ev AS (SELECT ${columns.join(', ')}, ${this.keyed ? 'c.id' : 'NULL::int'} AS row_id, ${filtered ? 'row_number() OVER (ORDER BY e.ord)' : 'e.ord'} AS rn
        FROM unnest(${arrays.join(', ')}) WITH ORDINALITY AS e(${aliases.join(', ')}, ord)
        ${this.keyed ? 'LEFT JOIN changed c ON c.key = e.key' : ''} ${filtered ? 'WHERE e.key IS NULL OR c.key IS NOT NULL' : ''})`;
    const seq = seqFrom
      ? `ev_seq AS (SELECT ${seqFrom}.event_seq - ${p(events.length)}::int AS base FROM ${seqFrom})`
      : `ev_seq AS (UPDATE ${SEQ_TABLE[noteable.type]} t SET event_seq = t.event_seq + n.n FROM (SELECT count(*)::int AS n FROM ev) n
        WHERE t.id = ${p(noteable.id)}::int AND n.n > 0 RETURNING t.event_seq - n.n AS base)`;
    let payload = 'ev.doc::jsonb';
    if (this.timed) payload = `tandem_jsonb_fill(${payload}, string_to_array(ev.time_paths, ';'), to_jsonb(ev_now.iso))`;
    if (this.noted) {
      let filled = `jsonb_set(jsonb_set(${payload}, '${NEW_NOTE_PATHS.id}', to_jsonb(ev.row_id::text)), '${NEW_NOTE_PATHS.url}', to_jsonb(${p(this.spec.urlPrefix ?? '')}::text || ev.row_id))`;
      if (this.reported) filled = `CASE WHEN ev.abuse_prefix IS NULL THEN ${filled} ELSE jsonb_set(${filled}, '${NEW_NOTE_PATHS.reportAbuse}', to_jsonb(ev.abuse_prefix || ev.row_id)) END`;
      payload = `CASE WHEN ev.new_note AND ev.row_id IS NOT NULL
          THEN ${filled}
          ELSE ${payload} END`;
    }
    return `ev_now AS (SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS iso),
      ${ev},
      ${seq},
      ev_appended AS (INSERT INTO issue_events (noteable_type, noteable_id, seq, type, payload, actor_id, created_at)
        SELECT ${p(noteable.type)}::varchar, ${p(noteable.id)}::int, ev_seq.base + ev.rn::int, ev.type, ${payload}, ev.actor_id, now()
        FROM ev, ev_seq, ev_now)`;
  }

  /** The select-list items `run` reads: in the statement's final SELECT. */
  get columns(): string {
    const changed = this.keyed ? `, COALESCE((SELECT json_agg(json_build_object('key', key, 'id', id)) FROM changed), '[]'::json) AS ev_changed` : '';
    return `(SELECT iso FROM ev_now) AS ev_at, (SELECT base FROM ev_seq) AS ev_base${changed}`;
  }

  /**
   * Runs the statement (prepared, named after `name` and its text) and records the events it
   * appended on `tx`. Null when the final SELECT returned no row (the caller's guard failed: then
   * nothing was appended either). No event is recorded when the noteable's row was gone.
   */
  async run<R extends object = Record<string, never>>(tx: StatementTx, name: string, text: string): Promise<(Appended & { row: R }) | null> {
    const [row] = await tx.query<R & { ev_at: string; ev_base: number | string | null; ev_changed?: Array<{ key: string; id: number | string }> | string }>(
      statementName(name, text),
      text,
      this.values,
    );
    if (!row) return null;
    const { noteable, actor, events, urlPrefix = '' } = this.spec;
    const listed = typeof row.ev_changed === 'string' ? (JSON.parse(row.ev_changed) as Array<{ key: string; id: number }>) : (row.ev_changed ?? []);
    const changed = new Map(listed.map((c) => [c.key, Number(c.id)]));
    const at = row.ev_at;
    const base = row.ev_base === null ? null : Number(row.ev_base);
    const fired = base === null ? [] : events.filter((e) => e.key === undefined || changed.has(e.key));
    // The caller's UPDATE took a seq for every event: one that did not fire would leave a hole in the stream
    if (this.spec.seqFrom && fired.length && fired.length !== events.length) throw new Error(`${name}: every event must fire when the seqs come from ${this.spec.seqFrom}`);
    const appended = fired.map(
      (e, k) =>
        ({ type: e.type, seq: base! + k + 1, issue: noteable.ref, payload: fillPayload(e, at, e.key === undefined ? undefined : changed.get(e.key), urlPrefix), actor: e.actor === undefined ? actor : e.actor, at }) as AnyRealtimeEvent,
    );
    for (const event of appended) tx.recorded.push({ noteableType: noteable.type, noteableId: noteable.id, event });
    return { at, changed, events: appended, row };
  }
}

/**
 * The JS side of the statement's fills (the one function that does them): the statement's time
 * at `timePaths`, a new note's id, permalink and Report abuse path. Copies along the paths; the
 * planned payload is left as it was.
 */
export function fillPayload(e: Pick<PlannedEvent, 'payload' | 'timePaths' | 'newNote' | 'reportAbusePrefix'>, at: string, rowId: number | undefined, urlPrefix: string): unknown {
  let doc: Record<string, unknown> = { payload: e.payload };
  for (const path of e.timePaths ?? []) doc = setPath(doc, path, at);
  if (e.newNote && rowId !== undefined) {
    doc = setPath(doc, NEW_NOTE_PATHS.id, String(rowId));
    doc = setPath(doc, NEW_NOTE_PATHS.url, `${urlPrefix}${rowId}`);
    if (e.reportAbusePrefix !== undefined) doc = setPath(doc, NEW_NOTE_PATHS.reportAbuse, `${e.reportAbusePrefix}${rowId}`);
  }
  return doc.payload;
}

/** `doc` with `value` at the jsonb path (`{payload,note,id}`), each object on the way copied. */
function setPath(doc: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const keys = path.slice(1, -1).split(',');
  if (keys[0] !== 'payload') throw new Error(`an event fill path starts at payload: ${path}`);
  const set = (node: unknown, at: number): Record<string, unknown> => {
    const copy = { ...(node as Record<string, unknown>) };
    const key = keys[at]!;
    copy[key] = at === keys.length - 1 ? value : set(copy[key], at + 1);
    return copy;
  };
  return set(doc, 0);
}
