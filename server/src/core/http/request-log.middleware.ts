import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { APP_CONFIG, type AppConfig } from '../config/config';

/**
 * The request log line (pino-http) for every request Express answers, on nestjs-pino's root
 * logger. nestjs-pino's own middleware would also bind each request's logger to an
 * AsyncLocalStorage, whose async hook Node 20 then runs for every promise of every request
 * (about 1 µs of CPU per 304 poll, docs/benchmarks.md P3); it is not applied (app.module.ts), so
 * log lines written by services during a request carry no `req` of their own (docs/decisions.md,
 * "No AsyncLocalStorage on the request path"). The routes answered ahead of Express write the
 * same line themselves (fast-route.ts).
 */
@Injectable()
export class RequestLogMiddleware implements NestMiddleware {
  private log: HttpLogger | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  use(req: Request, res: Response, next: NextFunction): void {
    // pino-http writes every line at `info` (errors too: no custom level here); below it, its
    // per-request child logger (the request's headers serialized and redacted) would be built
    // for nothing: about 4 % of the server's CPU per read in a profile of read-path-bench
    if (!PinoLogger.root.isLevelEnabled('info')) return next();
    // Built on first use: nestjs-pino sets its root logger when its module is configured
    this.log ??= pinoHttp({
      logger: PinoLogger.root,
      // The probes and metrics under /-/ write no line (originalUrl: Express strips the middleware's mount path from url)
      autoLogging: { ignore: (r) => ((r as Request).originalUrl ?? r.url ?? '').startsWith('/-/') },
      customProps: () => ({ node: this.config.nodeName }),
    });
    this.log(req, res, next);
  }
}
