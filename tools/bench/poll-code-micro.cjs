// CPU per call of Tandem's 304 code alone, without HTTP (P3's breakdown): the built
// EtagPollMiddleware.use, memory cache, a bearer token and its own ETag, on a stand-in request
// and response, 1,000,000 calls after 200,000 to warm up. Process CPU time, so it holds up on a
// loaded machine better than wall-clock rates. Needs the server built.
// Usage: node tools/bench/poll-code-micro.cjs
const path = require('node:path');
const ROOT = path.resolve(__dirname, '../..');
const need = (p) => require(require.resolve(p, { paths: [path.join(ROOT, 'server')] }));
need('reflect-metadata');
const dist = path.join(ROOT, 'server/dist');
const { EtagCacheService, pollKeyOf } = require(path.join(dist, 'core/realtime/etag-cache.service.js'));
const { EtagPollMiddleware } = require(path.join(dist, 'modules/realtime/etag-poll.middleware.js'));
const { pollScopeOf } = require(path.join(dist, 'core/realtime/poll-scope.js'));

void (async () => {
  const cache = new EtagCacheService(null, null);
  const middleware = new EtagPollMiddleware(cache, { POLL_INTERVAL_MULTIPLIER: 1 });
  const url = '/acme/tandem/-/issues/1/realtime_changes';
  const token = 'tdoat-WpIg9lZly7v5kP1G2q-3ygBjQ6kSe1ykiCMQXBr647E';
  const etag = await cache.handOut(pollKeyOf(url), 1, pollScopeOf({ headers: { authorization: `Bearer ${token}` }, url }));
  let answered = 0;
  let passed = 0;
  const res = { writeHead: () => answered++, end: () => undefined };
  const next = () => passed++;
  const run = (n) => {
    for (let i = 0; i < n; i++) middleware.use({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } }, res, next);
  };
  run(200_000);
  const N = 1_000_000;
  const c0 = process.cpuUsage();
  run(N);
  const c = process.cpuUsage(c0);
  if (passed || answered !== 200_000 + N) throw new Error(`expected only 304s: ${answered} answered, ${passed} passed on`);
  console.log(`${(((c.user + c.system) * 1000) / N).toFixed(0)} ns CPU per 304 in Tandem's 304 code (no HTTP); load average ${require('node:os').loadavg().map((l) => l.toFixed(1)).join(' ')}`);
})();
