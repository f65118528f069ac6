import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { LoggerModule } from 'nestjs-pino';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from './core/config/config';
import { HttpExceptionFilter } from './core/errors/http-exception.filter';
import { formatGraphqlError } from './core/graphql/graphql-errors';
import { RealtimeCoreModule } from './core/realtime/realtime-core.module';
import { AuthMiddleware } from './modules/auth/auth.middleware';
import { InputGuardMiddleware } from './core/http/input-guard.middleware';
import { AuthModule } from './modules/auth/auth.module';
import { DomainModule } from './modules/domain.module';
import { UserModule } from './modules/user/user.module';
import { ENTITIES } from './modules/entities';
import { GraphqlApiModule } from './modules/graphql-api.module';
import { HealthController } from './modules/health/health.controller';
import { RealtimeModule } from './modules/realtime/realtime.module';
import { WebModule } from './modules/web/web.module';

@Module({})
export class AppModule implements NestModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.LOG_LEVEL,
            autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/-/') },
            redact: ['req.headers.cookie', 'req.headers["private-token"]', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
            customProps: () => ({ node: config.nodeName }),
          },
        }),
        { module: ConfigHolder, global: true, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] },
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ type: 'postgres', entities: ENTITIES }),
          dataSourceFactory: async () => dataSource,
        }),
        RealtimeCoreModule,
        AuthModule,
        DomainModule,
        UserModule,
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
        RealtimeModule,
        WebModule,
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // EtagPollMiddleware runs before this, at the HTTP server ahead of Express (app.ts): a poll
    // answered 304 from the cache never reaches the session lookup (SQL) here.
    consumer.apply(InputGuardMiddleware, AuthMiddleware).forRoutes('*');
  }
}

@Module({})
class ConfigHolder {}
