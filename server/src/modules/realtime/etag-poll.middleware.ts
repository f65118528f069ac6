import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REALTIME } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { countEtagLookup } from '../../core/metrics/metrics';
import { EtagCacheService, listedEtags, pollKeyOf, type EtagEntry, type PollKey } from '../../core/realtime/etag-cache.service';
import { pollScopeOf } from '../../core/realtime/poll-scope';

/** Poll-Interval (ms) for a base interval; -1 when the multiplier turns polling off. */
export function pollInterval(config: AppConfig, baseMs: number): number {
  const m = config.POLL_INTERVAL_MULTIPLIER;
  return m === 0 ? -1 : Math.round(baseMs * m);
}

/**
 * Answers a poll with 304 from the cache, before authentication or any database query
 * (docs/realtime.md, polling), when its If-None-Match lists the ETag this very credential was
 * handed for the current state (etag-cache.service.ts: the ETag is an HMAC over the
 * path, the seq, the entry's salt and the credential). `*` never matches. Anything else goes
 * on to the application, which answers a non-reader exactly as it answers a missing issue, so
 * the cache tells nobody anything a full read would not.
 */
@Injectable()
export class EtagPollMiddleware implements NestMiddleware {
  /** The Poll-Interval header of each polled path's kind (the config is fixed for the process). */
  private readonly intervals: Record<PollKey['kind'], string>;

  constructor(
    private readonly etags: EtagCacheService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.intervals = {
      notes: String(pollInterval(config, REALTIME.notesPollIntervalMs)),
      realtime_changes: String(pollInterval(config, REALTIME.realtimeChangesPollIntervalMs)),
    };
  }

  /** Works on plain Node requests, so it can run in front of Express (see app.ts). */
  use(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: () => void): void {
    const inm = req.headers['if-none-match'];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || typeof inm !== 'string' || !inm) return next();
    // originalUrl: Nest mounts middleware on a path, which Express strips from req.path
    const url = req.originalUrl ?? req.url ?? '';
    const q = url.indexOf('?');
    const key = pollKeyOf(q < 0 ? url : url.slice(0, q));
    if (!key) return next();
    // Nothing an entity tag could match (`*`, garbage): no lookup
    if (inm.indexOf('"') < 0) {
      countEtagLookup(this.etags.source, false);
      return next();
    }
    const found = this.etags.peek(key);
    if (found === null || !('then' in found)) this.answer(req, res, next, key, inm, found);
    else {
      found.then(
        (entry) => this.answer(req, res, next, key, inm, entry),
        // Cache unreachable: answer from the database instead
        () => {
          countEtagLookup(this.etags.source, false);
          next();
        },
      );
    }
  }

  private answer(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: () => void, key: PollKey, inm: string, entry: EtagEntry | null): void {
    const etag = entry && this.etags.etagOf(key, entry, pollScopeOf(req));
    // A poller sends back the one ETag it was handed (compared as is); a list is compared weakly
    if (!etag || (inm !== etag && !listedEtags(inm).includes(etag.slice(2)))) {
      countEtagLookup(this.etags.source, false);
      return next();
    }
    countEtagLookup(this.etags.source, true);
    res.writeHead(304, ['ETag', etag, 'Poll-Interval', this.intervals[key.kind], 'Cache-Control', 'no-cache', 'X-Tandem-From-Cache', 'true']);
    res.end();
  }
}
