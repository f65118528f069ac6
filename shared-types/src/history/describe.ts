import type { AnyRealtimeEvent } from '../realtime/events';
import type { HistoryState } from './replay';

/** The history scrubber's texts (issue #26). */
export const HISTORY_TEXTS = {
  open: 'History',
  close: 'Close history',
  slider: 'Moment in the issue history',
  exportJson: 'Export timeline as JSON',
  loading: 'Loading history…',
  loadFailed: 'The history could not be loaded.',
  loadingEarlier: 'Loading the earlier history…',
  compactedBefore: (at: string) => `Events before ${at} were compacted: the history starts there.`,
  asOf: (at: string) => `The page as it was at ${at}`,
  noDescription: 'No description.',
  noNotes: 'No comments yet at this point.',
  none: 'None',
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  atTitle: 'Title',
  descriptionDiff: 'Description change',
  unknownAt: 'The link names a moment this history does not have; showing the nearest one.',
} as const;

const refs = (names: string[]) => names.map((n) => (/\s/.test(n) ? `~"${n}"` : `~${n}`)).join(' ');

function labelText(was: HistoryState['labels'], now: HistoryState['labels']): string {
  const before = new Set(was.map((l) => l.id));
  const after = new Set(now.map((l) => l.id));
  const added = now.filter((l) => !before.has(l.id)).map((l) => l.name);
  const removed = was.filter((l) => !after.has(l.id)).map((l) => l.name);
  const parts = [added.length ? `added ${refs(added)}` : '', removed.length ? `removed ${refs(removed)}` : ''].filter(Boolean);
  return parts.length ? parts.join(' and ') : 'changed the labels';
}

/** What `e` did, for the step it makes ("added ~bug", "closed", "changed the title"), against the state before it. */
export function describeHistoryEvent(prev: HistoryState, e: AnyRealtimeEvent): string {
  switch (e.type) {
    case 'issue.created':
      return 'created the issue';
    case 'issue.updated':
    case 'epic.updated': {
      // An epic's stream opens with its fields as created
      if (e.type === 'epic.updated' && prev.at === null) return 'created the epic';
      const f = e.payload.fields as unknown as Record<string, unknown>;
      const parts: string[] = [];
      if (f.state !== undefined && f.state !== (prev.fields.state ?? 'opened')) parts.push(f.state === 'closed' ? 'closed' : 'reopened');
      for (const [key, text] of [
        ['title', 'changed the title'],
        ['description', 'changed the description'],
        ['confidential', 'changed confidentiality'],
        ['discussion_locked', 'changed the discussion lock'],
        ['due_date', 'changed the due date'],
        ['start_date', 'changed the start date'],
        ['end_date', 'changed the end date'],
        ['weight', 'changed the weight'],
        ['milestone', 'changed the milestone'],
        ['iteration', 'changed the iteration'],
        ['health_status', 'changed the health status'],
        ['severity', 'changed the severity'],
        ['time_stats', 'changed the time tracking'],
        ['issue_type', 'changed the type'],
      ] as const) {
        if (f[key] !== undefined && JSON.stringify(f[key]) !== JSON.stringify(prev.fields[key] ?? null)) parts.push(text);
      }
      return parts.length ? parts.join(', ') : 'edited the issue';
    }
    case 'merge_request.updated': {
      if (prev.at === null) return 'opened the merge request';
      const f = e.payload.fields;
      const parts: string[] = [];
      if (f.state !== undefined && f.state !== (prev.fields.state ?? 'opened')) parts.push(f.state === 'merged' ? 'merged' : f.state === 'closed' ? 'closed' : 'reopened');
      if (f.title !== undefined) parts.push('changed the title');
      if (f.description !== undefined) parts.push('changed the description');
      if (f.target_branch !== undefined) parts.push('changed the target branch');
      if (f.label_details) parts.push(labelText(prev.labels, f.label_details));
      if (f.assignees) parts.push('changed the assignees');
      if (f.milestone !== undefined) parts.push('changed the milestone');
      if (f.commits_changed) parts.push('added commits');
      return parts.length ? parts.join(', ') : 'edited the merge request';
    }
    case 'issue.labels':
      return labelText(prev.labels, e.payload.labels);
    case 'issue.assignees': {
      const before = new Set(prev.assignees.map((u) => u.id));
      const after = new Set(e.payload.assignees.map((u) => u.id));
      const added = e.payload.assignees.filter((u) => !before.has(u.id)).map((u) => `@${u.username}`);
      const removed = prev.assignees.filter((u) => !after.has(u.id)).map((u) => `@${u.username}`);
      const parts = [added.length ? `assigned ${added.join(' ')}` : '', removed.length ? `unassigned ${removed.join(' ')}` : ''].filter(Boolean);
      return parts.length ? parts.join(' and ') : 'changed the assignees';
    }
    case 'issue.epic':
      return e.payload.epic ? `set the epic to ${e.payload.epic.title}` : 'removed the epic';
    case 'note.created':
      return e.payload.note.system ? e.payload.note.body : 'commented';
    case 'note.updated': {
      const old = prev.notes.find((n) => n.id === String(e.payload.note.id));
      if (old && old.resolved !== e.payload.note.resolved) return e.payload.note.resolved ? 'resolved a thread' : 'reopened a thread';
      return 'edited a comment';
    }
    case 'note.deleted':
      return 'deleted a comment';
    case 'issue.deleted':
      return 'deleted the issue';
    default:
      return 'changed the issue';
  }
}

/** "bob added ~bug at 14:02:11" (UTC, as the event log keeps time). */
export function historyStepLabel(prev: HistoryState, e: AnyRealtimeEvent): string {
  const who = e.actor ? e.actor.username : 'Someone';
  return `${who} ${describeHistoryEvent(prev, e)} at ${e.at.slice(11, 19)}`;
}
