import { Logger } from '@nestjs/common';
import Redis from 'ioredis';

/** Every key and channel Tandem uses in Redis starts with this. */
export const REDIS_PREFIX = 'tandem:';

export interface RedisConnections {
  /** Commands (ETag cache, bus publish): fails fast while disconnected instead of queueing. */
  cmd: Redis;
  /** The bus subscriber. */
  busSub: Redis;
  /** The Socket.IO adapter's pair. */
  adapterPub: Redis;
  adapterSub: Redis;
  close(): Promise<void>;
}

export const REDIS_CONNECTIONS = Symbol('REDIS_CONNECTIONS');

const logger = new Logger('Redis');

function client(url: string, name: string, opts: { failFast: boolean }): Redis {
  const r = new Redis(url, {
    connectionName: `tandem-${name}`,
    lazyConnect: true,
    enableOfflineQueue: !opts.failFast,
    // A hung server must not hold requests: cache reads fall back to the database
    commandTimeout: opts.failFast ? 1000 : undefined,
    maxRetriesPerRequest: opts.failFast ? 1 : null,
    // Reconnect quickly but never give up: nodes outlive a Redis restart
    retryStrategy: (times) => Math.min(50 * times, 1000),
  });
  let down = false;
  r.on('error', (err: Error) => {
    if (!down) logger.warn(`${name}: ${err.message}`);
    down = true;
  });
  r.on('ready', () => {
    if (down) logger.log(`${name}: reconnected`);
    down = false;
  });
  return r;
}

/** Opens the connections a node needs; resolves once all are ready (fail fast at boot). */
export async function openRedis(url: string): Promise<RedisConnections> {
  const cmd = client(url, 'cmd', { failFast: true });
  const busSub = client(url, 'bus-sub', { failFast: false });
  const adapterPub = client(url, 'io-pub', { failFast: false });
  const adapterSub = client(url, 'io-sub', { failFast: false });
  const all = [cmd, busSub, adapterPub, adapterSub];
  try {
    await Promise.all(all.map((r) => r.connect()));
  } catch (e) {
    all.forEach((r) => r.disconnect());
    throw new Error(`Redis at REDIS_URL is unreachable: ${e instanceof Error ? e.message : String(e)}`);
  }
  return {
    cmd,
    busSub,
    adapterPub,
    adapterSub,
    close: async () => {
      await Promise.allSettled(all.map((r) => (r.status === 'ready' ? r.quit() : Promise.resolve(r.disconnect()))));
    },
  };
}
