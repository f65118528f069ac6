import { Global, Module } from '@nestjs/common';
import { REDIS_CONNECTIONS, type RedisConnections } from '../realtime/redis';
import { RedisThrottleStore } from './redis-throttle-store';
import { THROTTLE_STORE, ThrottleService } from './throttle.service';
import { MemoryThrottleStore, type ThrottleStore } from './throttle-store';
import { WriteThrottleMiddleware } from './write-throttle.middleware';

/**
 * Throttle counters: in memory on one node; in Redis when REDIS_URL is set, so every node
 * counts against the same limit (on the node's command connection, closed with the others).
 */
@Global()
@Module({
  providers: [
    {
      provide: THROTTLE_STORE,
      inject: [REDIS_CONNECTIONS],
      useFactory: (redis: RedisConnections | null): ThrottleStore => (redis ? new RedisThrottleStore(redis.cmd) : new MemoryThrottleStore()),
    },
    ThrottleService,
    WriteThrottleMiddleware,
  ],
  exports: [ThrottleService, WriteThrottleMiddleware],
})
export class ThrottleModule {}
