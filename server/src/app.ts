import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import express from 'express';
import http from 'node:http';
import path from 'node:path';
import { Logger, PinoLogger } from 'nestjs-pino';
import { Logger as NestLogger } from '@nestjs/common';
import type { PGlite } from '@electric-sql/pglite';
import { EMOJI_IMAGES, LIMITS } from '@tandem/shared-types';
import { AppModule } from './app.module';
import type { AppConfig } from './core/config/config';
import { openDatabase, runMigrations, type OpenDatabase } from './core/database/data-source';
import { ENTITIES } from './modules/entities';
import { seedInitialRoot } from './modules/user/initial-root.seed';
import { seedDemo } from './modules/demo/demo.seed';
import { EtagPollMiddleware } from './modules/realtime/etag-poll.middleware';
import { plainJsonContentType, requestBaseUrlMiddleware } from './core/config/request-base-url';
import { spamRequestMiddleware } from './core/spam/spam-request';
import { captureHeaders, installFastRoutes, type FastRouteDeps } from './core/http/fast-route';
import { indexRouterLayers } from './core/http/router-index';
import { ThrottleService } from './core/throttle/throttle.service';
import { CredentialResolver } from './modules/auth/credential-resolver';
import { IssueController } from './modules/issue/issue.controller';
import { issueFastRoutes } from './modules/issue/issue-fast-routes';
import { GitHttpService } from './modules/repository/http/git-http.service';
import { RepositoryService } from './modules/repository/repository.service';
import { seedDemoRepositories } from './modules/demo/demo-repository.seed';
import { IngestHttp } from './modules/error-tracking/ingest/ingest-http';

/**
 * A poll whose If-None-Match matches the cached ETag is answered 304 before Express (and so
 * before headers, body parsing, logging and authentication, whose session lookup is SQL) even
 * sees it. Installed after listen, in front of every request listener (Express, Socket.IO).
 */
function answerMatchingPollsFirst(server: http.Server, etagPoll: EtagPollMiddleware): void {
  const listeners = server.listeners('request') as Array<(req: http.IncomingMessage, res: http.ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) =>
    etagPoll.use(req, res, () => {
      for (const l of listeners) l.call(server, req, res);
    }),
  );
}

/** What the routes answered ahead of Express (core/http/fast-route.ts) use of the app. */
function fastRouteDeps(app: NestExpressApplication, config: AppConfig, securityHeaders: ReturnType<typeof helmet>): FastRouteDeps {
  const credentials = app.get(CredentialResolver);
  const throttle = app.get(ThrottleService);
  const errors = new NestLogger('HttpError');
  return {
    config,
    authenticate: async (token) => {
      const r = await credentials.resolve({ token });
      return r === 'invalid_token' ? r : r.actor!;
    },
    throttle: throttle.enabled('api_writes_per_user') ? (actor) => throttle.consume('api_writes_per_user', actor.id) : null,
    headers: captureHeaders(securityHeaders as Parameters<typeof captureHeaders>[0]),
    etag: (app.getHttpAdapter().getInstance() as express.Express).get('etag fn') as FastRouteDeps['etag'],
    logger: PinoLogger.root,
    logError: (err, path) => errors.error({ err, path }, 'request failed'),
  };
}

export interface RunningApp {
  app: NestExpressApplication;
  db: OpenDatabase;
  url: string;
  /** The routes answered ahead of Express (their metric route names); none with FAST_ROUTES=false. */
  fastRoutes: readonly string[];
  close(): Promise<void>;
}

/**
 * Builds and starts Tandem: database (Postgres or embedded PGlite), migrations, demo seed on
 * an empty database, then the HTTP server. Used by main.ts and by the integration tests.
 */
