import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { AnyRealtimeEvent, NoteableType } from '@tandem/shared-types';
import { observeBusLag } from '../metrics/metrics';
import type { RedisClient } from './redis';

/**
 * Where the bus PUBLISHes: `RedisPublisher` (written in the call, false when dropped) in the
 * app; a node-redis client (a promise) works too.
 */
export interface BusPublishTarget {
  publish(channel: string, message: string): boolean | Promise<unknown>;
}

/** An event as it travels between nodes: the client envelope plus its noteable key. */
export interface BusEvent {
  noteableType: NoteableType;
  noteableId: number;
  event: AnyRealtimeEvent;
}

/**
 * Node-to-node instructions that are not events: "re-check who may still watch these rooms"
 * (access changed without an event, e.g. a membership or visibility change).
 */
export type BusControl =
  | { kind: 'recheck_noteable'; noteableType: NoteableType; noteableId: number }
  | { kind: 'recheck_project'; projectId: number }
  | { kind: 'recheck_user'; userId: number }
  /** A token was revoked or a session ended: sockets opened with it are closed. */
  | { kind: 'credential_revoked'; credential: string }
  /** An error-tracking client key was revoked or a project's setting changed: ingest forgets its key lookups. */
  | { kind: 'ingest_keys_changed' };

export interface BusHandlers {
  /** The events of one committed transaction, in seq order. */
  events(batch: readonly BusEvent[]): void;
  control?(msg: BusControl): void;
  /**
   * The bus may have dropped messages (Redis connection lost and regained): the receiver
   * must catch up from the event log.
   */
  resync?(): void;
}

/**
 * Fan-out of committed events to every node. In-process without REDIS_URL; Redis pub/sub
 * with it. Delivery here is best effort: the event log is the durable copy, and receivers
 * fill gaps from it. Publishing delivers to this node's handlers without a Redis round trip
 * (and no dependence on Redis for them): synchronously in-process; with Redis, events in the
 * next setImmediate (the PUBLISH is written before) and control messages synchronously.
 */
export interface EventBus {
  /** Never throws and never waits for the network: the log already holds the events. */
  publish(batch: readonly BusEvent[]): void;
  publishControl(msg: BusControl): void;
  subscribe(handlers: BusHandlers): () => void;
  /** True when messages can be lost between nodes (receivers should sweep the log). */
  readonly lossy: boolean;
  close(): Promise<void>;
}

export const EVENT_BUS = Symbol('EVENT_BUS');

class LocalHandlers {
  private readonly logger = new Logger('EventBus');
  readonly set = new Set<BusHandlers>();

  events(batch: readonly BusEvent[]): void {
    for (const h of this.set) this.guard(() => h.events(batch));
  }
  control(msg: BusControl): void {
    for (const h of this.set) this.guard(() => h.control?.(msg));
  }
  resync(): void {
    for (const h of this.set) this.guard(() => h.resync?.());
  }
  private guard(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      // a failing subscriber must not stop the others
      this.logger.error({ err }, 'bus handler failed');
    }
  }
}

export class InProcessEventBus implements EventBus {
  readonly lossy = false;
  private readonly local = new LocalHandlers();

  publish(batch: readonly BusEvent[]): void {
    if (batch.length) this.local.events(batch);
  }

  publishControl(msg: BusControl): void {
    this.local.control(msg);
  }

  subscribe(handlers: BusHandlers): () => void {
    this.local.set.add(handlers);
    return () => this.local.set.delete(handlers);
  }

  async close(): Promise<void> {
    this.local.set.clear();
  }
}

interface WireMessage {
  /** The publishing node: it already delivered locally, so it skips its own echo. */
  n: string;
  /** When it was published (epoch ms), for the bus-lag metric on the receiving nodes. */
  t?: number;
  e?: readonly BusEvent[];
  c?: BusControl;
}

/**
 * Redis pub/sub on one channel. Every node receives every committed batch and emits it to
 * the rooms it holds locally. Pub/sub drops what is published while a subscriber is
 * disconnected; `resync` tells the receiver to catch up from the log when it reconnects.
 */
export class RedisEventBus implements EventBus {
  readonly lossy = true;
  readonly nodeId = randomBytes(6).toString('hex');
  private readonly logger = new Logger('RedisEventBus');
  private readonly local = new LocalHandlers();
  private readonly channel: string;
  /** How this node's own messages start on the wire: its echo is skipped without parsing it. */
  private readonly echoPrefix = `{"n":"${this.nodeId}"`;
  private connectedOnce = false;
  private publishFailing = false;

