// A benchmark client process: opens many Socket.IO sockets, subscribes them, and measures
// what arrives. Driven by its parent over IPC (tools/bench/realtime-bench.mjs).
// Two servers speak to it: Tandem (subscribe {channel, project_path, iid, after?}, ack
// {ok, seq}, events {type, seq, issue: {project_path, iid}, payload: {fields: {title}}}) and
// the fan-out floor (`floor: true`: subscribe {iid}, ack {ok}, events {seq, iid, title}).
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../test/package.json', import.meta.url));
const { io } = require('socket.io-client');

const now = () => performance.timeOrigin + performance.now();
const sockets = [];
/** per mutation id: deliveries and the latest receipt latency */
let perMutation = new Map();
let latencies = [];
let gaps = 0;
let dups = 0;
let received = 0;
let collectAll = false;
let subsAcked = 0;
let subsFailed = 0;
let caughtUpTargets = null; // issueKey -> seq every socket must reach
let caughtUp = 0;

function marker(title) {
  // titles look like "bench <id> <t0>"
  const m = /^bench (\S+) ([\d.]+)$/.exec(title ?? '');
  return m ? { id: m[1], t0: Number(m[2]) } : null;
}

function onEvent(state, name, e, at) {
  received++;
  const key = `${e.issue?.project_path ?? state.sub.project_path}#${e.issue?.iid ?? e.iid}`;
  const last = state.seq.get(key);
  if (last !== undefined) {
    if (e.seq <= last) dups++;
    else if (e.seq !== last + 1) gaps++;
  }
  if (last === undefined || e.seq > last) state.seq.set(key, e.seq);
  if (caughtUpTargets && !state.done) {
    const target = caughtUpTargets.get(key);
    if (target !== undefined && e.seq >= target) {
      state.done = true;
      state.tl.caughtUp = at;
      caughtUp++;
    }
  }
  if ((e.type ?? name) !== 'issue.updated') return;
  const mk = marker(e.payload?.fields?.title ?? e.title);
  if (!mk) return;
  const lat = at - mk.t0;
  let agg = perMutation.get(mk.id);
  if (!agg) perMutation.set(mk.id, (agg = { n: 0, max: 0 }));
  agg.n++;
  if (lat > agg.max) agg.max = lat;
  if (collectAll) latencies.push(lat);
}

function newTimeline() {
  return { disc: 0, discReason: '', firstAttempt: 0, lastAttempt: 0, attempts: 0, errors: new Map(), connected: 0, manualRetries: 0, subSent: 0, acked: 0, ackOk: false, replayed: 0, caughtUp: 0 };
}

function open(url, token, sub, opts) {
  return new Promise((resolve) => {
    const s = io(url, {
      path: '/socket.io/',
      transports: ['websocket'],
      reconnection: opts.reconnect,
      reconnectionDelay: opts.reconnectDelayMs ?? 200,
      reconnectionDelayMax: opts.reconnectDelayMaxMs ?? 2000,
      randomizationFactor: 0.9,
      forceNew: true,
      timeout: 30_000,
      auth: token ? { token } : undefined,
    });
    // tl: this socket's timeline across a restart (P6): absolute ms, read by the 'timeline' command
    const state = { s, sub, seq: new Map(), done: false, tl: newTimeline() };
    for (const t of ['note.created', 'issue.updated', 'issue.assignees', 'issue.labels', 'note.updated', 'note.deleted']) s.on(t, (e) => onEvent(state, t, e, now()));
    let first = true;
    s.on('disconnect', (reason) => {
      if (state.tl.disc === 0) {
        state.tl.disc = now();
        state.tl.discReason = reason;
      }
    });
    s.io.on('reconnect_attempt', () => {
      const t = now();
      if (state.tl.firstAttempt === 0) state.tl.firstAttempt = t;
      state.tl.lastAttempt = t;
      state.tl.attempts++;
    });
    s.on('connect', () => {
      if (state.tl.connected === 0 && state.tl.disc !== 0) state.tl.connected = now();
      const after = state.seq.get(`${sub.project_path}#${sub.iid}`);
      const req = opts.floor ? { iid: sub.iid } : { channel: 'IssuesChannel', project_path: sub.project_path, iid: sub.iid, ...(after !== undefined ? { after } : {}) };
      const tl = state.tl;
      const resub = tl.disc !== 0 && tl.subSent === 0;
      if (resub) tl.subSent = now();
      s.emit('subscribe', req, (ack) => {
        if (resub) {
          tl.acked = now();
          tl.ackOk = !!ack?.ok;
          tl.replayed = ack?.replayed ?? 0;
        }
        if (ack?.ok) {
          subsAcked++;
          const key = `${sub.project_path}#${sub.iid}`;
          // nothing replayed beyond this: we are at the server's seq (the floor acks no seq)
          if (!state.seq.has(key) && typeof ack.seq === 'number') state.seq.set(key, ack.seq);
          if (caughtUpTargets && !state.done) {
            const target = caughtUpTargets.get(key);
            if (target !== undefined && (state.seq.get(key) ?? -1) >= target) {
              state.done = true;
              state.tl.caughtUp = now();
              caughtUp++;
            }
          }
        } else subsFailed++;
        if (first) {
          first = false;
          resolve(state);
        }
      });
    });
    s.on('connect_error', (err) => {
      const why = String(err?.message ?? err).slice(0, 60);
      state.tl.errors.set(why, (state.tl.errors.get(why) ?? 0) + 1);
      if (first && !opts.reconnect) {
        first = false;
        resolve(null);
      } else if (opts.reconnect && !s.active) {
        // refused by the server's middleware (e.g. overloaded): socket.io-client does not
        // retry those by itself; retry like the app's RealtimeClient does
        state.tl.manualRetries++;
        setTimeout(() => s.connect(), 500 + Math.random() * 1500);
      }
    });
  });
}

