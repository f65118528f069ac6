import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REALTIME } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { countEtagLookup } from '../../core/metrics/metrics';
import { EtagCacheService, pollKeyOf } from '../../core/realtime/etag-cache.service';

/** Poll-Interval (ms) for a base interval; -1 when the multiplier turns polling off. */
export function pollInterval(config: AppConfig, baseMs: number): number {
  const m = config.POLL_INTERVAL_MULTIPLIER;
  return m === 0 ? -1 : Math.round(baseMs * m);
}

/** True if an If-None-Match header names `etag` (a list, or `*`). */
export function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim() === etag);
}

/**
 * Answers a poll whose If-None-Match equals the current ETag with 304 from the cache,
 * before authentication or any database query (docs/realtime.md, polling). Registered ahead of
 * AuthMiddleware. The ETag is unguessable and only ever handed to readers, so a 304 tells
 * nothing to someone who could not read the issue.
 */
@Injectable()
export class EtagPollMiddleware implements NestMiddleware {
  constructor(
    private readonly etags: EtagCacheService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Works on plain Node requests, so it can run in front of Express (see app.ts). */
  use(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: () => void): void {
    const inm = req.headers['if-none-match'];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || typeof inm !== 'string' || !inm) return next();
    // originalUrl: Nest mounts middleware on a path, which Express strips from req.path
    const url = req.originalUrl ?? req.url ?? '';
    const q = url.indexOf('?');
    const key = pollKeyOf(q < 0 ? url : url.slice(0, q));
    if (!key) return next();
    this.etags.lookup(key).then(
      (etag) => {
        if (!etag || !etagMatches(inm, etag)) {
          countEtagLookup(this.etags.source, false);
          return next();
        }
        countEtagLookup(this.etags.source, true);
        const base = key.kind === 'notes' ? REALTIME.notesPollIntervalMs : REALTIME.realtimeChangesPollIntervalMs;
        res.setHeader('ETag', etag);
        res.setHeader('Poll-Interval', String(pollInterval(this.config, base)));
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('X-Tandem-From-Cache', 'true');
        res.statusCode = 304;
        res.end();
      },
      // Cache unreachable: answer from the database instead
      () => {
        countEtagLookup(this.etags.source, false);
        next();
      },
    );
  }
}
