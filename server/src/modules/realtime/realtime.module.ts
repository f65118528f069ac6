import { type DynamicModule, type InjectionToken, Module, type ModuleMetadata } from '@nestjs/common';
import { RealtimeCoreModule } from '../../core/realtime/realtime-core.module';
import { NOTEABLE_ACCESS, noteableAccessRegistry, type NoteableAccess } from '../../core/realtime/noteable-access';
import { EVENT_AUDIENCE } from '../../core/realtime/event-audience';
import { AuthModule } from '../auth/auth.module';
import { EtagPollMiddleware } from './etag-poll.middleware';
import { EventPrunerService } from './event-pruner.service';
import { RealtimeGateway } from './realtime.gateway';
import { RoomAccess } from './room-access.service';
import { RoomDelivery } from './room-delivery.service';
import { PresenceService } from './presence.service';
import { ProjectWatchService } from './project-watch.service';
import { ErrorWatchService } from './error-watch.service';
import { ERROR_WATCH_ACCESS } from '../../core/realtime/errors-channel';
import { PROJECT_WATCH_ACCESS } from '../../core/realtime/project-watch-access';
import { RoomRegistry } from './room-registry';
import { SocketAuth } from './socket-auth.service';
import { SubscribeService } from './subscribe.service';

export interface RealtimeOptions {
  /** The modules that provide the NoteableAccess implementations. */
  imports: NonNullable<ModuleMetadata['imports']>;
  /** Their tokens, one per noteable type served live. */
  noteableAccess: InjectionToken[];
  /** The token of the ProjectWatchAccess implementation (issue lists kept live). */
  projectWatchAccess: InjectionToken;
  /** The token of the EventAudience implementation (events only some readers receive). */
  eventAudience: InjectionToken;
  /** The token of the ErrorWatchAccess implementation (error lists kept live). */
  errorWatchAccess: InjectionToken;
}

/**
 * The Socket.IO gateway, replay, polling (ETag 304s, notes polling) and pruning (issue #3).
 * It knows noteables only through the NoteableAccess port; the app composes it with the
 * implementations: `RealtimeModule.register({ imports: [IssueNoteableAccessModule, NoteModule], noteableAccess: [IssueNoteableAccess], projectWatchAccess: IssueListWatchAccess, eventAudience: NoteEventAudience })`.
 */
@Module({})
export class RealtimeModule {
  static register(options: RealtimeOptions): DynamicModule {
    return {
      module: RealtimeModule,
      imports: [RealtimeCoreModule, AuthModule, ...options.imports],
      providers: [
        {
          provide: NOTEABLE_ACCESS,
          inject: options.noteableAccess,
          useFactory: (...all: NoteableAccess[]) => noteableAccessRegistry(all),
        },
        { provide: PROJECT_WATCH_ACCESS, useExisting: options.projectWatchAccess },
        { provide: EVENT_AUDIENCE, useExisting: options.eventAudience },
        { provide: ERROR_WATCH_ACCESS, useExisting: options.errorWatchAccess },
        ErrorWatchService,
        RoomRegistry,
        PresenceService,
        ProjectWatchService,
        RoomAccess,
        RoomDelivery,
        SubscribeService,
        SocketAuth,
        RealtimeGateway,
        EventPrunerService,
        EtagPollMiddleware,
      ],
      exports: [RealtimeGateway, EtagPollMiddleware],
    };
  }
}
