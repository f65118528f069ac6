import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../src/core/realtime/event-bus';
import { RedisEventBus } from '../src/core/realtime/event-bus';
import { openRedis, type RedisConnections } from '../src/core/realtime/redis';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const ev = (seq: number): BusEvent =>
  ({ noteableType: 'Issue', noteableId: 1, event: { type: 'issue.title_changed', seq, at: new Date().toISOString() } }) as unknown as BusEvent;

/**
 * Cross-node latency (issue #27): the PUBLISH must leave the node before this node's own
 * fan-out runs, or every other node's delivery waits for it. node-redis writes commands in a
 * setImmediate, so a synchronous local delivery ran first (P5: +25-30 ms per event); and even
 * behind it, the other nodes waited for the rest of the publishing turn. The bus's own
 * publisher (RedisPublisher) writes the PUBLISH in the call.
 */
describe('Redis event bus: the PUBLISH is written before the local fan-out', () => {
  let a: RedisConnections;
  let b: RedisConnections;
  const prefix = `tandem-test-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    a = await openRedis(REDIS_URL);
    b = await openRedis(REDIS_URL);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('hands the PUBLISH to the socket in the publish call, before local handlers run; both nodes get every batch once, in order', async () => {
    const busA = new RedisEventBus(a.busPub, a.busSub, prefix);
    const busB = new RedisEventBus(b.busPub, b.busSub, prefix);
    await busA.start();
    await busB.start();
    const order: string[] = [];
    const write = net.Socket.prototype.write;
    net.Socket.prototype.write = function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
      if (String(chunk).includes(`${prefix}events`)) order.push('wire');
      return (write as (...x: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof write;
    const localA: number[] = [];
    const remoteB: number[] = [];
    busA.subscribe({ events: (batch) => { order.push('local'); for (const e of batch) localA.push(e.event.seq); } });
    busB.subscribe({ events: (batch) => { for (const e of batch) remoteB.push(e.event.seq); } });
    try {
      busA.publish([ev(1)]);
      // on the socket already, with nothing else run since
      expect(order).toEqual(['wire']);
      busA.publish([ev(2), ev(3)]);
      expect(order).toEqual(['wire', 'wire']);
      const deadline = Date.now() + 5000;
      while ((localA.length < 3 || remoteB.length < 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    } finally {
      net.Socket.prototype.write = write;
      await busA.close();
      await busB.close();
    }
    // both PUBLISHes were written before the first local delivery
    expect(order.slice(0, 3)).toEqual(['wire', 'wire', 'local']);
    expect(localA).toEqual([1, 2, 3]);
    expect(remoteB).toEqual([1, 2, 3]);
  });

  it('control messages reach this node at once (a revocation holds before its request answers), after the events published before them', async () => {
    const bus = new RedisEventBus(a.busPub, a.busSub, `${prefix}c:`);
    await bus.start();
    const seen: string[] = [];
    bus.subscribe({ events: (batch) => seen.push(`e${batch[0]!.event.seq}`), control: (m) => seen.push(m.kind) });
    bus.publish([ev(1)]);
    bus.publishControl({ kind: 'credential_revoked', credential: 'x' });
    expect(seen).toEqual(['e1', 'credential_revoked']);
    bus.publish([ev(2)]);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual(['e1', 'credential_revoked', 'e2']);
    await bus.close();
  });
});
