import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EtagPollMiddleware } from './etag-poll.middleware';
import { EventPrunerService } from './event-pruner.service';
import { RealtimeAccessService } from './realtime-access.service';
import { RealtimeGateway } from './realtime.gateway';

/** The Socket.IO gateway, replay, polling (ETag 304s, notes polling) and pruning (issue #3). */
@Global()
@Module({
  imports: [AuthModule],
  providers: [RealtimeGateway, EventPrunerService, RealtimeAccessService, EtagPollMiddleware],
  exports: [RealtimeAccessService, RealtimeGateway, EtagPollMiddleware],
})
export class RealtimeModule {}