  /**
   * @param pub the publishing connection: written at once (RedisPublisher), and a publish during
   *   an outage fails at once instead of queueing behind a dead connection
   * @param sub a dedicated subscriber connection: node-redis renews its subscriptions when it
   *   reconnects, before it reports 'ready'
   */
  constructor(
    private readonly pub: BusPublishTarget,
    private readonly sub: RedisClient,
    prefix: string,
  ) {
    this.channel = `${prefix}events`;
    sub.on('ready', this.onReady);
  }

  async start(): Promise<void> {
    await this.sub.subscribe(this.channel, this.onMessage);
    this.connectedOnce = true;
  }

  publish(batch: readonly BusEvent[]): void {
    if (!batch.length) return;
    // To Redis first, then to this node's own sockets, so other nodes start their fan-out
    // without waiting for this node's. The PUBLISH is on the socket when send() returns
    // (RedisPublisher; node-redis wrote it only in a setImmediate, after the rest of this turn,
    // and a synchronous local fan-out before that made every other node wait for it: P5 +25-30
    // ms). The local delivery runs in the next setImmediate, after the rest of this turn (the
    // HTTP answer of the write), as it did behind node-redis's write.
    this.send({ n: this.nodeId, t: Date.now(), e: batch });
    this.deliverLocally(batch);
  }

  publishControl(msg: BusControl): void {
    this.send({ n: this.nodeId, t: Date.now(), c: msg });
    // Synchronously, as before: a revocation takes effect on this node before the request that
    // made it answers. Events published before it are delivered first (order kept); control
    // messages are rare, so their fan-out waiting for nothing costs little.
    this.flushLocal();
    this.local.control(msg);
  }

  subscribe(handlers: BusHandlers): () => void {
    this.local.set.add(handlers);
    return () => this.local.set.delete(handlers);
  }

  /** The connections belong to the caller (RedisConnections) and are closed there. */
  async close(): Promise<void> {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = null;
    this.outbox = [];
    this.local.set.clear();
    this.sub.off('ready', this.onReady);
    if (this.sub.isReady) await this.sub.unsubscribe(this.channel, this.onMessage).catch(() => undefined);
  }

  /** This node's own event batches, in publish order, waiting for the setImmediate after node-redis's write. */
  private outbox: Array<readonly BusEvent[]> = [];
  private flushing: NodeJS.Immediate | null = null;

  private deliverLocally(batch: readonly BusEvent[]): void {
    this.outbox.push(batch);
    this.flushing ??= setImmediate(this.flushLocal);
  }

  private readonly flushLocal = (): void => {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = null;
    const out = this.outbox;
    this.outbox = [];
    for (const batch of out) this.local.events(batch);
  };

  private send(msg: WireMessage): void {
    // Other nodes catch up from the log (gap fill or reconnect sweep); never fail the write.
    let sent: boolean | Promise<unknown>;
    try {
      sent = this.pub.publish(this.channel, JSON.stringify(msg));
    } catch (err) {
      sent = Promise.reject(err);
    }
    if (sent === false) this.publishFailed('not connected');
    else if (sent === true) this.publishFailing = false;
    else
      sent.then(
        () => (this.publishFailing = false),
        (err: unknown) => this.publishFailed(String(err)),
      );
  }

  /** Once per outage, not once per write. */
  private publishFailed(err: string): void {
    if (!this.publishFailing) this.logger.warn({ err }, 'bus publish failed; other nodes will read the events from the log');
    this.publishFailing = true;
  }

  private readonly onReady = (): void => {
    // The first ready is boot; any later one follows a lost connection, so messages may be gone.
    if (this.connectedOnce) {
      this.logger.warn('bus reconnected: catching up from the event log');
      this.local.resync();
    }
    this.connectedOnce = true;
  };

  private readonly onMessage = (raw: string): void => {
    // This node's own echo: already delivered here; not worth parsing
    if (raw.startsWith(this.echoPrefix)) return;
    let msg: WireMessage;
    try {
      msg = JSON.parse(raw) as WireMessage;
    } catch {
      return;
    }
    if (msg.n === this.nodeId) return;
    if (typeof msg.t === 'number') observeBusLag(msg.t);
    if (msg.e) this.local.events(msg.e);
    if (msg.c) this.local.control(msg.c);
  };
}
