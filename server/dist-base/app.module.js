"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
var AppModule_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.AppModule = void 0;
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const typeorm_1 = require("@nestjs/typeorm");
const graphql_1 = require("@nestjs/graphql");
const apollo_1 = require("@nestjs/apollo");
const nestjs_pino_1 = require("nestjs-pino");
const pino_1 = __importDefault(require("pino"));
const config_1 = require("./core/config/config");
const http_exception_filter_1 = require("./core/errors/http-exception.filter");
const graphql_limits_middleware_1 = require("./core/graphql/graphql-limits.middleware");
const graphql_errors_1 = require("./core/graphql/graphql-errors");
const http_metrics_middleware_1 = require("./core/metrics/http-metrics.middleware");
const metrics_module_1 = require("./core/metrics/metrics.module");
const throttle_module_1 = require("./core/throttle/throttle.module");
const write_throttle_middleware_1 = require("./core/throttle/write-throttle.middleware");
const realtime_core_module_1 = require("./core/realtime/realtime-core.module");
const auth_middleware_1 = require("./modules/auth/auth.middleware");
const input_guard_middleware_1 = require("./core/http/input-guard.middleware");
const auth_module_1 = require("./modules/auth/auth.module");
const award_module_1 = require("./modules/award/award.module");
const issue_link_module_1 = require("./modules/issue-link/issue-link.module");
const epic_module_1 = require("./modules/epic/epic.module");
const alert_module_1 = require("./modules/alert/alert.module");
const group_module_1 = require("./modules/group/group.module");
const issue_module_1 = require("./modules/issue/issue.module");
const issue_template_module_1 = require("./modules/issue-template/issue-template.module");
const abuse_module_1 = require("./modules/abuse/abuse.module");
const label_module_1 = require("./modules/label/label.module");
const milestone_module_1 = require("./modules/milestone/milestone.module");
const iteration_module_1 = require("./modules/iteration/iteration.module");
const markdown_api_module_1 = require("./modules/markdown/markdown-api.module");
const member_module_1 = require("./modules/member/member.module");
const notes_poll_module_1 = require("./modules/note/notes-poll.module");
const discussions_module_1 = require("./modules/note/discussions.module");
const quick_actions_module_1 = require("./modules/note/quick-actions/quick-actions.module");
const description_versions_module_1 = require("./modules/note/description-versions/description-versions.module");
const autocomplete_module_1 = require("./modules/autocomplete/autocomplete.module");
const upload_module_1 = require("./modules/upload/upload.module");
const project_module_1 = require("./modules/project/project.module");
const user_module_1 = require("./modules/user/user.module");
const todo_module_1 = require("./modules/todo/todo.module");
const invitation_module_1 = require("./modules/invitation/invitation.module");
const registration_module_1 = require("./modules/registration/registration.module");
const mail_module_1 = require("./core/mail/mail.module");
const subscription_module_1 = require("./modules/subscription/subscription.module");
const entities_1 = require("./modules/entities");
const graphql_api_module_1 = require("./modules/graphql-api.module");
const health_controller_1 = require("./modules/health/health.controller");
const issue_noteable_access_1 = require("./modules/issue/issue-noteable-access");
const realtime_module_1 = require("./modules/realtime/realtime.module");
const web_module_1 = require("./modules/web/web.module");
let AppModule = AppModule_1 = class AppModule {
    static forRoot(config, dataSource) {
        return {
            module: AppModule_1,
            imports: [
                nestjs_pino_1.LoggerModule.forRoot({
                    pinoHttp: [
                        {
                            level: config.LOG_LEVEL,
                            autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/-/') },
                            redact: ['req.headers.cookie', 'req.headers["private-token"]', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
                            customProps: () => ({ node: config.nodeName }),
                        },
                        // A request line per request: written asynchronously (lines arriving while a write is in
                        // flight go out together), not one blocking write to stdout each; flushed at shutdown
                        pino_1.default.destination({ dest: 1, sync: false }),
                    ],
                }),
                { module: ConfigHolder, global: true, providers: [{ provide: config_1.APP_CONFIG, useValue: config }], exports: [config_1.APP_CONFIG] },
                typeorm_1.TypeOrmModule.forRootAsync({
                    useFactory: () => ({ type: 'postgres', entities: entities_1.ENTITIES }),
                    dataSourceFactory: async () => dataSource,
                }),
                realtime_core_module_1.RealtimeCoreModule,
                throttle_module_1.ThrottleModule,
                metrics_module_1.MetricsModule,
                auth_module_1.AuthModule,
                // Every module with routes is listed before WebModule: Nest routes modules in the order
                // it meets them, and the web pages' `*path` catches all
                project_module_1.ProjectModule,
                group_module_1.GroupModule,
                member_module_1.MemberModule,
                label_module_1.LabelModule,
                milestone_module_1.MilestoneModule,
                iteration_module_1.IterationModule,
                issue_module_1.IssueModule,
                issue_template_module_1.IssueTemplateModule,
                abuse_module_1.AbuseModule,
                award_module_1.AwardModule,
                issue_link_module_1.IssueLinkModule,
                epic_module_1.EpicModule,
                alert_module_1.AlertModule,
                notes_poll_module_1.NotesPollModule,
                discussions_module_1.DiscussionsModule,
                quick_actions_module_1.QuickActionsModule,
                description_versions_module_1.DescriptionVersionsModule,
                autocomplete_module_1.AutocompleteModule,
                upload_module_1.UploadModule,
                markdown_api_module_1.MarkdownApiModule,
                user_module_1.UserModule,
                todo_module_1.TodoModule,
                mail_module_1.MailModule,
                invitation_module_1.InvitationModule,
                registration_module_1.RegistrationModule,
                subscription_module_1.SubscriptionModule,
                graphql_1.GraphQLModule.forRoot({
                    driver: apollo_1.ApolloDriver,
                    path: '/api/graphql',
                    autoSchemaFile: true,
                    sortSchema: true,
                    playground: false,
                    introspection: true,
                    allowBatchedHttpRequests: true,
                    context: ({ req, res }) => ({ req, res }),
                    formatError: graphql_errors_1.formatGraphqlError,
                }),
                graphql_api_module_1.GraphqlApiModule,
                realtime_module_1.RealtimeModule.register({ imports: [issue_noteable_access_1.IssueNoteableAccessModule], noteableAccess: [issue_noteable_access_1.IssueNoteableAccess], projectWatchAccess: issue_noteable_access_1.IssueListWatchAccess }),
                web_module_1.WebModule,
            ],
            controllers: [health_controller_1.HealthController],
            providers: [{ provide: core_1.APP_FILTER, useClass: http_exception_filter_1.HttpExceptionFilter }],
        };
    }
    configure(consumer) {
        // EtagPollMiddleware runs before this, at the HTTP server ahead of Express (app.ts): a poll
        // answered 304 from the cache never reaches the session lookup (SQL) here.
        consumer.apply(http_metrics_middleware_1.HttpMetricsMiddleware, input_guard_middleware_1.InputGuardMiddleware, auth_middleware_1.AuthMiddleware, write_throttle_middleware_1.WriteThrottleMiddleware).forRoutes('*');
        consumer.apply(graphql_limits_middleware_1.GraphqlLimitsMiddleware).forRoutes('api/graphql');
    }
};
exports.AppModule = AppModule;
exports.AppModule = AppModule = AppModule_1 = __decorate([
    (0, common_1.Module)({})
], AppModule);
let ConfigHolder = class ConfigHolder {
};
ConfigHolder = __decorate([
    (0, common_1.Module)({})
], ConfigHolder);
//# sourceMappingURL=app.module.js.map