import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  ERRORS,
  REALTIME,
  SESSION_COOKIE,
  type AnyRealtimeEvent,
  type ClientToServerEvents,
  type ResyncSignal,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { canProject, canReadIssue, scopeAllows, type Actor, type ProjectFacts } from '../../core/policy/policy';
import { EVENT_BUS, type BusControl, type BusEvent, type EventBus } from '../../core/realtime/event-bus';
import { EventLogService } from '../../core/realtime/event-log.service';
import { REDIS_CONNECTIONS, REDIS_PREFIX, type RedisConnections } from '../../core/realtime/redis';
import { AuthService } from '../auth/auth.service';
import { digest } from '../auth/tokens';
import { IssueService, type IssueContext } from '../issue/issue.service';
import { ProjectService } from '../project/project.service';
import { changesAccess, IssueRoom, txChangesAccess, isRestricted, redacted, type SocketData, type Subscription, type TandemSocket } from './issue-room';
import { parseSubscribe, parseUnsubscribe } from './subscribe.validation';

/** Wait this long for an out-of-order bus event before reading the gap from the log. */
const GAP_WAIT_MS = 40;
/** With a lossy bus (Redis), rooms are checked against the log this often. */
const SWEEP_MS = 2000;
/**
 * Heartbeats are spread over this many rooms, one room per tick (REALTIME.heartbeatMs / N):
 * every socket still hears one every heartbeatMs, but the node never writes to all of its
 * sockets in one go (10,000 writes at once hold the event loop for hundreds of ms on a small
 * machine, and every issue event queued behind them waits).
 */
const HEARTBEAT_BUCKETS = 12;
/** A client further behind than this refetches instead of replaying. */
const MAX_REPLAY = 5000;
const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;
/**
 * Subscribe checks are remembered this long per (user, issue): a mass reconnect after a node
 * restart then costs one check per user and issue, not per socket. Any event or control
 * message that can change access to the issue clears its entries on every node first.
 */
const AUTH_CACHE_MS = 5000;
const AUTH_CACHE_MAX = 50_000;
/** Every room's members are re-checked this often (memberships that expire by date, lost control messages). */
const ACCESS_RECHECK_MS = 10 * 60_000;
/** How often sockets are checked for an expired credential. */
const EXPIRY_CHECK_MS = 1000;

type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * The Socket.IO side of the IssuesChannel (docs/realtime.md). Each node emits the
 * committed events it gets from the bus to its own sockets, per issue room, in seq order and
 * without gaps (late or lost bus messages are read from the event log). Subscribing with
 * `after` replays from the log first, then the socket joins the live room.
 */
const heartbeatRoom = (n: number): string => `heartbeat:${n % HEARTBEAT_BUCKETS}`;

