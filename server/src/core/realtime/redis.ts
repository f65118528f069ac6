import { Logger } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient, type RedisClientType } from 'redis';
import { RedisPublisher } from './redis-publisher';

/** Every key and channel Tandem uses in Redis starts with this. */
export const REDIS_PREFIX = 'tandem:';

/** A node-redis (v5) client as Tandem opens it. */
export type RedisClient = RedisClientType;

export interface RedisConnections {
  /**
   * Commands (ETag cache, counters): rejected at once while disconnected instead
   * of queueing. node-redis's command timeout only bounds the wait to be sent, not the reply:
   * wrap a call in `bounded()` where a hung server must not hold a request.
   */
  cmd: RedisClient;
  /**
   * The ETag cache's reads, with client tracking (RESP3): Redis pushes an `invalidate` for every
   * key this connection read once that key changes or expires, so the cache keeps what it read
   * in a local mirror and a repeated poll needs no round trip (etag-cache.service.ts).
   */
  etagRead: RedisClient;
  /** The bus subscriber (pub/sub needs a connection of its own). */
  busSub: RedisClient;
  /**
   * The bus's PUBLISHes, written in the call (node-redis writes in a setImmediate: the other
   * nodes waited for the rest of the publishing turn); redis-publisher.ts.
   */
  busPub: RedisPublisher;
  /** The Socket.IO adapter's pair. */
  adapterPub: RedisClient;
  adapterSub: RedisClient;
  close(): Promise<void>;
}

export const REDIS_CONNECTIONS = Symbol('REDIS_CONNECTIONS');

/** How long a command may wait to be sent, or (through `bounded`) for its reply. */
const COMMAND_TIMEOUT_MS = 1000;
/** How long shutdown waits for in-flight replies before dropping a connection. */
const CLOSE_WAIT_MS = 1000;

const logger = new Logger('Redis');

function client(url: string, name: string, opts: { failFast: boolean; tracking?: boolean }): RedisClient {
  let everReady = false;
  const r = createClient({
    url,
    name: `tandem-${name}`,
    // Client tracking needs RESP3's push messages; node-redis then emits 'invalidate' (key or null for all)
    ...(opts.tracking ? { RESP: 3 as const, emitInvalidate: true, maintNotifications: 'disabled' as const } : {}),
    // Fail-fast: a command during an outage is rejected at once (cache reads fall back to the
    // database, publishes are filled from the log), and a reply that never comes times out
    disableOfflineQueue: opts.failFast,
    ...(opts.failFast ? { commandOptions: { timeout: COMMAND_TIMEOUT_MS } } : {}),
    socket: {
      connectTimeout: 5000,
      // Boot fails at once (openRedis reports it); after that, reconnect quickly and never
      // give up: nodes outlive a Redis restart, and subscriptions are renewed on reconnect
      reconnectStrategy: (retries: number, cause: Error) => (everReady ? Math.min(50 * (retries + 1), 1000) : cause),
    },
    // RESP3 types the client apart from RESP2; the tracking connection only GETs (a string or null either way)
  }) as unknown as RedisClient;
  let down = false;
  // node-redis throws an 'error' event without a listener: every connection has one
  r.on('error', (err: Error) => {
    if (!down) logger.warn(`${name}: ${err.message}`);
    down = true;
  });
  r.on('ready', () => {
    if (down) logger.log(`${name}: reconnected`);
    everReady = true;
    down = false;
  });
  return r;
}

/** Rejects when Redis has not answered in time (the command itself stays queued on its connection). */
export function bounded<T>(reply: Promise<T>, ms = COMMAND_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([reply, late]).finally(() => clearTimeout(timer));
}

/** Closes gracefully when connected; drops at once when not (a reconnect loop must not hold the process). */
async function shut(r: RedisClient): Promise<void> {
  if (!r.isOpen) return;
  if (!r.isReady) {
    r.destroy();
    return;
  }
  r.unref();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([r.close(), new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
  clearTimeout(timer);
}

/** Opens the connections a node needs; resolves once all are ready (fail fast at boot). */
export async function openRedis(url: string): Promise<RedisConnections> {
  const cmd = client(url, 'cmd', { failFast: true });
  const etagRead = client(url, 'etag-read', { failFast: true, tracking: true });
  const busSub = client(url, 'bus-sub', { failFast: false });
  const adapterPub = client(url, 'io-pub', { failFast: false });
  const adapterSub = client(url, 'io-sub', { failFast: false });
  const busPub = new RedisPublisher(url, 'bus-pub');
  const all = [cmd, etagRead, busSub, adapterPub, adapterSub];
  const opened = await Promise.allSettled([...all.map((r) => r.connect()), busPub.connect()]);
  const failed = opened.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed) {
    await Promise.allSettled([...all.map(shut), busPub.close()]);
    const e: unknown = failed.reason;
    throw new Error(`Redis at REDIS_URL is unreachable: ${e instanceof Error ? e.message : String(e)}`);
  }
  return {
    cmd,
    etagRead,
    busSub,
    busPub,
    adapterPub,
    adapterSub,
    close: async () => {
      await Promise.allSettled([...all.map(shut), busPub.close()]);
    },
  };
}

/**
 * The Socket.IO Redis adapter on the node's adapter pair. Cluster-wide io-level operations
 * (fetchSockets, serverSideEmit, io.emit) go through it; issue events use the bus instead.
 */
export function createSocketIoAdapter(redis: RedisConnections): ReturnType<typeof createAdapter> {
  // The adapter drops the promise of its PUBLISHes (a broadcast to a user or project room): one in
  // flight when Redis goes away rejected unhandled and took the node down (multi-node.spec.ts,
  // Redis restarted mid-stream). Such signals are volatile; a lost one is lost, not fatal.
  const pub = redis.adapterPub;
  const publish = pub.publish.bind(pub) as (channel: string, message: string) => Promise<number>;
  (pub as { publish: unknown }).publish = (channel: string, message: string): Promise<number> => {
    const sent = publish(channel, message);
    sent.catch(() => undefined);
    return sent;
  };
  return createAdapter(pub, redis.adapterSub, { key: `${REDIS_PREFIX}socket.io` });
}
