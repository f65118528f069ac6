// The floor: a bare Socket.IO server (same version and options as Tandem's gateway) that
// broadcasts a given set of packets to a room when asked over HTTP. No auth, no database.
// Usage: node tools/bench/bare-server.mjs <port> [listen backlog: Tandem's LISTEN_BACKLOG default, 8192]
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const { Server } = require('socket.io');

const port = Number(process.argv[2] ?? 3690);
const backlog = Number(process.argv[3] ?? 8192);
const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/broadcast') {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const { room, events, updated } = JSON.parse(body);
      for (const e of events) io.to(room).emit(e.type, e);
      if (updated) io.to(room).emit('updated', updated);
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
