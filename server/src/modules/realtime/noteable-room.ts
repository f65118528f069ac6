import type { Server, Socket } from 'socket.io';
import type { AnyRealtimeEvent, ClientToServerEvents, PresenceSignal, PresenceState, ServerToClientEvents } from '@tandem/shared-types';
import { roomFor } from '@tandem/shared-types';
import type { Actor } from '../../core/policy/policy';
import type { Noteable } from '../../core/realtime/event-log.service';
import type { NoteableAccess, NoteableGrant } from '../../core/realtime/noteable-access';

export interface SocketData {
  actor: Actor | null;
  /** sha256 of the token, or the session id, the socket was opened with (for revocation). */
  credential: string | null;
  /** Epoch ms when the credential expires (null: never); the socket is closed then. */
  expiresAt: number | null;
  /** Subscriptions of this socket, by room name. */
  subs: Map<string, Subscription>;
  /** The signed-in user's name and avatar, read once for presence. */
  presenceUser?: Promise<PresenceSignal['user'] | null>;
}

export type TandemSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** The chain of a subscription with nothing queued: one settled promise shared by all. */
export const SETTLED: Promise<void> = Promise.resolve();

/** One socket's subscription to one noteable on this node. */
export interface Subscription {
  socket: TandemSocket;
  room: NoteableRoom;
  /** In the Socket.IO room (receives live broadcasts); false while replaying. */
  live: boolean;
  /** May read internal notes (reporter and up). */
  privileged: boolean;
  /** Set when unsubscribed or revoked: an in-flight replay must not join afterwards. */
  cancelled: boolean;
  /** Subscribe requests of one socket for one noteable run one after another. */
  chain: Promise<void>;
  /** The tab's presence on this noteable (presence.service.ts): last state passed on and when. */
  presence?: { state: PresenceState; at: number; answeredAt?: number };
}

/**
 * A node's state for one noteable it has subscribers for. `seq` is the last event broadcast
 * to the room on this node; every live member has received exactly the events up to it, so a
 * new member replays (after, seq] from the log and then joins. Events from the bus that
 * arrive early wait in `pending` until the missing ones arrive or are read from the log.
 */
export class NoteableRoom {
  readonly key: string;
  readonly noteable: Noteable;
  /** The project whose access changes reach this room (null: outside projects). */
  readonly projectId: number | null;
  /** The subscribe target naming this noteable (matches unsubscribes). */
  readonly targetKey: string;
  seq: number | null = null;
  readonly pending = new Map<number, AnyRealtimeEvent>();
  readonly members = new Map<string, Subscription>();
  /**
   * Live members that were not sent some event since the last one they got (an internal note,
   * a note naming what they may not read), with the last seq they have: their next event
   * carries it as `prev`. Empty nearly always, so events go to the room in one broadcast.
   */
  readonly owed = new Map<Subscription, number>();
  ready!: Promise<void>;
  draining = false;
  gapTimer: NodeJS.Timeout | null = null;
  closed = false;
  /** Log reads in flight for replays, by "from:upTo" (shared by members replaying together). */
  readonly replayReads = new Map<string, Promise<AnyRealtimeEvent[]>>();
  /**
   * The room's last replay read, kept a few seconds (SubscribeService.replayPage): members that
   * come back one after another after a restart, each a little behind, replay from it instead of
   * each reading the log. Log events never change, so a page stays true.
   */
  lastReplay: { from: number; upTo: number; events: AnyRealtimeEvent[]; at: number } | null = null;
  /** The transaction (its commit-time stamp) whose access change the members were last re-checked for. */
  checkedTx: string | null = null;
  /**
   * Set (synchronously, when a control message says access may have changed) until the members
   * are re-checked; live events wait behind it, so none reaches a member who just lost access.
   */
  needsRecheck = false;
  /** Runs the room's delivery loop (set by RoomDelivery): pending events, asked re-checks. */
  wake: () => void = () => undefined;

  constructor(
    grant: Pick<NoteableGrant, 'noteable' | 'projectId'>,
    readonly access: NoteableAccess,
  ) {
    this.noteable = grant.noteable;
    this.projectId = grant.projectId;
    this.targetKey = access.keyOf(grant);
    this.key = roomFor(grant.noteable.type, grant.noteable.id);
  }

  /** Where the room's signals (`updated`, `resync`, `unsubscribed`) say they come from. */
  get where(): { project_path: string; iid: number } {
    return { project_path: this.noteable.ref.project_path, iid: this.noteable.ref.iid };
  }

  /** Adds an event from the bus or the log; returns false if it is old news. */
  offer(e: AnyRealtimeEvent): boolean {
    if (this.seq !== null && e.seq <= this.seq) return false;
    if (this.pending.has(e.seq)) return false;
    this.pending.set(e.seq, e);
    return true;
  }

  /** Forgets what the room already broadcast (after `seq` is known). */
  dropStale(): void {
    if (this.seq === null) return;
    for (const s of [...this.pending.keys()]) if (s <= this.seq) this.pending.delete(s);
  }

  /**
   * True if the transaction `e` belongs to changes access. Its events share `at` (Postgres'
   * now() is the transaction's start) and consecutive seqs, so the check runs before the
   * transaction's first event: a user who lost access sees none of it (not even the system
   * note "made the issue confidential").
   */
  txChangesAccess(e: AnyRealtimeEvent, next: (seq: number) => AnyRealtimeEvent | undefined): boolean {
    for (let cur: AnyRealtimeEvent | undefined = e; cur && cur.at === e.at; cur = next(cur.seq + 1)) {
      if (this.access.changesAccess(cur)) return true;
    }
    return false;
  }
}

/** Internal notes (their creation, edits, deletion, awards) go to readers of internal notes only. */
export function isRestricted(e: AnyRealtimeEvent): boolean {
  return (
    ((e.type === 'note.created' || e.type === 'note.updated') && e.payload.note.internal) ||
    ((e.type === 'note.deleted' || e.type === 'award.toggled') && e.payload.internal === true)
  );
}

/**
 * One event to one socket. `prev` (the last seq this socket has) when events before it were
 * withheld from it: nothing is sent in place of an event a member may not receive (GitLab sends
 * nothing either), and `prev` tells the client that the seqs in between are not for it.
 */
export function emitTo(socket: TandemSocket, e: AnyRealtimeEvent, prev?: number): void {
  (socket.emit as (ev: string, payload: unknown) => boolean)(e.type, prev === undefined || prev === e.seq - 1 ? e : { ...e, prev });
}
