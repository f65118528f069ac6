import { Global, Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AccessChanges } from './access-changes';
import { EtagCacheService } from './etag-cache.service';
import { EVENT_BUS, InProcessEventBus, RedisEventBus, type EventBus } from './event-bus';
import { EventLogService } from './event-log.service';
import { UserChannel } from './user-channel';
import { ErrorsChannel } from './errors-channel';
import { openRedis, REDIS_CONNECTIONS, REDIS_PREFIX, type RedisConnections } from './redis';

/**
 * The event log, the bus and the polling ETag cache: in-process and in memory by default,
 * Redis when REDIS_URL is set (so several nodes serve one deployment).
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CONNECTIONS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Promise<RedisConnections | null> | null => (config.REDIS_URL ? openRedis(config.REDIS_URL) : null),
    },
    {
      provide: EVENT_BUS,
      inject: [REDIS_CONNECTIONS],
      useFactory: async (redis: RedisConnections | null): Promise<EventBus> => {
        if (!redis) return new InProcessEventBus();
        const bus = new RedisEventBus(redis.busPub, redis.busSub, REDIS_PREFIX);
        await bus.start();
        return bus;
      },
    },
    {
      provide: EtagCacheService,
      inject: [REDIS_CONNECTIONS],
      useFactory: async (redis: RedisConnections | null) => {
        const cache = new EtagCacheService(redis?.cmd ?? null, redis?.etagRead ?? null);
        await cache.init();
        return cache;
      },
    },
    EventLogService,
    AccessChanges,
    UserChannel,
    ErrorsChannel,
  ],
  exports: [EVENT_BUS, EventLogService, EtagCacheService, REDIS_CONNECTIONS, AccessChanges, UserChannel, ErrorsChannel],
})
export class RealtimeCoreModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly log: EventLogService,
    private readonly etags: EtagCacheService,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(REDIS_CONNECTIONS) private readonly redis: RedisConnections | null,
  ) {}

  onModuleInit(): void {
    this.log.onCommit((events) => this.etags.onCommit(events));
  }

  /** Runs after the gateway closed its sockets (beforeApplicationShutdown). */
  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
    await this.redis?.close();
  }
}
