import { io, type Socket } from 'socket.io-client';
import {
  EPICS_CHANNEL,
  EVENT_TYPES,
  groupOfStreamPath,
  MERGE_REQUESTS_CHANNEL,
  projectOfMergeRequestStream,
  ISSUES_CHANNEL,
  REALTIME,
  type AnyRealtimeEvent,
  type ClientToServerEvents,
  type ConnectionState,
  type PresenceSignal,
  type PresenceState,
  type ProjectList,
  type ResyncSignal,
  type ServerToClientEvents,
  type SubscribeAck,
  type SubscriptionSignal,
  subscriptionSignalSchema,
  todosCountSignalSchema,
} from '@tandem/shared-types';
import { hasGivenUp, isStale, monitorPollIntervalMs, reconnectDelayMs } from './connectionMonitor';
import { EventSequencer } from './eventSequencer';
import { batchGate } from './eventBatch';

type TandemSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface IssueStreamHandlers {
  /** Called once per event, in seq order, never twice. */
  apply(e: AnyRealtimeEvent): void;
  /** The events of a batch (a submitted review), in seq order, applied together (default: one by one through `apply`). */
  applyBatch?(events: AnyRealtimeEvent[]): void;
  /** The log no longer holds what we missed: refetch the issue; true when it worked. */
  refetch(): Promise<boolean>;
  /** The server ended the stream (access lost or issue deleted). */
  ended(reason: ResyncSignal['reason']): void;
}

interface Stream {
  projectPath: string;
  iid: number;
  sequencer: EventSequencer;
  handlers: IssueStreamHandlers;
  replaying: boolean;
  /** The server said our seq is gone from its log: a refetch is under way, acks set nothing. */
  resyncing: boolean;
  ended: boolean;
}

export interface RealtimeClientOptions {
  url?: string;
  onState(state: ConnectionState): void;
  /** True once the monitor has given up on the socket (updates then arrive by polling); false when it opens. */
  onGiveUp?(gaveUp: boolean): void;
  /** Injected for tests. */
  connect?: (url: string | undefined) => TandemSocket;
  now?: () => number;
}

const keyOf = (projectPath: string, iid: number) => `${projectPath}#${iid}`;
/** An epic's stream path (`groups/<group>`) is followed on the EpicsChannel, an issue's on the IssuesChannel. */
const channelOf = (path: string) => (projectOfMergeRequestStream(path) !== null ? MERGE_REQUESTS_CHANNEL : groupOfStreamPath(path) === null ? ISSUES_CHANNEL : EPICS_CHANNEL);

/**
 * The only owner of the tab's Socket.IO connection. Subscribes to the IssuesChannel for the
 * issues on screen, feeds their events through a per-issue sequencer (exactly once, in order,
 * gaps replayed from the server's log), and runs the spec's connection monitor: a socket that
 * has been silent for 6 s is stale and reopened; reconnects back off between 3 s and 30 s.
 * After as many failed attempts as the backoff exponent cap it gives up on the socket for the
 * page's notice (polling carries the updates) but keeps retrying in the background.
 */
export class RealtimeClient {
  private socket: TandemSocket | null = null;
  private readonly streams = new Map<string, Stream>();
  private state: ConnectionState = 'closed';
  private attempts = 0;
  private lastMessageAt = 0;
  private monitorTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private gaveUp = false;
  private readonly now: () => number;
  private readonly presenceListeners = new Set<(p: PresenceSignal) => void>();
  private readonly liveListeners = new Set<(projectPath: string, iid: number) => void>();
  /** Watched projects' lists: their change listeners with the list each follows, by project path. */
  private readonly watches = new Map<string, Map<() => void, ProjectList>>();
  /** Error lists kept live (watch_errors): listeners get the changed error ids, or null once the watch is acknowledged on a connect (refetch). */
  private readonly errorWatches = new Map<string, Set<(ids: number[] | null) => void>>();
  /** The user channel's to-do count listeners (null: refetch, signals may have been missed). */
  private readonly todoCountListeners = new Set<(count: number | null) => void>();
  private readonly subscriptionListeners = { Issue: new Set<(signal: SubscriptionSignal) => void>(), MergeRequest: new Set<(signal: SubscriptionSignal) => void>() };

