// The polling floor (P3): a bare Node HTTP server that answers GET <path> with 304 when
// If-None-Match names the ETag it holds for that path, else 200 with a small JSON body. No
// framework, no auth, no per-credential ETag. With a Redis URL it reads the ETag with one GET
// per poll (node-redis, as Tandem's cache does), so Tandem on Redis has a floor doing the same
// network work.
// Usage: node tools/bench/etag-floor-server.mjs <port> [redis url]
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const port = Number(process.argv[2] ?? 3693);
const redisUrl = process.argv[3];
const ETAG = 'W/"1-floorfloorfloorf"';
const KEY = 'floor:etag:1';
let redis = null;
if (redisUrl) {
  const { createClient } = require('redis');
  redis = createClient({ url: redisUrl });
  await redis.connect();
  await redis.set(KEY, ETAG);
}
const memory = new Map([[KEY, ETAG]]);
const lookup = redis ? (k) => redis.get(k) : (k) => memory.get(k);

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

const server = http.createServer((req, res) => {
  const got = lookup(KEY);
  if (typeof got === 'string' || got === undefined) answer(req, res, got);
  else got.then((e) => answer(req, res, e), () => answer(req, res, null));
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log(`etag floor ready on ${port}${redis ? ' (redis)' : ''}`));
process.on('SIGTERM', () => {
  server.close();
  redis?.destroy();
  process.exit(0);
});