export async function startApp(config: AppConfig, opts: { pglite?: PGlite; quiet?: boolean } = {}): Promise<RunningApp> {
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE }, ENTITIES, { pglite: opts.pglite });
  try {
    if (config.RUN_MIGRATIONS) await runMigrations(db.dataSource, db.mode);
    if (config.SEED_DEMO) await seedDemo(db.dataSource);
    if (config.TANDEM_ROOT_PASSWORD) {
      await seedInitialRoot(db.dataSource, { username: config.TANDEM_ROOT_USERNAME, email: config.TANDEM_ROOT_EMAIL, password: config.TANDEM_ROOT_PASSWORD });
    }
  } catch (e) {
    await db.close();
    throw e;
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, db.dataSource), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  // Every demo project's repository (acme/tandem with a history); a project made later gets one on first use
  if (config.SEED_DEMO) await seedDemoRepositories(db.dataSource, app.get(RepositoryService));
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('query parser', 'extended');
  // Only without PUBLIC_URL: it is the one AsyncLocalStorage left on the request path, and Node 20
  // runs an entered one's async hook for every promise (docs/decisions.md, "No AsyncLocalStorage
  // on the request path")
  if (!config.PUBLIC_URL) app.use(requestBaseUrlMiddleware);
  // git over smart HTTP: its own auth and policy, raw (maybe gzip) bodies; no CSRF, no body parser
  const gitHttp = app.get(GitHttpService);
  app.use(function gitSmartHttp(req: express.Request, res: express.Response, next: express.NextFunction) {
    if (gitHttp.matches(req)) gitHttp.handle(req, res).catch(next);
    else next();
  });
  app.use(plainJsonContentType);
  const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:', 'http:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          // the captcha widget (ALTCHA) solves its proof of work in workers it makes from blobs
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
  });
  // Emoji images for browsers without an emoji font (the client's fallback), from the package, never a CDN;
  // first, so the picker's many images cost no session, CSRF or body parsing
  const emojiImages = express.static(path.dirname(require.resolve('@twemoji/svg/package.json')), {
    immutable: true,
    maxAge: '30d',
    index: false,
    fallthrough: false,
    // Static artwork: nothing in it may run, even opened on its own
    setHeaders: (res) => res.set({ 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox", 'x-content-type-options': 'nosniff' }),
  });
  app.use(EMOJI_IMAGES.path, function emojiImageFiles(req: express.Request, res: express.Response, next: express.NextFunction) {
    return /^\/[0-9a-f]+(-[0-9a-f]+)*\.svg$/.test(req.path) ? emojiImages(req, res, next) : res.status(404).json({ message: '404 Not Found' });
  });
  app.use(securityHeaders);
  app.use(cookieParser());
  const jsonBody = express.json({ limit: LIMITS.bodyLimitBytes, type: ['application/json', 'application/*+json'] });
  // Nest turns body-parser's SyntaxError into a 400 with the parser's words; a plain error keeps
  // the type, so HttpExceptionFilter answers it (and the fast route answers it the same)
  app.use(function jsonBodyParser(req: express.Request, res: express.Response, next: express.NextFunction) {
    jsonBody(req, res, (err?: unknown) => next(err instanceof SyntaxError ? Object.assign(new Error(err.message), { status: 400, type: 'entity.parse.failed' }) : err));
  });
  app.use(express.urlencoded({ limit: LIMITS.bodyLimitBytes, extended: true }));
  app.use(spamRequestMiddleware);
  app.use('/assets', express.static(path.join(config.clientDist, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  // Looked up per request, not once at boot: a client built after the server started is served too
  const icons = express.static(config.clientDist, { index: false, maxAge: '1d', fallthrough: true });
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) =>
    req.path === '/favicon.svg' || req.path === '/favicon.ico' ? icons(req, res, next) : next(),
  );
  // Nest hands its arguments on to http.Server#listen(port, host, backlog); its types name only a callback
  const listen = app.listen as unknown as (port: number, host: string, backlog: number) => Promise<unknown>;
  await listen.call(app, config.PORT, config.HOST, config.LISTEN_BACKLOG);
  keepConnectionsAlive(app.getHttpServer() as http.Server, config.HTTP_KEEP_ALIVE_SECONDS);
  // Every route is registered by now: a literal-prefix test in front of each layer's regular expression
  indexRouterLayers((app.getHttpAdapter().getInstance() as express.Express & { router: Parameters<typeof indexRouterLayers>[0] }).router);
  const fastRoutes = config.FAST_ROUTES ? issueFastRoutes(app.get(IssueController)) : [];
  if (fastRoutes.length) installFastRoutes(app.getHttpServer() as http.Server, fastRoutes, fastRouteDeps(app, config, securityHeaders));
  // Sentry SDKs' ingest (error tracking): its own path, ahead of everything (no session, CSRF or JSON body limit)
  app.get(IngestHttp).install(app.getHttpServer() as http.Server);
  // Last, so first: a matching poll (GET/HEAD on a polled path) is none of the routes above (PUT/POST, /api/<id>/envelope)
  answerMatchingPollsFirst(app.getHttpServer() as http.Server, app.get(EtagPollMiddleware));
  const addr = app.getHttpServer().address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  let closed = false;
  return {
    app,
    db,
    url: `http://127.0.0.1:${port}`,
    fastRoutes: fastRoutes.map((r) => `${r.method} ${r.metricRoute}`),
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await db.close();
    },
  };
}

/**
 * Idle keep-alive connections last `seconds` (config HTTP_KEEP_ALIVE_SECONDS); a request's headers
 * may take a second longer, as Node requires headersTimeout > keepAliveTimeout for a connection
 * that is reused right at the end of its idle time.
 */
export function keepConnectionsAlive(server: http.Server, seconds: number): void {
  server.keepAliveTimeout = seconds * 1000;
  server.headersTimeout = seconds * 1000 + 1000;
}
