import { ErrorTrackingModule } from './modules/error-tracking/error-tracking.module';
import { ErrorListWatchAccess } from './modules/error-tracking/error-watch-access';
import { EpicDiscussionsModule } from './modules/epic/epic-discussions.module';
import { EpicNoteableAccess } from './modules/epic/discussions/epic-noteable-access';
import { MergeRequestDiscussionsModule } from './modules/merge-request/merge-request-discussions.module';
import { MergeRequestModule } from './modules/merge-request/merge-request.module';
import { MergeRequestNoteableAccess } from './modules/merge-request/discussions/merge-request-noteable-access';
import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from './core/config/config';
import { HttpExceptionFilter } from './core/errors/http-exception.filter';
import { GraphqlLimitsMiddleware } from './core/graphql/graphql-limits.middleware';
import { formatGraphqlError } from './core/graphql/graphql-errors';
import { HttpMetricsMiddleware } from './core/metrics/http-metrics.middleware';
import { MetricsModule } from './core/metrics/metrics.module';
import { ThrottleModule } from './core/throttle/throttle.module';
import { WriteThrottleMiddleware } from './core/throttle/write-throttle.middleware';
import { RealtimeCoreModule } from './core/realtime/realtime-core.module';
import { AuthMiddleware } from './modules/auth/auth.middleware';
import { InputGuardMiddleware } from './core/http/input-guard.middleware';
import { RequestLogMiddleware } from './core/http/request-log.middleware';
import { AuthModule } from './modules/auth/auth.module';
import { AwardModule } from './modules/award/award.module';
import { IssueLinkModule } from './modules/issue-link/issue-link.module';
import { EpicModule } from './modules/epic/epic.module';
import { AlertModule } from './modules/alert/alert.module';
import { GroupModule } from './modules/group/group.module';
import { IssueModule } from './modules/issue/issue.module';
import { IssueTemplateModule } from './modules/issue-template/issue-template.module';
import { SpamModule } from './modules/spam/spam.module';
import { MetricImageModule } from './modules/metric-image/metric-image.module';
import { StatusPageModule } from './modules/status-page/status-page.module';
import { AbuseModule } from './modules/abuse/abuse.module';
import { LabelModule } from './modules/label/label.module';
import { MilestoneModule } from './modules/milestone/milestone.module';
import { IterationModule } from './modules/iteration/iteration.module';
import { MarkdownApiModule } from './modules/markdown/markdown-api.module';
import { MemberModule } from './modules/member/member.module';
import { NotesPollModule } from './modules/note/notes-poll.module';
import { DiscussionsModule } from './modules/note/discussions.module';
import { NoteModule } from './modules/note/note.module';
import { NoteEventAudience } from './modules/note/note-event-audience';
import { QuickActionsModule } from './modules/note/quick-actions/quick-actions.module';
import { AutocompleteModule } from './modules/autocomplete/autocomplete.module';
import { UploadModule } from './modules/upload/upload.module';
import { ProjectModule } from './modules/project/project.module';
import { RepositoryModule } from './modules/repository/repository.module';
import { RepositoryPortModule } from './modules/repository/repository-port.module';
import { ForkModule } from './modules/fork/fork.module';
import { UserModule } from './modules/user/user.module';
import { TodoModule } from './modules/todo/todo.module';
import { GroupShareModule } from './modules/group-share/group-share.module';
import { IncomingEmailModule } from './modules/incoming-email/incoming-email.module';
import { InvitationModule } from './modules/invitation/invitation.module';
import { RegistrationModule } from './modules/registration/registration.module';
import { MailModule } from './core/mail/mail.module';
import { SubscriptionModule } from './modules/subscription/subscription.module';
import { NotificationModule } from './modules/notification/notification.module';
import { ENTITIES } from './modules/entities';
import { GraphqlApiModule } from './modules/graphql-api.module';
import { HealthController } from './modules/health/health.controller';
import { IssueListWatchAccess, IssueNoteableAccess, IssueNoteableAccessModule } from './modules/issue/issue-noteable-access';
import { RealtimeModule } from './modules/realtime/realtime.module';
import { WebModule } from './modules/web/web.module';

@Module({})
export class AppModule implements NestModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: [
            {
              level: config.LOG_LEVEL,
              redact: ['req.headers.cookie', 'req.headers["private-token"]', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
            },
            // A request line per request: written asynchronously (lines arriving while a write is in
            // flight go out together), not one blocking write to stdout each; flushed at shutdown
            pino.destination({ dest: 1, sync: false }),
          ],
          // Its middleware is not applied: it binds each request's logger with an AsyncLocalStorage
          // (core/http/request-log.middleware.ts writes the request line instead)
          forRoutes: [],
        }),
        { module: ConfigHolder, global: true, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] },
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ type: 'postgres', entities: ENTITIES }),
          dataSourceFactory: async () => dataSource,
        }),
        RealtimeCoreModule,
        ThrottleModule,
        MetricsModule,
        AuthModule,
        // Every module with routes is listed before WebModule: Nest routes modules in the order
        // it meets them, and the web pages' `*path` catches all. Epic discussions first: their
        // `/groups/.../-/epics/:iid/notes` paths would match the `*project/notes` page routes
        EpicDiscussionsModule,
        // Merge requests' page routes (`*project/-/merge_requests/...`, `*project/-/issues/:iid/can_create_branch`) before the issue page's
        MergeRequestDiscussionsModule,
        MergeRequestModule,
        ProjectModule,
        RepositoryModule,
        RepositoryPortModule,
        ForkModule,
        GroupModule,
        MemberModule,
        LabelModule,
        MilestoneModule,
        IterationModule,
        IssueModule,
        IssueTemplateModule,
        AbuseModule,
        SpamModule,
        MetricImageModule,
        StatusPageModule,
        AwardModule,
        IssueLinkModule,
        EpicModule,
        AlertModule,
        NotesPollModule,
        DiscussionsModule,
        QuickActionsModule,
        AutocompleteModule,
        UploadModule,
        MarkdownApiModule,
        UserModule,
        TodoModule,
        MailModule,
        InvitationModule,
        GroupShareModule,
        IncomingEmailModule,
        RegistrationModule,
        SubscriptionModule,
        ErrorTrackingModule,
        NotificationModule,
        GraphQLModule.forRoot<ApolloDriverConfig>({
          driver: ApolloDriver,
          path: '/api/graphql',
          autoSchemaFile: true,
          sortSchema: true,
          playground: false,
          introspection: true,
          allowBatchedHttpRequests: true,
          context: ({ req, res }: { req: unknown; res: unknown }) => ({ req, res }),
          formatError: formatGraphqlError,
        }),
        GraphqlApiModule,
        RealtimeModule.register({
          imports: [IssueNoteableAccessModule, EpicDiscussionsModule, MergeRequestDiscussionsModule, NoteModule, ErrorTrackingModule],
          noteableAccess: [IssueNoteableAccess, EpicNoteableAccess, MergeRequestNoteableAccess],
          projectWatchAccess: IssueListWatchAccess,
          eventAudience: NoteEventAudience,
          errorWatchAccess: ErrorListWatchAccess,
        }),
        WebModule,
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // EtagPollMiddleware runs before this, at the HTTP server ahead of Express (app.ts): a poll
    // answered 304 from the cache never reaches the session lookup (SQL) here.
    consumer.apply(RequestLogMiddleware, HttpMetricsMiddleware, InputGuardMiddleware, AuthMiddleware, WriteThrottleMiddleware).forRoutes('*');
    consumer.apply(GraphqlLimitsMiddleware).forRoutes('api/graphql');
  }
}

@Module({})
class ConfigHolder {}
