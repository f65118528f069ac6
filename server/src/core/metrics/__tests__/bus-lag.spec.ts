import { describe, expect, it } from 'vitest';
import type { BusEvent } from '../../realtime/event-bus';
import { InProcessEventBus, RedisEventBus } from '../../realtime/event-bus';
import type { RedisClient } from '../../realtime/redis';
import { metricsRegistry } from '../metrics';

/** One Redis channel in memory: what a client publishes reaches every subscriber, its own included. */
function fakeBroker() {
  const listeners = new Set<(raw: string) => void>();
  const client = () =>
    ({
      on: () => undefined,
      off: () => undefined,
      isReady: true,
      subscribe: async (_channel: string, fn: (raw: string) => void) => void listeners.add(fn),
      unsubscribe: async (_channel: string, fn: (raw: string) => void) => void listeners.delete(fn),
      publish: async (_channel: string, raw: string) => {
        // a little later, as over the network
        await new Promise((r) => setTimeout(r, 5));
        for (const l of listeners) l(raw);
        return listeners.size;
      },
    }) as unknown as RedisClient;
  return { client };
}

async function busLag(which: 'count' | 'sum'): Promise<number> {
  const text = await metricsRegistry.getSingleMetricAsString('tandem_realtime_bus_lag_seconds');
  return Number(new RegExp(`^tandem_realtime_bus_lag_seconds_${which} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
}
const busLagCount = () => busLag('count');

const event = { noteableType: 'Issue', noteableId: 1, event: { type: 'issue.title_changed', seq: 1, at: new Date().toISOString() } } as unknown as BusEvent;

describe('bus lag metric', () => {
  it('is observed once per message from another node, never for a node\'s own echo', async () => {
    const broker = fakeBroker();
    const a = new RedisEventBus(broker.client(), broker.client(), 't:');
    const b = new RedisEventBus(broker.client(), broker.client(), 't:');
    await a.start();
    await b.start();
    const got: BusEvent[][] = [];
    b.subscribe({ events: (batch) => got.push([...batch]) });
    const before = await busLagCount();
    a.publish([event]);
    await new Promise((r) => setTimeout(r, 30));
    expect(got).toHaveLength(1);
    // b received it (lag observed); a skipped its own echo (nothing observed)
    expect((await busLagCount()) - before).toBe(1);
    const sum = await busLag('sum');
    expect(sum).toBeGreaterThan(0.001);
    expect(sum).toBeLessThan(5);
    await a.close();
    await b.close();
  });

  it('the in-process bus observes nothing', async () => {
    const bus = new InProcessEventBus();
    let n = 0;
    bus.subscribe({ events: () => n++ });
    const before = await busLagCount();
    bus.publish([event]);
    expect(n).toBe(1);
    expect(await busLagCount()).toBe(before);
  });
});
