import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { HISTORY_OPEN_PAGE_SIZE, HISTORY_PAGE_SIZE, type AnyRealtimeEvent, type HistoryNote, type HistoryPage, type HistorySnapshotPage, type HistoryState, type NoteableType } from '@tandem/shared-types';
import type { Actor } from '../../core/policy/policy';
import { EVENT_AUDIENCE, type EventAudience } from '../../core/realtime/event-audience';
import { EventLogService } from '../../core/realtime/event-log.service';
import type { NoteTarget } from '../note/note-target';
import { HistoryStore, type LoggedEvent, type NoteableKey } from './history.store';

/** The note an event is about (null: not a note event). */
const noteIdOf = (e: AnyRealtimeEvent): string | null =>
  e.type === 'note.created' || e.type === 'note.updated' ? String(e.payload.note.id) : e.type === 'note.deleted' ? String(e.payload.note_id) : e.type === 'award.toggled' && e.payload.awardable_type === 'Note' ? String(e.payload.awardable_id) : null;

/** Internal when written, as the event says. */
const internalWhenWritten = (e: AnyRealtimeEvent): boolean =>
  ((e.type === 'note.created' || e.type === 'note.updated') && e.payload.note.internal) || ((e.type === 'note.deleted' || e.type === 'award.toggled') && e.payload.internal === true);

/**
 * A noteable's history as one viewer may read it now (issue #26): the log's events page by page
 * from the compacted snapshot on, with what the viewer may not read now taken out (a note that
 * is internal, then or now, for those who may not read internal notes; a system note naming
 * what they may not read). Reading the noteable at all is the targets' policy check.
 */
@Injectable()
export class HistoryService implements OnModuleInit {
  private readonly logger = new Logger(HistoryService.name);

  constructor(
    readonly store: HistoryStore,
    private readonly log: EventLogService,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(EVENT_AUDIENCE) private readonly audience: EventAudience,
  ) {}

  onModuleInit(): void {
    // Pruning compacts first: the resource event APIs and the history keep the pruned prefix
    this.log.onBeforePrune((cutoff) => this.compactBefore(cutoff));
  }

  async compactBefore(cutoff: Date): Promise<void> {
    const todo = await this.store.compactable(cutoff);
    for (const n of todo) await this.store.compact(n, n.upTo);
    if (todo.length) this.logger.log(`compacted the history of ${todo.length} noteables`);
  }

  async page(actor: Actor | null, t: NoteTarget, afterSeq: number, limit = HISTORY_PAGE_SIZE): Promise<HistoryPage> {
    const n: NoteableKey = { type: t.noteable.type, id: t.noteable.id };
    const [head, snap] = await Promise.all([this.store.headSeq(n), this.store.snapshot(n)]);
    const fromBase = snap !== null && afterSeq < snap.seq;
    const rows = await this.store.eventsAfter(n, fromBase ? snap.seq : afterSeq, limit);
    const { base, events } = await this.forViewer(actor, t, fromBase ? snap.state : null, rows);
    const last = rows[rows.length - 1]?.event.seq;
    return { head_seq: Math.max(head, last ?? 0), base, events, next_after_seq: rows.length === limit && last !== undefined ? last : null };
  }

  /**
   * The page that shows the step at `where` (its seq, or the last at or before a time; the last
   * `limit` events when neither): the state just before it, replayed from the nearest checkpoint
   * (HistoryStore.stateAt), and the events from it on. The server holds one state and one chunk.
   */
  async snapshotPage(actor: Actor | null, t: NoteTarget, where: { atSeq?: number; at?: Date }, limit = HISTORY_OPEN_PAGE_SIZE): Promise<HistorySnapshotPage> {
    const n: NoteableKey = { type: t.noteable.type, id: t.noteable.id };
    const [head, snap] = await Promise.all([this.store.headSeq(n), this.store.snapshot(n)]);
    const start = snap?.seq ?? 0;
    const step = where.atSeq ?? (where.at ? ((await this.store.seqAt(n, where.at)) ?? start) : null);
    // Just before the step asked (at the start for one before it); without one, the last `limit` events
    const from = Math.min(head, Math.max(start, step !== null ? step - 1 : head - limit));
    const state = await this.store.stateAt(n, from);
    const rows = await this.store.eventsAfter(n, from, limit);
    const { base, events } = await this.forViewer(actor, t, state, rows);
    const last = rows[rows.length - 1]?.event.seq;
    return { head_seq: Math.max(head, last ?? 0), start_seq: start, base: base!, events, next_after_seq: last !== undefined && last < head ? last : null };
  }

  /** The events and the state to replay them from, with what the viewer may not read now taken out. */
  private async forViewer(actor: Actor | null, t: NoteTarget, state: HistoryState | null, rows: readonly LoggedEvent[]): Promise<{ base: HistoryState | null; events: AnyRealtimeEvent[] }> {
    const events = rows.map((r) => r.event);
    const hidden = await this.hiddenNotes(actor, t, events, state?.notes ?? []);
    const visible: AnyRealtimeEvent[] = [];
    for (const e of events) {
      const id = noteIdOf(e);
      if (id !== null && hidden.has(id)) continue;
      if (!(await this.audienceAllows(actor, t.noteable.type, e))) continue;
      visible.push(e);
    }
    if (!state) return { base: null, events: visible };
    const notes: HistoryNote[] = [];
    for (const note of state.notes) {
      if (hidden.has(note.id)) continue;
      const probe = { type: 'note.created', seq: state.seq, issue: t.noteable.ref, actor: null, at: note.created_at, payload: { note: { system: note.system, note: note.body } } } as unknown as AnyRealtimeEvent;
      if (await this.audienceAllows(actor, t.noteable.type, probe)) notes.push(note);
    }
    return { base: { ...state, notes }, events: visible };
  }

  private async audienceAllows(actor: Actor | null, type: NoteableType, e: AnyRealtimeEvent): Promise<boolean> {
    const check = this.audience.restrict(type, e);
    return check ? check(actor).catch(() => false) : true;
  }

  /**
   * Notes the viewer may not see now: for those who may not read internal notes, every note
   * that was internal when an event was written, and every note that is internal now.
   */
  private async hiddenNotes(actor: Actor | null, t: NoteTarget, events: readonly AnyRealtimeEvent[], baseNotes: readonly HistoryNote[]): Promise<Set<string>> {
    const hidden = new Set<string>();
    if (t.abilities.readInternalNote) return hidden;
    const ids = new Set<string>();
    for (const e of events) {
      const id = noteIdOf(e);
      if (id === null) continue;
      ids.add(id);
      if (internalWhenWritten(e)) hidden.add(id);
    }
    for (const note of baseNotes) {
      ids.add(note.id);
      if (note.internal) hidden.add(note.id);
    }
    const asked = [...ids].filter((id) => !hidden.has(id) && /^\d{1,10}$/.test(id)).map(Number);
    if (asked.length) {
      const rows: Array<{ id: number }> = await this.ds.query('SELECT id FROM notes WHERE id = ANY($1::int[]) AND internal', [asked]);
      for (const r of rows) hidden.add(String(r.id));
    }
    return hidden;
  }
}