  constructor(private readonly opts: RealtimeClientOptions) {
    this.now = opts.now ?? (() => Date.now());
  }

  get connectionState(): ConnectionState {
    return this.state;
  }

  /** True while the socket is given up and the page relies on polling. */
  get givenUp(): boolean {
    return this.gaveUp;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open('connecting');
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.onVisibility);
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.onVisibility);
    this.attempts = 0;
    this.setGaveUp(false);
    this.setState('closed');
  }

  /** Follows an issue from `seq` on; returns a function that stops following it. */
  follow(projectPath: string, iid: number, seq: number, handlers: IssueStreamHandlers): () => void {
    const key = keyOf(projectPath, iid);
    const stream: Stream = {
      projectPath,
      iid,
      handlers,
      replaying: false,
      resyncing: false,
      ended: false,
      sequencer: new EventSequencer(
        seq,
        batchGate(
          (e) => handlers.apply(e),
          undefined,
          (events) => (handlers.applyBatch ? handlers.applyBatch(events) : events.forEach((e) => handlers.apply(e))),
        ),
        () => this.replay(stream),
      ),
    };
    this.streams.set(key, stream);
    if (this.state === 'open') this.subscribe(stream);
    return () => {
      this.streams.delete(key);
      this.socket?.emit('unsubscribe', { channel: channelOf(projectPath), project_path: projectPath, iid });
    };
  }

  /** Presence signals of every followed issue (volatile; not sequenced, never replayed). */
  onPresence(listener: (p: PresenceSignal) => void): () => void {
    this.presenceListeners.add(listener);
    return () => void this.presenceListeners.delete(listener);
  }

  /** Called each time a followed issue's subscription is acknowledged (first, and after every reconnect). */
  onLive(listener: (projectPath: string, iid: number) => void): () => void {
    this.liveListeners.add(listener);
    return () => void this.liveListeners.delete(listener);
  }

  /**
   * Calls `onChange` whenever the project's `list` changes (issues or merge requests created,
   * edited, closed, deleted), and once the room is joined on each connect (signals may have been
   * missed before). Returns a stop function.
   */
  watchProject(projectPath: string, onChange: () => void, list: ProjectList = 'issues'): () => void {
    let listeners = this.watches.get(projectPath);
    if (!listeners) {
      this.watches.set(projectPath, (listeners = new Map()));
      if (this.state === 'open') this.socket?.emit('watch_project', { project_path: projectPath }, () => undefined);
    }
    listeners.set(onChange, list);
    return () => {
      listeners.delete(onChange);
      if (listeners.size || this.watches.get(projectPath) !== listeners) return;
      this.watches.delete(projectPath);
      this.socket?.emit('unwatch_project', { project_path: projectPath });
    };
  }

  /**
   * Calls `onChange` with the ids of the project's errors that got events or changed status
   * (coalesced by the server), and with null once the room is joined on each connect (signals are not replayed).
   */
  watchErrors(projectPath: string, onChange: (ids: number[] | null) => void): () => void {
    let set = this.errorWatches.get(projectPath);
    if (!set) {
      this.errorWatches.set(projectPath, (set = new Set()));
      if (this.state === 'open') this.socket?.emit('watch_errors', { project_path: projectPath }, () => undefined);
    }
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (set.size || this.errorWatches.get(projectPath) !== set) return;
      this.errorWatches.delete(projectPath);
      this.socket?.emit('unwatch_errors', { project_path: projectPath });
    };
  }

  /**
   * The signed-in user's pending to-do count, pushed on their private room (user channel);
   * called with null on each connect (the first too: a count read before it may have missed a push): refetch then.
   */
  onTodosCount(listener: (count: number | null) => void): () => void {
    this.todoCountListeners.add(listener);
    return () => void this.todoCountListeners.delete(listener);
  }

  /** The user's notifications choices made in their other tabs (user channel `issue.subscription`, or `merge_request.subscription`). */
  onSubscription(listener: (signal: SubscriptionSignal) => void, noteableType: 'Issue' | 'MergeRequest' = 'Issue'): () => void {
    const listeners = this.subscriptionListeners[noteableType];
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  /** This tab's presence on a followed issue; dropped while the socket is down (the next refresh repeats it). */
  sendPresence(projectPath: string, iid: number, state: PresenceState, answer = false): void {
    if (this.state !== 'open' || !this.streams.has(keyOf(projectPath, iid))) return;
    this.socket?.emit('presence', { project_path: projectPath, iid, state, ...(answer ? { answer: true } : {}) });
  }

  private open(state: ConnectionState): void {
    this.setState(state);
    const socket = this.opts.connect
      ? this.opts.connect(this.opts.url)
      : (io(this.opts.url ?? '', { path: '/socket.io/', transports: ['websocket'], reconnection: false, withCredentials: true }) as TandemSocket);
    this.socket = socket;
    // A proxy that swallows the upgrade never errors: an attempt not open within the stale
    // threshold counts as lost, so the page falls back to polling and retries with backoff.
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = setTimeout(() => {
      this.connectTimer = null;
      if (this.socket === socket && this.state !== 'open') this.lost();
    }, REALTIME.staleThresholdMs);
    socket.on('connect', () => {
      if (this.connectTimer) clearTimeout(this.connectTimer);
      this.connectTimer = null;
      this.attempts = 0;
      this.touch();
      this.setGaveUp(false);
      this.setState('open');
      for (const s of this.streams.values()) this.subscribe(s);
      // Signals are not replayed: what a list read before its room was joined (while the socket
      // was down, or on page load before this first connect) may have missed one, so the list
      // refetches once the server answers that the room is joined
      for (const path of this.watches.keys()) {
        socket.emit('watch_project', { project_path: path }, () => {
          if (this.socket === socket) for (const l of this.watches.get(path)?.keys() ?? []) l();
        });
      }
      for (const path of this.errorWatches.keys()) {
        socket.emit('watch_errors', { project_path: path }, () => {
          if (this.socket === socket) for (const l of this.errorWatches.get(path) ?? []) l(null);
        });
      }
      // The user's room is joined before `connect` arrives: a count read before it is read again
      for (const l of this.todoCountListeners) l(null);
      this.scheduleMonitor();
    });
    socket.on('connect_error', () => this.lost());
    socket.on('disconnect', () => this.lost());
    socket.on('heartbeat', () => this.touch());
    socket.on('todos.count', (signal) => {
      this.touch();
      const parsed = todosCountSignalSchema.safeParse(signal);
      if (parsed.success) for (const l of this.todoCountListeners) l(parsed.data.count);
    });
    socket.on('issue.subscription', (signal) => {
      this.touch();
      const parsed = subscriptionSignalSchema.safeParse(signal);
      if (parsed.success) for (const l of this.subscriptionListeners.Issue) l(parsed.data);
    });
    socket.on('merge_request.subscription', (signal) => {
      this.touch();
      const parsed = subscriptionSignalSchema.safeParse(signal);
      if (parsed.success) for (const l of this.subscriptionListeners.MergeRequest) l(parsed.data);
    });
    socket.on('updated', () => this.touch());
    for (const type of EVENT_TYPES) {
      socket.on(type, ((e: AnyRealtimeEvent) => {
        this.touch();
        this.streams.get(keyOf(e.issue.project_path, e.issue.iid))?.sequencer.push(e);
      }) as never);
    }
    // A batch (a submitted review's notes) goes through the sequencer event by event, in one
    // synchronous run: the batch gate applies them together when the last is in
    socket.on('batch', (sig) => {
      this.touch();
      const events = Array.isArray(sig?.events) ? sig.events : [];
      for (const e of events) this.streams.get(keyOf(e.issue.project_path, e.issue.iid))?.sequencer.push(e);
    });
    socket.on('resync', (sig) => {
      this.touch();
      const s = this.streams.get(keyOf(sig.project_path, sig.iid));
      if (s) void this.refetch(s, sig.seq);
    });
    socket.on('project_issues', (sig) => {
      this.touch();
      for (const [l, list] of this.watches.get(sig.project_path) ?? []) if (!sig.lists || sig.lists.includes(list)) l();
    });
    socket.on('project_errors', (sig) => {
      this.touch();
      const ids = Array.isArray(sig?.error_ids) ? sig.error_ids.filter((n) => typeof n === 'number') : [];
      for (const [path, listeners] of this.errorWatches) if (path.toLowerCase() === String(sig?.project_path).toLowerCase()) for (const l of listeners) l(ids);
    });
    socket.on('presence', (p) => {
      this.touch();
      for (const l of this.presenceListeners) l(p);
    });
    socket.on('unsubscribed', (sig) => {
      const s = this.streams.get(keyOf(sig.project_path, sig.iid));
      if (s) {
        s.ended = true;
        s.handlers.ended(sig.reason);
      }
    });
  }

  private subscribe(s: Stream): void {
    if (s.ended || !this.socket) return;
    s.replaying = true;
    this.socket.emit(
      'subscribe',
      { channel: channelOf(s.projectPath), project_path: s.projectPath, iid: s.iid, after: s.sequencer.seq },
      (ack: SubscribeAck) => {
        s.replaying = false;
        if (!ack.ok) {
          s.ended = true;
          s.handlers.ended(ack.code === 'not_found' ? 'deleted' : 'access_revoked');
          return;
        }
        // Replay is emitted before the ack: every event up to ack.seq that is ours has come
        // (seqs that did not were withheld from us); after a resync the refetch sets the seq.
        if (!s.resyncing) s.sequencer.caughtUp(ack.seq);
        if (s.sequencer.waiting) this.replay(s);
        for (const l of this.liveListeners) l(s.projectPath, s.iid);
      },
    );
  }

  /** A gap: ask the server to replay everything after our last applied seq. */
  private replay(s: Stream): void {
    if (s.replaying || this.state !== 'open') return;
    this.subscribe(s);
  }

  /** Refetches the whole issue, then continues from the seq the server said it is at. */
  private async refetch(s: Stream, seq: number): Promise<void> {
    s.resyncing = true;
    try {
      if (await s.handlers.refetch().catch(() => false)) s.sequencer.reset(seq);
    } finally {
      s.resyncing = false;
    }
  }

  private lost(): void {
    if (this.stopped) return;
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    if (this.reconnectTimer) return;
    this.attempts++;
    this.setState('reconnecting');
    if (hasGivenUp(this.attempts)) this.setGaveUp(true);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.open('reconnecting');
    }, reconnectDelayMs(this.attempts));
  }

  private scheduleMonitor(): void {
    if (this.monitorTimer) clearTimeout(this.monitorTimer);
    this.monitorTimer = setTimeout(() => {
      this.monitorTimer = null;
      if (this.stopped) return;
      if (this.state === 'open' && isStale(this.lastMessageAt, this.now())) this.lost();
      else if (this.state === 'open') this.scheduleMonitor();
    }, monitorPollIntervalMs(this.attempts));
  }

  private readonly onVisibility = () => {
    if (document.visibilityState !== 'visible') return;
    setTimeout(() => {
      if (!this.stopped && this.state === 'open' && isStale(this.lastMessageAt, this.now())) this.lost();
    }, 200);
  };

  private touch(): void {
    this.lastMessageAt = this.now();
  }

  private setState(s: ConnectionState): void {
    if (this.state === s) return;
    this.state = s;
    this.opts.onState(s);
  }

  private setGaveUp(v: boolean): void {
    if (this.gaveUp === v) return;
    this.gaveUp = v;
    this.opts.onGiveUp?.(v);
  }

  private clearTimers(): void {
    if (this.monitorTimer) clearTimeout(this.monitorTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.monitorTimer = this.reconnectTimer = this.connectTimer = null;
  }
}
