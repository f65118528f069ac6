// The polling floor (P3): a bare Node HTTP server that answers GET <path> with 304 when
// If-None-Match names the ETag it holds for that path, else 200 with a small JSON body. No
// framework, no auth, no per-credential ETag. With a Redis URL it reads the ETag with one GET
// per poll (node-redis), the work Tandem's cache did per poll before its mirror.
// With --tandem-code it answers through Tandem's own 304 path instead (the built
// EtagPollMiddleware and EtagCacheService, memory or Redis with its mirror; a miss hands out the
// ETag for the request's credential as the application does): the same bare process running
// Tandem's code, so P3 can tell the cost of that code from the cost of the rest of Tandem's process.
// Usage: node tools/bench/etag-floor-server.mjs <port> [redis url] [--tandem-code]
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
// ETAG_FLOOR_ALS=1: an AsyncLocalStorage entered once at start, as Tandem's process has them
// (nestjs-pino, the request base URL, the spam check): Node 20 then runs its async-context hooks
// for every async resource, so the run tells what that costs a 304 by itself
if (process.env.ETAG_FLOOR_ALS === '1') new (await import('node:async_hooks')).AsyncLocalStorage().enterWith({ bench: true });
const args = process.argv.slice(2).filter((a) => a !== '--tandem-code');
const tandemCode = process.argv.includes('--tandem-code');
const port = Number(args[0] ?? 3693);
const redisUrl = args[1];
const ETAG = 'W/"1-floorfloorfloorf"';
const KEY = 'floor:etag:1';

function answer(req, res, etag) {
  if (etag && req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag, 'poll-interval': '3000', 'cache-control': 'no-cache' });
    res.end();
    return;
  }
  const body = JSON.stringify({ updated: true });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), etag: etag ?? '', 'cache-control': 'no-cache' });
  res.end(body);
}

let listener;
let close = () => undefined;
if (tandemCode) {
  require('reflect-metadata');
  const dist = new URL('../../server/dist/', import.meta.url).pathname;
  const { EtagCacheService, pollKeyOf } = require(`${dist}core/realtime/etag-cache.service.js`);
  const { EtagPollMiddleware } = require(`${dist}modules/realtime/etag-poll.middleware.js`);
  const { pollScopeOf } = require(`${dist}core/realtime/poll-scope.js`);
  const { openRedis } = require(`${dist}core/realtime/redis.js`);
  const conns = redisUrl ? await openRedis(redisUrl) : null;
  const cache = new EtagCacheService(conns?.cmd ?? null, conns?.etagRead ?? null);
  await cache.init();
  const middleware = new EtagPollMiddleware(cache, { POLL_INTERVAL_MULTIPLIER: 1 });
  close = () => void conns?.close();
  listener = (req, res) =>
    middleware.use(req, res, () => {
      // what the application does on a miss: answer, handing out the ETag of the state for this credential
      const key = pollKeyOf((req.url ?? '').split('?')[0]);
      if (!key) return answer(req, res, null);
      cache.handOut(key, 1, pollScopeOf(req)).then((etag) => answer(req, res, etag), () => answer(req, res, null));
    });
} else {
  let redis = null;
  if (redisUrl) {
    const { createClient } = require('redis');
    redis = createClient({ url: redisUrl });
    await redis.connect();
    await redis.set(KEY, ETAG);
    close = () => redis.destroy();
  }
  const memory = new Map([[KEY, ETAG]]);
  const lookup = redis ? (k) => redis.get(k) : (k) => memory.get(k);
  listener = (req, res) => {
    const got = lookup(KEY);
    if (typeof got === 'string' || got === undefined) answer(req, res, got);
    else got.then((e) => answer(req, res, e), () => answer(req, res, null));
  };
}

const server = http.createServer(listener);
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log(`etag floor ready on ${port}${redisUrl ? ' (redis)' : ''}${tandemCode ? " (Tandem's 304 code)" : ''}`));
process.on('SIGTERM', () => {
  server.close();
  close();
  process.exit(0);
});
