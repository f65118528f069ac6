import type { UserBasic } from '../api';
import type { AnyRealtimeEvent, EventPayloads } from '../realtime/events';

/** A label as the event log carries it (`issue.labels`). */
export type HistoryLabel = EventPayloads['issue.labels']['labels'][number];

/** A note as it stood at one step of the history. */
export interface HistoryNote {
  id: string;
  discussion_id: string;
  body: string;
  note_html: string;
  author: UserBasic | null;
  created_at: string;
  updated_at: string;
  system: boolean;
  internal: boolean;
  resolvable: boolean;
  resolved: boolean;
  resolved_by: UserBasic | null;
}

/**
 * A noteable (issue, epic, merge request) as the event log says it stood after `seq`:
 * `fields` holds the last value every `issue.created` / `issue.updated` / `epic.updated` gave
 * (title, description, state, due date, weight, milestone, ...), side tables apart.
 */
export interface HistoryState {
  seq: number;
  /** When the last applied event happened (null before any). */
  at: string | null;
  fields: Readonly<Record<string, unknown>>;
  labels: readonly HistoryLabel[];
  assignees: readonly UserBasic[];
  epic: EventPayloads['issue.epic']['epic'] | undefined;
  /** In the order they were written. */
  notes: readonly HistoryNote[];
  deleted: boolean;
}

export const emptyHistoryState = (): HistoryState => ({ seq: 0, at: null, fields: {}, labels: [], assignees: [], epic: undefined, notes: [], deleted: false });

const noteOf = (n: EventPayloads['note.created']['note']): HistoryNote => ({
  id: String(n.id),
  discussion_id: n.discussion_id,
  body: n.body ?? n.note,
  note_html: n.note_html,
  author: n.author ? { id: n.author.id, username: n.author.username, name: n.author.name, state: n.author.state, locked: n.author.locked, avatar_url: n.author.avatar_url, web_url: n.author.web_url } : null,
  created_at: n.created_at,
  updated_at: n.updated_at,
  system: n.system,
  internal: n.internal,
  resolvable: n.resolvable,
  resolved: n.resolved,
  resolved_by: n.resolved_by,
});

/** Fields an event carries that say when and by which version, not what the noteable looks like. */
const BOOKKEEPING = new Set(['lock_version', 'updated_at', 'updated_by', 'issues_changed', 'children_changed', 'descendants_changed']);

/**
 * The state after `e`, from the state before it (a new object; `prev` is left as it was). Events
 * carry the new server state of what they change, so one step needs only the one event.
 */
export function applyHistoryEvent(prev: HistoryState, e: AnyRealtimeEvent): HistoryState {
  const next: HistoryState = { ...prev, seq: e.seq, at: e.at };
  switch (e.type) {
    case 'issue.created':
    case 'issue.updated':
    case 'epic.updated': {
      const fields: Record<string, unknown> = { ...prev.fields };
      for (const [k, v] of Object.entries(e.payload.fields)) if (!BOOKKEEPING.has(k) && v !== undefined) fields[k] = v;
      next.fields = fields;
      break;
    }
    case 'merge_request.updated': {
      // Its stream opens with its fields as created (CreateMergeRequestAction); labels and assignees are side tables
      const { labels: _names, label_details: labels, assignees, commits_changed: _commits, ...rest } = e.payload.fields;
      const fields: Record<string, unknown> = { ...prev.fields };
      for (const [k, v] of Object.entries(rest)) if (!BOOKKEEPING.has(k) && v !== undefined) fields[k] = v;
      next.fields = fields;
      if (labels) next.labels = labels;
      if (assignees) next.assignees = assignees;
      break;
    }
    case 'issue.labels':
      next.labels = e.payload.labels;
      break;
    case 'issue.assignees':
      next.assignees = e.payload.assignees;
      break;
    case 'issue.epic':
      next.epic = e.payload.epic;
      break;
    case 'note.created':
    case 'note.updated': {
      const note = noteOf(e.payload.note);
      const at = prev.notes.findIndex((n) => n.id === note.id);
      if (at < 0) next.notes = [...prev.notes, note];
      else next.notes = prev.notes.map((n, i) => (i === at ? note : n));
      break;
    }
    case 'note.deleted':
      next.notes = prev.notes.filter((n) => n.id !== String(e.payload.note_id));
      break;
    case 'issue.deleted':
      next.deleted = true;
      break;
    default:
      // Links, awards, metric images, status page: not part of the page the history shows
      break;
  }
  return next;
}

/** Replays `events` (in seq order) from `from`. */
export function replayHistory(events: readonly AnyRealtimeEvent[], from: HistoryState = emptyHistoryState()): HistoryState {
  let s = from;
  for (const e of events) s = applyHistoryEvent(s, e);
  return s;
}
