import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisPublisher } from '../redis-publisher';

/** A Redis stand-in speaking just enough RESP: records each command, answers like Redis. */
function fakeRedis(opts: { password?: string } = {}) {
  const commands: string[][] = [];
  const conns = new Set<net.Socket>();
  const server = net.createServer((c) => {
    conns.add(c);
    c.on('close', () => conns.delete(c));
    let buf = '';
    c.setEncoding('utf8');
    c.on('data', (chunk: string) => {
      buf += chunk;
      // whole commands only: *N then N bulk strings
      for (;;) {
        const m = /^\*(\d+)\r\n/.exec(buf);
        if (!m) return;
        let at = m[0].length;
        const args: string[] = [];
        for (let i = 0; i < Number(m[1]); i++) {
          const h = /^\$(\d+)\r\n/.exec(buf.slice(at));
          if (!h) return;
          const len = Number(h[1]);
          const start = at + h[0].length;
          if (Buffer.byteLength(buf.slice(start)) < len + 2) return;
          const arg = Buffer.from(buf.slice(start)).subarray(0, len).toString();
          args.push(arg);
          at = start + arg.length + 2;
        }
        buf = buf.slice(at);
        commands.push(args);
        const cmd = args[0]!.toUpperCase();
        if (cmd === 'AUTH') c.write(args[args.length - 1] === opts.password ? '+OK\r\n' : '-WRONGPASS invalid username-password pair\r\n');
        else if (cmd === 'PUBLISH') c.write(':1\r\n');
        else c.write('+OK\r\n');
      }
    });
  });
  return {
    commands,
    published: () => commands.filter((c) => c[0] === 'PUBLISH').map((c) => c[2]),
    listen: (port = 0) => new Promise<number>((r) => server.listen(port, '127.0.0.1', () => r((server.address() as net.AddressInfo).port))),
    /** Stops accepting and drops every connection (Redis going away). */
    down: () =>
      new Promise<void>((r) => {
        for (const c of conns) c.destroy();
        server.close(() => r());
      }),
  };
}

const until = async (what: string, ok: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('RedisPublisher (the bus PUBLISH connection)', () => {
  const open: RedisPublisher[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((p) => p.close()));
  });

  it('hands the PUBLISH to the socket inside the call, not in a later turn', async () => {
    const redis = fakeRedis();
    const port = await redis.listen();
    const pub = new RedisPublisher(`redis://127.0.0.1:${port}`, 'bus-pub');
    open.push(pub);
    await pub.connect();
    const written: string[] = [];
    const write = net.Socket.prototype.write;
    net.Socket.prototype.write = function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
      written.push(String(chunk));
      return (write as (...x: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof write;
    try {
      expect(pub.publish('tandem:events', '{"n":"a","e":[]}')).toBe(true);
      // synchronously: nothing has run since the call
      expect(written.join('')).toContain('PUBLISH');
    } finally {
      net.Socket.prototype.write = write;
    }
    await until('the PUBLISH', () => redis.published().length === 1);
    expect(redis.published()).toEqual(['{"n":"a","e":[]}']);
    // names itself for CLIENT LIST, and multi-byte text keeps its length right
    expect(redis.commands[0]).toEqual(['CLIENT', 'SETNAME', 'tandem-bus-pub']);
    pub.publish('tandem:events', 'é ✓ "quoted"');
    await until('the second PUBLISH', () => redis.published().length === 2);
    expect(redis.published()[1]).toBe('é ✓ "quoted"');
    await redis.down();
  });

  it('refuses at once while Redis is gone (nothing queued) and publishes again after it reconnects', async () => {
    const redis = fakeRedis();
    const port = await redis.listen();
    const pub = new RedisPublisher(`redis://127.0.0.1:${port}`, 'bus-pub');
    open.push(pub);
    await pub.connect();
    await redis.down();
    await until('the drop to be seen', () => !pub.isReady);
    expect(pub.publish('c', 'lost')).toBe(false);
    const again = fakeRedis();
    await again.listen(port);
    await until('the reconnect', () => pub.isReady);
    expect(pub.publish('c', 'after')).toBe(true);
    await until('the PUBLISH after the reconnect', () => again.published().length === 1);
    // what was refused during the outage is not sent later (the event log repairs it)
    expect(again.published()).toEqual(['after']);
    await again.down();
  });

  it('authenticates with the URL password, and fails the boot on a wrong one or no server', async () => {
    const redis = fakeRedis({ password: 's3cret' });
    const port = await redis.listen();
    const good = new RedisPublisher(`redis://:s3cret@127.0.0.1:${port}`, 'bus-pub');
    open.push(good);
    await good.connect();
    expect(redis.commands[0]).toEqual(['AUTH', 's3cret']);
    const bad = new RedisPublisher(`redis://user:nope@127.0.0.1:${port}`, 'bus-pub');
    open.push(bad);
    await expect(bad.connect()).rejects.toThrow(/WRONGPASS/);
    expect(bad.isReady).toBe(false);
    await redis.down();
    const none = new RedisPublisher(`redis://127.0.0.1:${port}`, 'bus-pub');
    open.push(none);
    await expect(none.connect()).rejects.toThrow();
  });
});
