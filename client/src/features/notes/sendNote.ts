import { DISCUSSION_TEXTS, needsCaptcha } from '@tandem/shared-types';
import { errorText } from '../../shared/api/http';
import { appStore } from '../../shared/store';
import { upsertDiscussion, upsertNote } from './discussionRules';
import { countNoteChange } from './noteCount';
import { updateDiscussions } from './notesAtoms';
import { createErrorText, createNote, noteOfResponse } from './notesApi';
import { dequeue, enqueue, readQueue, type QueuedNote } from './offlineQueue';
import { pendingNotesAtomFamily, type PendingNote } from './pendingNotesAtoms';

/** The outcome of one send: stored, kept for later (network), or refused with the spec's message. */
export type SendResult = { kind: 'sent'; messages: string[]; stored: boolean } | { kind: 'queued' } | { kind: 'refused'; error: string };

const inFlight = new Set<string>();

function setPending(issueKey: string, update: (list: PendingNote[]) => PendingNote[]): void {
  const a = pendingNotesAtomFamily(issueKey);
  appStore.set(a, update(appStore.get(a)));
}

function showPending(q: QueuedNote, status: PendingNote['status']): void {
  setPending(q.issueKey, (l) => [...l.filter((p) => p.key !== q.key), { key: q.key, note: q.note, thread: q.thread, replyTo: q.replyTo, status, created_at: q.created_at }]);
}

/**
 * Sends one comment with its idempotency key. It is written to the outbox (localStorage) first,
 * so a network failure or a closed tab never loses it, and its key makes any retry return the
 * first note instead of a second one. A comment already being sent is not sent again.
 */
export async function sendNote(q: QueuedNote, createPath: string, noteableId: number, online: boolean): Promise<SendResult> {
  enqueue(q);
  if (inFlight.has(q.key)) return { kind: 'queued' };
  if (!online) {
    showPending(q, 'queued');
    return { kind: 'queued' };
  }
  inFlight.add(q.key);
  showPending(q, 'sending');
  try {
    const res = await createNote(createPath, { noteableId, note: q.note, thread: q.thread, replyTo: q.replyTo, internal: q.internal === true, idempotencyKey: q.key });
    dequeue(q.key);
    setPending(q.issueKey, (l) => l.filter((p) => p.key !== q.key));
    if (res.ok) {
      const { discussion } = res.data;
      const note = noteOfResponse(res.data);
      const stored = note ?? discussion?.notes.at(-1) ?? null;
      countNoteChange(appStore, q.issueKey, stored, 1);
      if (discussion) updateDiscussions(appStore, q.issueKey, (l) => upsertDiscussion(l, discussion));
      else if (note) updateDiscussions(appStore, q.issueKey, (l) => upsertNote(l, note));
      return { kind: 'sent', messages: [...(res.data.quick_actions_status?.messages ?? []), ...(res.data.quick_actions_status?.error_messages ?? [])], stored: !!stored };
    }
    // flagged as spam and the captcha cancelled: the server's reason
    if (needsCaptcha(res.data)) return { kind: 'refused', error: DISCUSSION_TEXTS.submitFailedBecause(errorText(res.data, DISCUSSION_TEXTS.submitFailedNetwork)) };
    const err = createErrorText(res.data);
    if (err && 'commandsOnly' in err) return { kind: 'refused', error: err.commandsOnly.join(' ') };
    return { kind: 'refused', error: err ? DISCUSSION_TEXTS.submitFailedBecause(err.base) : DISCUSSION_TEXTS.submitFailedNetwork };
  } catch {
    // Network failure: kept in the outbox and sent again with the same key
    showPending(q, 'queued');
    return { kind: 'queued' };
  } finally {
    inFlight.delete(q.key);
  }
}

/** Sends an issue's queued comments one by one, stopping at the first that cannot go yet; returns the refusals. */
export async function flushOutbox(issueKey: string, createPath: string, noteableId: number): Promise<string[]> {
  const errors: string[] = [];
  for (const q of readQueue().filter((x) => x.issueKey === issueKey)) {
    const r = await sendNote(q, createPath, noteableId, true);
    if (r.kind === 'queued') break;
    if (r.kind === 'refused') errors.push(r.error);
  }
  return errors;
}

/** Shows the comments left in the outbox (by an earlier page) as pending. */
export function restoreOutbox(issueKey: string): void {
  for (const q of readQueue().filter((x) => x.issueKey === issueKey)) showPending(q, 'queued');
}
