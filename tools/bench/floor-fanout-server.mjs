// The fan-out floor for P2: the least work an honest title change needs, then one room emit.
// On `PUT /api/v4/projects/:id/issues/:iid {title}` with a bearer token: one statement for the
// token and the project membership; BEGIN; UPDATE the issue (lock_version + 1, event_seq + 1)
// RETURNING; INSERT the system note and the event in one statement; COMMIT; emit
// `issue.updated` to the issue's Socket.IO room; answer the issue as JSON. Raw pg, no framework.
// The same SQL as the write floor the write-path bench compares against; plus the heartbeats
// Tandem sends (one per socket every 3 s, spread over 12 rooms), which the spec requires.
// Sockets subscribe with `subscribe {iid}` and get `{ok: true}`; no socket auth.
// Usage: node tools/bench/floor-fanout-server.mjs <port> <postgres url> [issues=1000]
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const { Pool } = require('pg');
const { Server } = require('socket.io');

const port = Number(process.argv[2] ?? 3692);
const pool = new Pool({ connectionString: process.argv[3], max: 10 });
const ISSUES = Number(process.argv[4] ?? 1000);
const FLOOR_TOKEN = 'floor-token';

const SCHEMA = `
create table if not exists f_users (id serial primary key, username text not null, name text not null);
create table if not exists f_tokens (digest text primary key, user_id int not null references f_users);
create table if not exists f_members (project_id int not null, user_id int not null, access_level int not null, primary key (project_id, user_id));
create table if not exists f_issues (id serial primary key, project_id int not null, iid int not null, title text not null,
  description text not null default '', state text not null default 'opened', lock_version int not null default 0,
  event_seq bigint not null default 0, updated_at timestamptz not null default now(), unique (project_id, iid));
create table if not exists f_notes (id bigserial primary key, issue_id int not null, author_id int not null, note text not null, system bool not null, created_at timestamptz not null default now());
create table if not exists f_events (issue_id int not null, seq bigint not null, type text not null, payload jsonb not null, created_at timestamptz not null default now(), primary key (issue_id, seq));`;

async function setup() {
  await pool.query(SCHEMA);
  const { rows } = await pool.query('select count(*)::int n from f_users');
  if (rows[0].n === 0) {
    await pool.query(`insert into f_users (username, name) values ('alice', 'Alice')`);
    await pool.query(`insert into f_tokens values ($1, 1)`, [FLOOR_TOKEN]);
    await pool.query(`insert into f_members values (1, 1, 50)`);
    await pool.query(`insert into f_issues (project_id, iid, title) select 1, g, 'Issue ' || g from generate_series(1, $1::int) g`, [ISSUES]);
  }
}

async function titleChange(req, res, projectId, iid) {
  let body = '';
  for await (const c of req) body += c;
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  const title = JSON.parse(body).title;
  if (typeof title !== 'string' || !title) {
    res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"title is missing"}');
    return;
  }
  const client = await pool.connect();
  try {
    const a = await client.query(
      `select u.id, u.username, u.name, m.access_level from f_tokens t join f_users u on u.id = t.user_id
       join f_members m on m.user_id = u.id and m.project_id = $2 where t.digest = $1`,
      [token, projectId],
    );
    if (!a.rows.length || a.rows[0].access_level < 20) {
      res.writeHead(403).end();
      return;
    }
    const actor = a.rows[0];
    await client.query('begin');
    const u = await client.query(
      `update f_issues set title = $3, lock_version = lock_version + 1, event_seq = event_seq + 1, updated_at = now()
       where project_id = $1 and iid = $2 returning *`,
      [projectId, iid, title],
    );
    const issue = u.rows[0];
    if (!issue) {
      await client.query('rollback');
      res.writeHead(404).end();
      return;
    }
    await client.query(
      `with n as (insert into f_notes (issue_id, author_id, note, system) values ($1, $2, $3, true) returning id)
       insert into f_events (issue_id, seq, type, payload) select $1, $4, 'issue.updated', $5::jsonb from n`,
      [issue.id, actor.id, `changed title to **${title}**`, issue.event_seq, JSON.stringify({ title, lock_version: issue.lock_version })],
    );
    await client.query('commit');
    io.to(`issue:${iid}`).emit('issue.updated', { seq: Number(issue.event_seq), iid: issue.iid, title, lock_version: issue.lock_version, at: Date.now() });
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: issue.id,
        iid: issue.iid,
        project_id: issue.project_id,
        title: issue.title,
        state: issue.state,
        description: issue.description,
        updated_at: issue.updated_at,
        author: { id: actor.id, username: actor.username, name: actor.name },
      }),
    );
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    res.writeHead(500).end(String(e));
  } finally {
    client.release();
  }
}

const server = http.createServer((req, res) => {
  const m = req.method === 'PUT' && /^\/api\/v4\/projects\/(\d+)\/issues\/(\d+)$/.exec(req.url ?? '');
  if (m) return void titleChange(req, res, Number(m[1]), Number(m[2]));
  res.writeHead(404).end();
});
const io = new Server(server, { path: '/socket.io/', serveClient: false, transports: ['websocket'], perMessageDeflate: false, httpCompression: false, maxHttpBufferSize: 64 * 1024 });
const BUCKETS = 12;
let connections = 0;
let tick = 0;
io.on('connection', (socket) => {
  socket.conn.request = null;
  void socket.join(`heartbeat:${connections++ % BUCKETS}`);
  socket.on('subscribe', (req, ack) => {
    void socket.join(`issue:${Number(req?.iid)}`);
    if (typeof ack === 'function') ack({ ok: true });
  });
});
setInterval(() => io.to(`heartbeat:${tick++ % BUCKETS}`).emit('heartbeat', Date.now()), 3000 / BUCKETS).unref();
await setup();
server.listen(port, '127.0.0.1', () => console.log(`fan-out floor ready on ${port}`));
process.on('SIGTERM', () => process.exit(0));