@Injectable()
export class RealtimeGateway implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(RealtimeGateway.name);
  private io!: Io;
  private readonly rooms = new Map<string, IssueRoom>();
  private unsubscribeBus: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private heartbeatTick = 0;
  private connections = 0;
  private closing = false;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping = false;
  private expiry: NodeJS.Timeout | null = null;
  private accessTimer: NodeJS.Timeout | null = null;
  private recheckingAll = false;
  private readonly authCache = new Map<string, { ctx: IssueContext; expires: number }>();

  constructor(
    private readonly host: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(REDIS_CONNECTIONS) private readonly redis: RedisConnections | null,
    private readonly log: EventLogService,
    private readonly auth: AuthService,
    private readonly issues: IssueService,
    private readonly projects: ProjectService,
  ) {}

  /** Sockets connected to this node (for metrics and benchmarks). */
  get localSocketCount(): number {
    return this.io?.of('/').sockets.size ?? 0;
  }

  onApplicationBootstrap(): void {
    const httpServer = this.host.httpAdapter.getHttpServer() as HttpServer;
    this.io = new Server(httpServer, {
      path: '/socket.io/',
      serveClient: false,
      // Same origin only: no CORS headers; cookie sockets are origin-checked below
      maxHttpBufferSize: 64 * 1024,
      perMessageDeflate: false,
      httpCompression: false,
      connectTimeout: 10_000,
    });
    if (this.redis) {
      // Cluster-wide io-level operations (fetchSockets, serverSideEmit, io.emit) go through
      // Redis; issue events do not: they come from the bus and are emitted locally.
      this.io.adapter(createAdapter(this.redis.adapterPub, this.redis.adapterSub, { key: `${REDIS_PREFIX}socket.io` }));
    }
    this.io.use((socket, next) => {
      this.authenticate(socket as TandemSocket).then(
        () => next(),
        (err: unknown) => {
          if (err instanceof HandshakeRefused) return next(err);
          // Not the client's fault (database unreachable...): say so without internals; clients retry
          this.logger.warn({ err }, 'socket handshake failed');
          next(new Error(ERRORS.INTERNAL.message));
        },
      );
    });
    this.io.on('connection', (s) => this.onConnection(s as TandemSocket));
    this.unsubscribeBus = this.bus.subscribe({
      events: (batch) => this.onBusEvents(batch),
      control: (msg) => void this.onControl(msg),
      resync: () => {
        void this.sweep();
        void this.recheckAll();
      },
    });
    this.heartbeat = setInterval(() => {
      this.io.local.to(heartbeatRoom(this.heartbeatTick++)).emit('heartbeat', Date.now());
    }, REALTIME.heartbeatMs / HEARTBEAT_BUCKETS);
    this.heartbeat.unref();
    this.expiry = setInterval(() => this.closeExpired(), EXPIRY_CHECK_MS);
    this.expiry.unref();
    this.accessTimer = setInterval(() => void this.recheckAll(), ACCESS_RECHECK_MS);
    this.accessTimer.unref();
    if (this.bus.lossy) {
      this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
      this.sweeper.unref();
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    this.unsubscribeBus?.();
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.expiry) clearInterval(this.expiry);
    if (this.accessTimer) clearInterval(this.accessTimer);
    if (this.sweeper) clearInterval(this.sweeper);
    for (const room of this.rooms.values()) this.closeRoom(room);
    if (this.io) {
      // Disconnect clients so they reconnect to another node at once; Nest closes the HTTP server.
      this.io.local.disconnectSockets(true);
      await Promise.race([new Promise((r) => setTimeout(r, 2000)), this.io.of('/').adapter.close?.()]);
      this.io.engine.close();
    }
  }

  // ---------- connection and handshake ----------

  private async authenticate(socket: TandemSocket): Promise<void> {
    const h = socket.handshake;
    const token = typeof (h.auth as Record<string, unknown> | undefined)?.token === 'string' ? ((h.auth as { token: string }).token.trim()) : '';
    let actor: Actor | null = null;
    let credential: string | null = null;
    let expiresAt: Date | null = null;
    if (token) {
      const r = await this.auth.resolveToken(token);
      // A bad token is refused, never downgraded to anonymous (as over HTTP)
      if (!r || !scopeAllows(r.actor, 'read_issue')) throw new HandshakeRefused(ERRORS.UNAUTHORIZED.message);
      actor = r.actor;
      credential = digest(token);
      expiresAt = r.expiresAt;
    } else {
      const session = cookieValue(h.headers.cookie, SESSION_COOKIE);
      if (session) {
        // Ambient credentials: only the server's own pages may use them (cross-site hijacking)
        if (!this.sameOrigin(h.headers)) throw new HandshakeRefused(ERRORS.FORBIDDEN.message);
        const resolved = await this.auth.resolveSession(session);
        actor = resolved?.actor ?? null;
        credential = resolved?.sessionId ?? null;
        expiresAt = resolved?.expiresAt ?? null;
      }
    }
    socket.data = { actor, credential, expiresAt: expiresAt?.getTime() ?? null, subs: new Map() };
  }

  /**
   * A socket lives no longer than its credential: an OAuth token or a session that expires
   * closes its sockets (one scan a second, a few microseconds per thousand sockets). The client
   * reconnects and is then anonymous or refused, as a new request would be.
   */
  private closeExpired(): void {
    const now = Date.now();
    for (const socket of this.io.of('/').sockets.values()) {
      const at = (socket as TandemSocket).data?.expiresAt;
      if (at != null && at <= now) socket.disconnect(true);
    }
  }

  private sameOrigin(headers: Record<string, string | string[] | undefined>): boolean {
    const origin = headers.origin;
    // Browsers always send Origin cross-site; its absence means same-origin or a non-browser
    if (typeof origin !== 'string' || origin === '') return true;
    let host: string;
    try {
      host = new URL(origin).host.toLowerCase();
    } catch {
      return false;
    }
    const own = new Set<string>([new URL(this.config.publicUrl).host.toLowerCase()]);
    const reqHost = headers.host;
    if (typeof reqHost === 'string') own.add(reqHost.toLowerCase());
    const fwd = headers['x-forwarded-host'];
    if (this.config.TRUST_PROXY && typeof fwd === 'string') own.add(fwd.split(',')[0]!.trim().toLowerCase());
    return own.has(host);
  }

  private onConnection(socket: TandemSocket): void {
    // The upgrade request (headers, raw socket buffers), the headers and the credential are not
    // needed after the handshake: dropping them saves memory on every idle socket
    (socket.conn as unknown as { request: unknown }).request = null;
    socket.handshake.headers = {};
    socket.handshake.auth = {};
    void socket.join(heartbeatRoom(this.connections++));
    // Policy: read_issue (IssueService.findReadable, re-checked when access changes)
    socket.on('subscribe', (raw, ack) => void this.onSubscribe(socket, raw, typeof ack === 'function' ? ack : () => undefined));
    // Policy: none (a socket only leaves its own subscriptions)
    socket.on('unsubscribe', (raw, ack) => {
      const req = parseUnsubscribe(raw);
      let ok = false;
      if (req) {
        for (const sub of socket.data.subs.values()) {
          if (sub.room.iid === req.iid && sub.room.projectPath.toLowerCase() === req.project_path.toLowerCase()) {
            this.removeSubscription(sub);
            ok = true;
          }
        }
      }
      if (typeof ack === 'function') ack({ ok });
    });
    socket.on('disconnect', () => {
      for (const sub of [...socket.data.subs.values()]) this.removeSubscription(sub);
    });
  }

  // ---------- subscribe, replay, join ----------

  private async onSubscribe(socket: TandemSocket, raw: unknown, ack: (res: SubscribeAck) => void): Promise<void> {
    const parsed = parseSubscribe(raw);
    if ('error' in parsed) return ack({ ok: false, code: 'invalid', message: parsed.error });
    const req = parsed.value;
    let ctx: IssueContext;
    try {
      ctx = await this.readableIssue(socket.data.actor, req.project_path, req.iid);
    } catch (e) {
      if (e instanceof AppError) return ack({ ok: false, code: 'not_found', message: e.message });
      this.logger.error({ err: e }, 'subscribe failed');
      return ack({ ok: false, message: ERRORS.INTERNAL.message });
    }
    if (!socket.connected) return;
    const room = this.roomFor(ctx);
    let sub = socket.data.subs.get(room.key);
    if (!sub) {
      if (socket.data.subs.size >= MAX_SUBSCRIPTIONS_PER_SOCKET)
        return ack({ ok: false, code: 'invalid', message: `at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection` });
      sub = { socket, room, live: false, privileged: false, cancelled: false, chain: Promise.resolve() };
      socket.data.subs.set(room.key, sub);
      room.members.set(socket.id, sub);
    }
    sub.privileged = canProject(socket.data.actor, 'read_confidential_issues', ctx.projectFacts);
    const s = sub;
    s.chain = s.chain.then(() => this.catchUp(s, req.after, ack)).catch((err: unknown) => {
      this.logger.error({ err }, 'replay failed');
      ack({ ok: false, message: 'replay failed' });
    });
  }

  /** The read check of a subscribe, through the short-lived cache (only successes are kept). */
  private async readableIssue(actor: Actor | null, projectPath: string, iid: number): Promise<IssueContext> {
    const key = `${actor?.id ?? 0}:${actor?.scopes?.join(',') ?? ''}:${projectPath.toLowerCase()}:${iid}`;
    const hit = this.authCache.get(key);
    if (hit && hit.expires > Date.now()) return hit.ctx;
    const ctx = await this.issues.findReadable(actor, projectPath, iid);
    if (this.authCache.size >= AUTH_CACHE_MAX) this.authCache.clear();
    this.authCache.set(key, { ctx, expires: Date.now() + AUTH_CACHE_MS });
    return ctx;
  }

  /** Forgets cached subscribe checks that an access change may have made wrong. */
  private invalidateAuth(match: (ctx: IssueContext) => boolean): void {
    for (const [k, v] of this.authCache) if (match(v.ctx)) this.authCache.delete(k);
  }

  /** Replays (after, room.seq] from the log, then joins the live room with no gap and no repeat. */
  private async catchUp(sub: Subscription, after: number | undefined, ack: (res: SubscribeAck) => void): Promise<void> {
    const { room, socket } = sub;
    await room.ready;
    if (sub.cancelled || room.closed) return ack({ ok: false, code: 'not_found', message: ERRORS.ISSUE_NOT_FOUND.message });
    // Stop live delivery while replaying: the replay covers everything up to room.seq
    this.leaveRooms(sub);
    let from = room.seq!;
    let pruned = false;
    if (after !== undefined && after < room.seq!) {
      if (room.seq! - after > MAX_REPLAY) pruned = true;
      else from = after;
    }
    const resync = () => {
      const signal: ResyncSignal = { project_path: room.projectPath, iid: room.iid, seq: room.seq!, reason: 'log_pruned' };
      socket.emit('resync', signal);
    };
    let replayed = 0;
    for (let rounds = 0; !pruned && from < room.seq! && rounds < 50; rounds++) {
      const events = await this.replayPage(room, from, room.seq!);
      if (sub.cancelled) return ack({ ok: false, code: 'not_found', message: ERRORS.ISSUE_NOT_FOUND.message });
      // The log no longer starts right after `from`: pruned (the client must refetch)
      if (!events.length || events[0]!.seq !== from + 1) {
        pruned = true;
        break;
      }
      const bySeq = new Map(events.map((e) => [e.seq, e]));
      let checkedTx: string | null = null;
      for (const e of events) {
        // Access may have changed at this point of the history: check again before going on
        if (checkedTx !== e.at && txChangesAccess(e, (s) => bySeq.get(s))) {
          checkedTx = e.at;
          if (!(await this.verify(sub))) return ack({ ok: false, code: 'not_found', message: ERRORS.ISSUE_NOT_FOUND.message });
        }
        this.emitTo(socket, sub.privileged, e);
        from = e.seq;
        replayed++;
      }
    }
    if (sub.cancelled || room.closed) return ack({ ok: false, code: 'not_found', message: ERRORS.ISSUE_NOT_FOUND.message });
    if (pruned || from < room.seq!) resync();
    // Synchronously from here: join at room.seq, before any further broadcast can run
    this.joinRooms(sub);
    ack({ ok: true, seq: room.seq!, replayed });
  }

  /**
   * One log read shared by every member replaying the same range at the same time (after a
   * node restart, all watchers of an issue come back with the same `after`).
   */
  private replayPage(room: IssueRoom, from: number, upTo: number): Promise<AnyRealtimeEvent[]> {
    const key = `${from}:${upTo}`;
    let p = room.replayReads.get(key);
    if (!p) {
      p = this.log.eventsAfter('Issue', room.issueId, from, 1000, upTo);
      room.replayReads.set(key, p);
      const forget = () => room.replayReads.delete(key);
      p.then(forget, forget);
    }
    return p;
  }

  private roomFor(ctx: IssueContext): IssueRoom {
    const key = `Issue:${ctx.issue.id}`;
    const existing = this.rooms.get(key);
    if (existing) return existing;
    const room = new IssueRoom(ctx.issue.id, ctx.project.id, ctx.project.fullPath, ctx.issue.iid);
    this.rooms.set(key, room);
    // Read the head after the room exists: bus events from now on are kept in `pending`
    room.ready = this.log.currentSeqs('Issue', [room.issueId]).then(
      (m) => {
        room.seq = m.get(room.issueId) ?? ctx.issue.eventSeq;
        room.dropStale();
        void this.drain(room);
      },
      (err: unknown) => {
        this.logger.error({ err }, 'room init failed');
        room.seq = ctx.issue.eventSeq;
        room.dropStale();
      },
    );
    return room;
  }

  private joinRooms(sub: Subscription): void {
    void sub.socket.join(sub.room.key);
    if (sub.privileged) void sub.socket.join(sub.room.internalKey);
    sub.live = true;
  }

  private leaveRooms(sub: Subscription): void {
    void sub.socket.leave(sub.room.key);
    void sub.socket.leave(sub.room.internalKey);
    sub.live = false;
  }

  private removeSubscription(sub: Subscription): void {
    sub.cancelled = true;
    this.leaveRooms(sub);
    sub.socket.data.subs.delete(sub.room.key);
    const room = sub.room;
    if (room.members.get(sub.socket.id) === sub) room.members.delete(sub.socket.id);
    if (room.members.size === 0) this.closeRoom(room);
  }

  private closeRoom(room: IssueRoom): void {
    room.closed = true;
    if (room.gapTimer) clearTimeout(room.gapTimer);
    room.gapTimer = null;
    if (this.rooms.get(room.key) === room) this.rooms.delete(room.key);
  }

  private revoke(sub: Subscription, reason: ResyncSignal['reason']): void {
    const { room, socket } = sub;
    this.removeSubscription(sub);
    socket.emit('unsubscribed', { project_path: room.projectPath, iid: room.iid, seq: room.seq ?? 0, reason });
  }

  // ---------- delivery ----------

  private emitTo(socket: TandemSocket, privileged: boolean, e: AnyRealtimeEvent): void {
    const out = isRestricted(e) && !privileged ? redacted(e) : e;
    (socket.emit as (ev: string, payload: unknown) => boolean)(out.type, out);
  }

  private broadcast(room: IssueRoom, e: AnyRealtimeEvent): void {
    const emit = (op: { emit: (ev: string, payload: unknown) => boolean }, payload: AnyRealtimeEvent) => op.emit(payload.type, payload);
    if (isRestricted(e)) {
      emit(this.io.local.to(room.internalKey) as never, e);
      emit(this.io.local.to(room.key).except(room.internalKey) as never, redacted(e));
    } else {
      emit(this.io.local.to(room.key) as never, e);
    }
  }

  private onBusEvents(batch: readonly BusEvent[]): void {
    const touched = new Set<IssueRoom>();
    for (const b of batch) {
      if (b.noteableType !== 'Issue') continue;
      if (changesAccess(b.event) || b.event.type === 'issue.deleted') this.invalidateAuth((c) => c.issue.id === b.noteableId);
      const room = this.rooms.get(`Issue:${b.noteableId}`);
      if (room && room.offer(b.event)) touched.add(room);
    }
    for (const room of touched) void this.drain(room);
  }

  /** Broadcasts pending events in seq order; a missing one is waited for, then read from the log. */
  private async drain(room: IssueRoom): Promise<void> {
    if (room.draining || room.seq === null || room.closed) return;
    room.draining = true;
    try {
      // An access change announced by a control message: re-check before anything else goes out
      await this.recheckIfAsked(room);
      let advanced = false;
      for (let e = room.pending.get(room.seq + 1); e; e = room.pending.get(room.seq + 1)) {
        room.pending.delete(e.seq);
        if (room.checkedTx !== e.at && txChangesAccess(e, (s) => room.pending.get(s))) {
          room.checkedTx = e.at;
          // Whatever way the event came (bus, gap fill, sweep): no cached check may outlive it
          this.invalidateAuth((c) => c.issue.id === room.issueId);
          room.needsRecheck = true;
        }
        await this.recheckIfAsked(room);
        if (room.closed) return;
        // Synchronous from the last await: broadcast and advance together
        this.broadcast(room, e);
        room.seq = e.seq;
        advanced = true;
        if (e.type === 'issue.deleted') {
          this.io.local.to(room.key).emit('updated', { event: 'updated', project_path: room.projectPath, iid: room.iid, seq: room.seq });
          for (const sub of [...room.members.values()]) this.revoke(sub, 'deleted');
          this.closeRoom(room);
          return;
        }
      }
      // The spec's plain signal, once per contiguous run (normally one per transaction)
      if (advanced) this.io.local.to(room.key).emit('updated', { event: 'updated', project_path: room.projectPath, iid: room.iid, seq: room.seq });
      if (room.pending.size) this.scheduleGapFill(room);
      else if (room.gapTimer) {
        clearTimeout(room.gapTimer);
        room.gapTimer = null;
      }
    } catch (err) {
      this.logger.error({ err }, 'room delivery failed');
    } finally {
      room.draining = false;
    }
    // Events (or access changes) that arrived while we were re-checking access
    if (!room.closed && (room.pending.has(room.seq + 1) || room.needsRecheck)) void this.drain(room);
  }

  /** Runs the re-check a control message or an access-changing event asked for (under the drain lock). */
  private async recheckIfAsked(room: IssueRoom): Promise<void> {
    while (room.needsRecheck && !room.closed) {
      room.needsRecheck = false;
      try {
        await this.recheckRoom(room);
      } catch (err) {
        // Fail closed: nobody gets this room's events until a re-check has succeeded
        room.needsRecheck = true;
        this.logger.warn({ err }, 'access re-check failed; retrying');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /**
   * Asks for a re-check of rooms. Synchronous up to the flag, so a live event that arrives after
   * the control message waits for the re-check. A room whose head is not known yet (its first
   * member is still replaying) is checked at once; its members verify before they go live.
   */
  private requestRecheck(rooms: Iterable<IssueRoom>): void {
    for (const room of rooms) {
      if (room.closed) continue;
      room.needsRecheck = true;
      if (room.seq === null) {
        room.needsRecheck = false;
        void this.recheckRoom(room).catch((err: unknown) => this.logger.warn({ err }, 'recheck failed'));
      } else void this.drain(room);
    }
  }

  private scheduleGapFill(room: IssueRoom): void {
    if (room.gapTimer || room.closed) return;
    room.gapTimer = setTimeout(() => {
      room.gapTimer = null;
      void this.fillFromLog(room);
    }, GAP_WAIT_MS);
  }

  /** Reads the events this node missed for a room (lost or late bus messages). */
  private async fillFromLog(room: IssueRoom, upTo?: number): Promise<void> {
    if (room.closed || room.seq === null) return;
    const target = upTo ?? Math.max(...room.pending.keys());
    if (!(target > room.seq)) return;
    try {
      let from = room.seq;
      while (from < target) {
        const events = await this.log.eventsAfter('Issue', room.issueId, from, 1000, target);
        if (!events.length) break;
        for (const e of events) room.offer(e);
        from = events[events.length - 1]!.seq;
      }
      if (room.seq !== null && room.pending.size && !room.pending.has(room.seq + 1)) {
        // The log does not have it either (pruned): skip ahead rather than stall the room
        const next = Math.min(...room.pending.keys());
        this.logger.warn(`room ${room.key}: events ${room.seq + 1}..${next - 1} missing from the log; skipping`);
        room.seq = next - 1;
      }
    } catch (err) {
      this.logger.warn({ err }, 'gap fill failed; retrying');
      this.scheduleGapFill(room);
      return;
    }
    await this.drain(room);
  }

  /** Checks every room this node holds against the committed heads (the bus may have lost messages). */
  private async sweep(): Promise<void> {
    if (this.sweeping || !this.rooms.size) return;
    this.sweeping = true;
    try {
      const rooms = [...this.rooms.values()].filter((r) => r.seq !== null);
      const heads = await this.log.currentSeqs('Issue', rooms.map((r) => r.issueId));
      await Promise.all(
        rooms.map((room) => {
          const head = heads.get(room.issueId);
          // A deleted issue has no head: its log still ends with issue.deleted
          if (head === undefined) return this.fillFromLog(room, 2_147_483_647);
          return head > room.seq! ? this.fillFromLog(room, head) : undefined;
        }),
      );
    } catch (err) {
      // during shutdown the database goes away under a sweep in flight: nothing to report
      if (!this.closing) this.logger.warn({ err }, 'sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  // ---------- access changes ----------

  /** Fresh check of one subscriber (during replay). */
  private async verify(sub: Subscription): Promise<boolean> {
    try {
      const ctx = await this.issues.findReadable(sub.socket.data.actor, sub.room.projectPath, sub.room.iid);
      sub.privileged = canProject(sub.socket.data.actor, 'read_confidential_issues', ctx.projectFacts);
      return true;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      this.revoke(sub, 'access_revoked');
      return false;
    }
  }

  /**
   * Removes every member of a room that can no longer read the issue, before the event that
   * changed access is delivered. Members that join while this runs are checked too.
   */
  private async recheckRoom(room: IssueRoom): Promise<void> {
    // The project with its namespace (one statement), then the issue with its assignees
    const project = await this.projects.findByIdOrPath(room.projectId);
    const ctx = project ? await this.issues.contextFor(project, { visibility: project.visibility, archived: project.archived, accessLevel: 0 }, room.iid) : null;
    const checked = new Set<Subscription>();
    const factsByActor = new Map<number, ProjectFacts>();
    for (;;) {
      const todo = [...room.members.values()].filter((s) => !checked.has(s));
      if (!todo.length) break;
      for (const sub of todo) {
        checked.add(sub);
        if (sub.cancelled) continue;
        if (!project || !ctx) {
          this.revoke(sub, ctx === null && project ? 'deleted' : 'access_revoked');
          continue;
        }
        const actor = sub.socket.data.actor;
        const key = actor?.id ?? 0;
        let facts = factsByActor.get(key);
        if (!facts) {
          facts = await this.projects.facts(actor, project);
          factsByActor.set(key, facts);
        }
        if (sub.cancelled) continue;
        if (!canReadIssue(actor, facts, ctx.facts)) {
          this.revoke(sub, 'access_revoked');
          continue;
        }
        const privileged = canProject(actor, 'read_confidential_issues', facts);
        if (privileged !== sub.privileged) {
          sub.privileged = privileged;
          if (sub.live) void (privileged ? sub.socket.join(room.internalKey) : sub.socket.leave(room.internalKey));
        }
      }
    }
  }

  private async onControl(msg: BusControl): Promise<void> {
    if (msg.kind === 'credential_revoked') {
      // The credential no longer authenticates anyone: its sockets go, wherever they are
      for (const socket of this.io.of('/').sockets.values()) {
        if ((socket as TandemSocket).data?.credential === msg.credential) socket.disconnect(true);
      }
      return;
    }
    if (msg.kind === 'recheck_noteable') this.invalidateAuth((c) => msg.noteableType === 'Issue' && c.issue.id === msg.noteableId);
    else if (msg.kind === 'recheck_project') this.invalidateAuth((c) => c.project.id === msg.projectId);
    else this.authCache.clear();
    const rooms = [...this.rooms.values()].filter((r) => {
      if (msg.kind === 'recheck_noteable') return msg.noteableType === 'Issue' && r.issueId === msg.noteableId;
      if (msg.kind === 'recheck_project') return r.projectId === msg.projectId;
      return [...r.members.values()].some((s) => s.socket.data.actor?.id === msg.userId);
    });
    this.requestRecheck(rooms);
  }

  /**
   * Re-checks every room this node holds: after the bus reconnects (a control message may have
   * been lost with it) and every ACCESS_RECHECK_MS (memberships that expire by date announce
   * nothing). Rooms go one after another so the database sees a trickle, not a burst.
   */
  private async recheckAll(): Promise<void> {
    if (this.recheckingAll) return;
    this.recheckingAll = true;
    try {
      this.authCache.clear();
      for (const room of [...this.rooms.values()]) {
        if (room.closed) continue;
        this.requestRecheck([room]);
        // wait for this room's re-check before the next one
        for (let i = 0; i < 200 && (room.needsRecheck || room.draining) && !room.closed; i++) await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      this.recheckingAll = false;
    }
  }
}

/** A handshake refused for the client's credentials or origin (its message is for the client). */
class HandshakeRefused extends Error {}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const v = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(v.startsWith('"') ? v.slice(1, -1) : v);
    } catch {
      return null;
    }
  }
  return null;
}
