// The floor: a bare Socket.IO server (same version and options as Tandem's gateway) that
// broadcasts a given set of packets to a room when asked over HTTP. No auth, no database.
// Usage: node tools/bench/bare-server.mjs <port> [listen backlog: Tandem's LISTEN_BACKLOG default, 8192] [--redis <url>]
//   --redis: two or more of these are one cluster, the floor of cross-node delivery (P5): a
//   broadcast asked of one node is PUBLISHed to Redis first (written to the socket at once, one
//   RESP command, as Tandem's RedisPublisher does), then emitted locally; every other node emits
//   what it receives from its subscription (node-redis, as Tandem's bus) to its own room.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const { Server } = require('socket.io');

const argv = process.argv.slice(2);
const redisAt = argv.indexOf('--redis');
const redisUrl = redisAt >= 0 ? argv.splice(redisAt, 2)[1] : null;
const port = Number(argv[0] ?? 3690);
const backlog = Number(argv[1] ?? 8192);
const CHANNEL = 'bare:broadcast';
const me = String(process.pid);
// TANDEM_HOPS_DIR (P5 --hops): the same hop timestamps as tools/bench/hops-hook.cjs records in
// Tandem's nodes (publish, bytes written, message at the other node, each node's emit), so the
// floor's hops print beside Tandem's; node name from HOPS_NODE
const hopsDir = process.env.TANDEM_HOPS_DIR;
const hops = [];
const rec = hopsDir ? (stage, seq) => hops.push(JSON.stringify({ node: process.env.HOPS_NODE, stage, seq, t: performance.timeOrigin + performance.now() })) : () => undefined;
if (hopsDir) {
  const out = path.join(hopsDir, `bare-hops-${process.pid}.jsonl`);
  const flush = () => {
    if (hops.length) fs.appendFileSync(out, hops.splice(0).join('\n') + '\n');
  };
  setInterval(flush, 500).unref();
  process.on('exit', flush);
}
let publish = () => undefined;
if (redisUrl) {
  const u = new URL(redisUrl);
  const pub = net.connect(Number(u.port || 6379), u.hostname);
  pub.setNoDelay(true);
  await new Promise((r, j) => pub.once('connect', r).once('error', j));
  pub.on('data', () => undefined); // the PUBLISH replies (subscriber counts), unread
  const bulk = (x) => `$${Buffer.byteLength(x)}\r\n${x}\r\n`;
  publish = (message) => pub.write(`*3\r\n${bulk('PUBLISH')}${bulk(CHANNEL)}${bulk(message)}`);
  const { createClient } = require('redis');
  const sub = createClient({ url: redisUrl });
  await sub.connect();
  await sub.subscribe(CHANNEL, (message) => {
    const m = JSON.parse(message);
    if (m.from === me) return;
    rec('message', m.events[0]?.seq);
    deliver(m);
  });
}
/** The packets of one broadcast to its room on this node. */
function deliver({ room, events, updated }) {
  rec('emitStart', events[0]?.seq);
  for (const e of events) io.to(room).emit(e.type, e);
  if (updated) io.to(room).emit('updated', updated);
  rec('emitEnd', events[0]?.seq);
}
const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/broadcast') {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const m = JSON.parse(body);
      // The other nodes first (the publish is written before the local emit, as in Tandem)
      rec('publish', m.events[0]?.seq);
      if (redisUrl) {
        publish(JSON.stringify({ from: me, ...m }));
        rec('wire', m.events[0]?.seq);
      }
      deliver(m);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    return;
  }
  res.writeHead(404).end();
});
const io = new Server(server, { path: '/socket.io/', serveClient: false, perMessageDeflate: false, httpCompression: false, maxHttpBufferSize: 64 * 1024 });
io.engine.on('connection', () => undefined);
// heartbeats as Tandem sends them: every socket one per 3 s, spread over 12 rooms (one per 250 ms)
const BUCKETS = 12;
let connections = 0;
let tick = 0;
io.on('connection', (socket) => {
  socket.conn.request = null;
  void socket.join(`heartbeat:${connections++ % BUCKETS}`);
  socket.on('subscribe', (req, ack) => {
    void socket.join(`Issue:${req.project_path}#${req.iid}`);
    if (typeof ack === 'function') ack({ ok: true, seq: 0, replayed: 0 });
  });
});
setInterval(() => io.to(`heartbeat:${tick++ % BUCKETS}`).emit('heartbeat', Date.now()), 3000 / BUCKETS).unref();
server.listen(port, '127.0.0.1', backlog, () => console.log(`bare socket.io ready on ${port}`));
process.on('SIGTERM', () => process.exit(0));
