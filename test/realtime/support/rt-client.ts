import { io, type Socket } from 'socket.io-client';
import {
  EVENT_TYPES,
  ISSUES_CHANNEL,
  type AnyRealtimeEvent,
  type ClientToServerEvents,
  type PresenceSignal,
  type ResyncSignal,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@tandem/shared-types';
import { sleep } from './harness';

type TSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Stream {
  projectPath: string;
  iid: number;
  /** Highest seq received (what a reconnect asks to continue after). */
  seq: number;
}

/**
 * A protocol-following test client: token auth, subscribe with `after` on every (re)connect,
 * reconnect to the next URL when its node goes away. It records everything it receives and
 * does NOT fill gaps itself, so tests see exactly what the server delivered.
 */
export class RtClient {
  socket: TSocket | null = null;
  readonly events: AnyRealtimeEvent[] = [];
  readonly updated: number[] = [];
  readonly resyncs: ResyncSignal[] = [];
  readonly unsubscribed: ResyncSignal[] = [];
  readonly acks: SubscribeAck[] = [];
  readonly presence: PresenceSignal[] = [];
  readonly projectSignals: Array<{ project_path: string; lists?: string[]; at: number }> = [];
  /** project_errors signals of watched error lists. */
  readonly errorSignals: Array<{ project_path: string; error_ids: number[]; at: number }> = [];
  /** The user channel's to-do counts, in arrival order. */
  readonly todoCounts: number[] = [];
  heartbeats = 0;
  /** receipt times of the heartbeats (ms since epoch) */
  heartbeatTimes: number[] = [];
  connects = 0;
  connectedTo: string | null = null;
  private readonly streams = new Map<string, Stream>();
  private stopped = false;
  private urlIndex = 0;
  private reconnecting = false;
  /** Why the last automatic reconnect gave up (the node stayed away); a test that expects a reconnect waits on `connects`. */
  reconnectError: Error | null = null;

  constructor(
    private readonly urls: string[],
    private readonly token: string | null,
    private readonly opts: { autoReconnect?: boolean; extraHeaders?: Record<string, string>; transports?: Array<'websocket' | 'polling'> } = {},
  ) {}

  async connect(): Promise<void> {
    this.stopped = false;
    let lastErr: unknown;
    for (let attempt = 0; attempt < 40 && !this.stopped; attempt++) {
      const url = this.urls[this.urlIndex % this.urls.length]!;
      try {
        await this.open(url);
        return;
      } catch (e) {
        lastErr = e;
        this.urlIndex++;
        await sleep(Math.min(100 * (attempt + 1), 500));
      }
    }
    throw new Error(`could not connect: ${String(lastErr)}`);
  }

  private open(url: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket: TSocket = io(url, {
        path: '/socket.io/',
        transports: this.opts.transports ?? ['websocket'],
        reconnection: false,
        forceNew: true,
        timeout: 5000,
        ...(this.token ? { auth: { token: this.token } } : {}),
        ...(this.opts.extraHeaders ? { extraHeaders: this.opts.extraHeaders } : {}),
      });
      this.socket = socket;
      for (const type of EVENT_TYPES) socket.on(type, ((e: AnyRealtimeEvent) => this.onEvent(e)) as never);
      socket.on('updated', (s) => this.updated.push(s.seq));
      socket.on('heartbeat', () => {
        this.heartbeats++;
        this.heartbeatTimes.push(Date.now());
      });
      socket.on('resync', (s) => {
        this.resyncs.push(s);
        const st = this.streams.get(`${s.project_path}#${s.iid}`);
        if (st) st.seq = s.seq;
      });
      socket.on('unsubscribed', (s) => this.unsubscribed.push(s));
      socket.on('presence', (p) => this.presence.push(p));
      socket.on('project_issues', (p) => this.projectSignals.push({ ...p, at: Date.now() }));
      socket.on('project_errors', (p) => this.errorSignals.push({ ...p, at: Date.now() }));
      socket.on('todos.count', (s) => this.todoCounts.push(s.count));
      socket.once('connect', () => {
        this.connects++;
        this.connectedTo = url;
        // Resubscribe everything, continuing after the last seq received
        void Promise.all([...this.streams.values()].map((s) => this.sendSubscribe(s))).then(() => resolve(), reject);
      });
      socket.once('connect_error', (err) => {
        socket.removeAllListeners();
        socket.close();
        reject(err);
      });
      socket.on('disconnect', (reason) => {
        if (this.stopped || reason === 'io client disconnect') return;
        if (this.opts.autoReconnect !== false) void this.reconnect();
      });
    });
  }

  private async reconnect(): Promise<void> {
    if (this.reconnecting) return;
    this.reconnecting = true;
    try {
      this.socket?.removeAllListeners();
      this.urlIndex++;
      await this.connect();
      this.reconnectError = null;
    } catch (e) {
      // Not a rejection nobody awaits: the disconnect handler fires it and forgets it
      this.reconnectError = e as Error;
    } finally {
      this.reconnecting = false;
    }
  }

  private onEvent(e: AnyRealtimeEvent): void {
    this.events.push(e);
    const s = this.streams.get(`${e.issue.project_path}#${e.issue.iid}`);
    if (s && e.seq > s.seq) s.seq = e.seq;
  }

  private sendSubscribe(s: Stream, after?: number): Promise<SubscribeAck> {
    return new Promise((resolve, reject) => {
      const socket = this.socket;
      if (!socket) return reject(new Error('not connected'));
      const timer = setTimeout(() => reject(new Error('subscribe ack timed out')), 10_000);
      socket.emit('subscribe', { channel: ISSUES_CHANNEL, project_path: s.projectPath, iid: s.iid, after: after ?? s.seq }, (ack) => {
        clearTimeout(timer);
        this.acks.push(ack);
        if (ack.ok && ack.seq > s.seq && after === undefined && s.seq === -1) s.seq = ack.seq;
        resolve(ack);
      });
    });
  }

  /** Subscribes from the issue's current seq, or replays everything after `after` first. */
  async subscribe(projectPath: string, iid: number, after?: number): Promise<SubscribeAck> {
    const s: Stream = this.streams.get(`${projectPath}#${iid}`) ?? { projectPath, iid, seq: after ?? -1 };
    if (after !== undefined) this.streams.set(`${projectPath}#${iid}`, s);
    return new Promise((resolve, reject) => {
      const socket = this.socket;
      if (!socket) return reject(new Error('not connected'));
      const timer = setTimeout(() => reject(new Error('subscribe ack timed out')), 10_000);
      socket.emit('subscribe', { channel: ISSUES_CHANNEL, project_path: projectPath, iid, ...(after !== undefined ? { after } : {}) }, (ack) => {
        clearTimeout(timer);
        this.acks.push(ack);
        if (ack.ok) {
          s.seq = Math.max(s.seq, ack.seq);
          this.streams.set(`${projectPath}#${iid}`, s);
        }
        resolve(ack);
      });
    });
  }

  /** The seq received so far for an issue. */
  seqOf(projectPath: string, iid: number): number {
    return this.streams.get(`${projectPath}#${iid}`)?.seq ?? -1;
  }

  eventsFor(projectPath: string, iid: number): AnyRealtimeEvent[] {
    return this.events.filter((e) => e.issue.project_path === projectPath && e.issue.iid === iid);
  }

  /** Drops the connection (as a network loss would); `resume()` reconnects and replays. */
  /** Watches a project's issue list; resolves with the server's ack. */
  watchProject(projectPath: string): Promise<{ ok: boolean; message?: string }> {
    return new Promise((resolve) => this.socket!.emit('watch_project', { project_path: projectPath }, resolve));
  }

  /** Watches a project's error list (watch_errors); resolves with the server's ack. */
  watchErrors(projectPath: string): Promise<{ ok: boolean; message?: string }> {
    return new Promise((resolve) => this.socket!.emit('watch_errors', { project_path: projectPath }, resolve));
  }

  drop(): void {
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
  }

  async resume(): Promise<void> {
    await this.connect();
  }

  close(): void {
    this.stopped = true;
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
  }
}

/** Asserts seqs are strictly consecutive from `from + 1` (no gap, no duplicate, no reorder). */
export function contiguityProblems(events: AnyRealtimeEvent[], from: number): string[] {
  const problems: string[] = [];
  let expect = from + 1;
  for (const e of events) {
    if (e.seq !== expect) problems.push(`expected seq ${expect}, got ${e.seq} (${e.type})`);
    expect = e.seq + 1;
  }
  return problems;
}
