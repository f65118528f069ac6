// Hop timestamps for the cross-node benchmark (P5 --hops), preloaded into each server node with
// `node -r`: when node A's bus publish was called, when the PUBLISH bytes were handed to the
// socket (RedisPublisher, or node-redis's socket in builds before it), when node B's bus
// subscriber got the message, when a node's room delivery started and finished its emit. One JSON line per hop in $TANDEM_HOPS_DIR/hops-<pid>.jsonl; read by
// realtime-bench.mjs. Patches only the built server's classes, at load; changes no behaviour.
const path = require('node:path');
const fs = require('node:fs');
const Module = require('node:module');

const dir = process.env.TANDEM_HOPS_DIR;
if (dir) {
  fs.mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `hops-${process.pid}.jsonl`);
  const node = process.env.NODE_NAME;
  let buf = [];
  const rec = (stage, seq) => buf.push(JSON.stringify({ node, stage, seq, t: performance.timeOrigin + performance.now() }));
  const flush = () => {
    if (buf.length) fs.appendFileSync(out, buf.join('\n') + '\n');
    buf = [];
  };
  setInterval(flush, 500).unref();
  process.on('exit', flush);
  const seqOf = (s) => Number(/"seq":(\d+)/.exec(s)?.[1] ?? NaN);
  const patch = {
    'core/realtime/event-bus.js': (m) => {
      const P = m.RedisEventBus?.prototype;
      if (!P) return;
      const publish = P.publish;
      P.publish = function (batch) {
        rec('publish', batch[0]?.event?.seq);
        return publish.call(this, batch);
      };
      const start = P.start;
      P.start = function () {
        const on = this.onMessage;
        this.onMessage = (raw) => {
          rec('message', seqOf(raw));
          return on(raw);
        };
        return start.call(this);
      };
    },
    // the bus's own publisher writes the PUBLISH in the call (issue #27)
    'core/realtime/redis-publisher.js': (m) => {
      const P = m.RedisPublisher?.prototype;
      if (!P) return;
      const publish = P.publish;
      P.publish = function (channel, message) {
        const r = publish.call(this, channel, message);
        if (r && message.includes('"e":[')) rec('wire', seqOf(message));
        return r;
      };
    },
    // node-redis writes its queue in a setImmediate (the bus published through it before)
    '@redis/client/dist/lib/client/socket.js': (m) => {
      const P = m.default?.prototype;
      if (!P) return;
      const write = P.write;
      P.write = function (iterable) {
        const seqs = [];
        // lazily, as node-redis's own loop takes them (it may stop early when the socket needs a drain)
        function* spy() {
          for (const args of iterable) {
            for (const x of args) if (typeof x === 'string' && x.includes('{"n":"') && x.includes('"e":[')) seqs.push(seqOf(x));
            yield args;
          }
        }
        const r = write.call(this, spy());
        for (const s of seqs) rec('wire', s);
        return r;
      };
    },
    'modules/realtime/room-delivery.service.js': (m) => {
      const P = m.RoomDelivery?.prototype;
      if (!P) return;
      const broadcast = P.broadcast;
      P.broadcast = function (room, e) {
        rec('emitStart', e.seq);
        const r = broadcast.apply(this, arguments);
        rec('emitEnd', e.seq);
        return r;
      };
    },
  };
  const load = Module._load;
  const done = new Set();
  Module._load = function (request, parent) {
    const m = load.apply(this, arguments);
    if (done.size === Object.keys(patch).length) return m;
    let file;
    try {
      file = Module._resolveFilename(request, parent);
    } catch {
      return m;
    }
    for (const [suffix, fn] of Object.entries(patch)) {
      if (!done.has(suffix) && file.endsWith(suffix)) {
        done.add(suffix);
        fn(m);
      }
    }
    return m;
  };
}
