import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createClient } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { RedisThrottleStore } from './redis-throttle-store';
import { THROTTLE_STORE, ThrottleService } from './throttle.service';
import { MemoryThrottleStore, type ThrottleStore } from './throttle-store';
import { WriteThrottleMiddleware } from './write-throttle.middleware';

type Closable = ThrottleStore & { close?(): Promise<void> | void };

/**
 * Throttle counters: in memory on one node; in Redis when REDIS_URL is set, so every node
 * counts against the same limit. (Its own node-redis connection until the shared one moves
 * to node-redis; then THROTTLE_STORE is built on that.)
 */
@Global()
@Module({
  providers: [
    {
      provide: THROTTLE_STORE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<Closable> => {
        if (!config.REDIS_URL) return new MemoryThrottleStore();
        const client = createClient({ url: config.REDIS_URL, name: 'tandem-throttle', socket: { connectTimeout: 2000 } });
        const logger = new Logger('Throttle');
        client.on('error', (err: Error) => logger.warn(`redis: ${err.message}`));
        await client.connect();
        return Object.assign(new RedisThrottleStore(client), { close: () => client.close() });
      },
    },
    ThrottleService,
    WriteThrottleMiddleware,
  ],
  exports: [ThrottleService, WriteThrottleMiddleware],
})
export class ThrottleModule implements OnApplicationShutdown {
  constructor(@Inject(THROTTLE_STORE) private readonly store: Closable) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close?.();
  }
}
