import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { EVENT_BUS, InProcessEventBus } from './event-bus';
import { EventLogService } from './event-log.service';

/** The event log and the bus (in-process; Redis when REDIS_URL is set). */
@Global()
@Module({
  providers: [
    {
      provide: EVENT_BUS,
      inject: [APP_CONFIG],
      useFactory: (_config: AppConfig) => new InProcessEventBus(),
    },
    EventLogService,
  ],
  exports: [EVENT_BUS, EventLogService],
})
export class RealtimeCoreModule {}