process.on('message', async (msg) => {
  try {
    if (msg.cmd === 'open') {
      const { url, token, subs, count, reconnect, floor, batch = 200 } = msg;
      for (let i = 0; i < count; i += batch) {
        const part = [];
        for (let j = i; j < Math.min(count, i + batch); j++) part.push(open(url, token, subs[(msg.offset + j) % subs.length], { reconnect, floor }));
        for (const st of await Promise.all(part)) if (st) sockets.push(st);
      }
      process.send({ cmd: 'opened', sockets: sockets.length, acked: subsAcked, failed: subsFailed });
    } else if (msg.cmd === 'reset') {
      perMutation = new Map();
      latencies = [];
      gaps = dups = received = 0;
      collectAll = !!msg.collectAll;
      process.send({ cmd: 'reset' });
    } else if (msg.cmd === 'stats') {
      process.send({
        cmd: 'stats',
        perMutation: [...perMutation.entries()],
        latencies: msg.withLatencies ? latencies : [],
        gaps,
        dups,
        received,
        sockets: sockets.length,
        connected: sockets.filter((s) => s.s.connected).length,
      });
    } else if (msg.cmd === 'finalSeqs') {
      // how many sockets ended at the expected seq of their issue
      const expected = new Map(msg.expected);
      let ok = 0;
      let behind = 0;
      for (const st of sockets) {
        const key = `${st.sub.project_path}#${st.sub.iid}`;
        if (!expected.has(key)) continue;
        // an issue with no event yet (seq 0) needs none; the floor's ack carries no seq
        if ((st.seq.get(key) ?? 0) >= expected.get(key)) ok++;
        else behind++;
      }
      process.send({ cmd: 'finalSeqs', ok, behind });
    } else if (msg.cmd === 'catchUp') {
      caughtUpTargets = new Map(msg.targets);
      caughtUp = 0;
      subsAcked = 0;
      for (const st of sockets) {
        st.done = false;
        if (msg.resetTimeline) st.tl = newTimeline();
        const key = `${st.sub.project_path}#${st.sub.iid}`;
        const t = caughtUpTargets.get(key);
        if (t !== undefined && (st.seq.get(key) ?? -1) >= t && st.s.connected) {
          st.done = true;
          caughtUp++;
        }
      }
      process.send({ cmd: 'catchUp' });
    } else if (msg.cmd === 'timelineStart') {
      // from here on (a node is about to stop): fresh timelines
      for (const st of sockets) st.tl = newTimeline();
      process.send({ cmd: 'timelineStart' });
    } else if (msg.cmd === 'timeline') {
      // Per socket, from the last 'catchUp' on: disconnected, reconnect attempts, connect errors,
      // connected, subscribe sent, acknowledged, caught up (absolute ms; 0 = did not happen)
      process.send({ cmd: 'timeline', rows: sockets.map((st) => ({ ...st.tl, errors: [...st.tl.errors] })) });
    } else if (msg.cmd === 'progress') {
      process.send({ cmd: 'progress', caughtUp, acked: subsAcked, connected: sockets.filter((s) => s.s.connected).length, sockets: sockets.length });
    } else if (msg.cmd === 'close') {
      for (const st of sockets) st.s.close();
      process.send({ cmd: 'closed' });
      setTimeout(() => process.exit(0), 100);
    }
  } catch (e) {
    process.send({ cmd: 'error', message: String(e?.stack ?? e) });
  }
});
process.send({ cmd: 'ready' });
