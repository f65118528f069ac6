import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type http from 'node:http';
import { DataSource } from 'typeorm';
import { ERROR_TRACKING, ERROR_TRACKING_TEXTS } from '@tandem/shared-types';
import { EVENT_BUS, type EventBus } from '../../../core/realtime/event-bus';
import { RateLimitedError } from '../../../core/throttle/rate-limited.error';
import { ThrottleService } from '../../../core/throttle/throttle.service';
import { ingestKey, type IngestKey } from '../error-tracking.store';
import { IngestWriter } from './ingest-writer.service';
import { BadEventError, normalizeEvent, type NormalizedEvent } from './sentry-event';
import { decode, eventsOf, IngestError, publicKeyOf, readBody } from './sentry-protocol';

const T = ERROR_TRACKING_TEXTS.ingest;

/**
 * Sentry's ingest endpoints, as an SDK forms them from the DSN Tandem hands out
 * (`<scheme>://<key>@<host>/api/v4/error_tracking/collector/<project id>`, GitLab's): POST
 * `<dsn path>/api/<project id>/envelope/` and `.../store/`; the bare `/api/<project id>/...`
 * of a DSN with no path prefix is taken too.
 */
export const INGEST_PATH = /^\/api\/(?:v4\/error_tracking\/collector\/api\/)?(\d{1,10})\/(envelope|store)\/?(?:\?(.*))?$/;

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * How long a key lookup is trusted on a node. A revoke or a setting change clears every node's
 * lookups at once (a bus control message; a bus that may have dropped one clears them too), so
 * this only bounds what a lost message could keep.
 */
const KEY_TTL_MS = 60_000;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'x-sentry-error, x-sentry-rate-limits, retry-after',
};

/**
 * The ingest path, answered at the HTTP server ahead of Express (docs/error-tracking.md): no
 * session, CSRF, cookie or JSON body parser applies; the client key is the credential; the body
 * has its own limits (compressed and inflated), gzip/deflate/br; a per-key limit answers 429
 * with Retry-After and X-Sentry-Rate-Limits, as Sentry does. Accepted events go to the
 * IngestWriter's batches, never into an issue's transaction. Answers `{"id"}` (200) once they are committed.
 */
@Injectable()
export class IngestHttp implements OnModuleDestroy {
  private readonly logger = new Logger('ErrorIngest');
  private readonly keys = new Map<string, { key: IngestKey | null; at: number }>();
  /** Bumped by every clear: a lookup that started before one is not remembered (it may predate the revoke). */
  private generation = 0;
  private readonly unsubscribe: () => void;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly throttle: ThrottleService,
    private readonly writer: IngestWriter,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {
    this.unsubscribe = bus.subscribe({
      events: () => undefined,
      control: (msg) => {
        if (msg.kind === 'ingest_keys_changed') this.clearKeys();
      },
      resync: () => this.clearKeys(),
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  private clearKeys(): void {
    this.generation++;
    this.keys.clear();
  }

  /** Puts the ingest routes in front of every request listener of `server`. */
  install(server: http.Server): void {
    const listeners = server.listeners('request') as Listener[];
    server.removeAllListeners('request');
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = req.url ?? '';
      const m = url.startsWith('/api/') ? INGEST_PATH.exec(url) : null;
      if (!m) {
        for (const l of listeners) l.call(server, req, res);
        return;
      }
      void this.handle(req, res, Number(m[1]), m[2] as 'envelope' | 'store', new URLSearchParams(m[3] ?? ''));
    });
  }

  /** A key revoked or a project's setting changed (committed): every node forgets its key lookups, this one at once. */
  forget(): void {
    this.bus.publishControl({ kind: 'ingest_keys_changed' });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse, projectId: number, kind: 'envelope' | 'store', query: URLSearchParams): Promise<void> {
    try {
      if (req.method === 'OPTIONS') return this.send(res, 200, '', { 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'content-type, content-encoding, x-sentry-auth, sentry-trace, baggage', 'Access-Control-Max-Age': '3600' });
      if (req.method !== 'POST') throw new IngestError(405, '405 Method Not Allowed', { Allow: 'POST' });
      const publicKey = publicKeyOf(req, query);
      if (!publicKey) throw new IngestError(401, T.noKey);
      const key = await this.lookup(publicKey);
      if (!key || key.projectId !== projectId) throw new IngestError(401, T.badKey);
      if (!key.keyActive) throw new IngestError(403, T.revokedKey);
      if (!key.enabled) throw new IngestError(403, T.disabled);
      const body = decode(await readBody(req, ERROR_TRACKING.maxBodyBytes), header(req, 'content-encoding'));
      if (body.length > ERROR_TRACKING.maxEventBytes) throw new IngestError(413, T.tooLarge(ERROR_TRACKING.maxEventBytes));
      const { id, events } = eventsOf(kind, body);
      const normalized: NormalizedEvent[] = [];
      for (const raw of events) {
        try {
          normalized.push(normalizeEvent(raw));
        } catch (e) {
          if (e instanceof BadEventError) throw new IngestError(400, T.badEvent);
          throw e;
        }
      }
      // The request's events counted in one store call (one Redis round trip per request, not per event)
      if (normalized.length) await this.throttle.consume('error_events_per_key', key.keyId, normalized.length);
      // Answered after the batch holding these events has committed (group commit): a 200 is never lost
      await this.writer.accept(projectId, normalized);
      this.send(res, 200, JSON.stringify({ id: normalized[0]?.eventId ?? (id ? id.replace(/-/g, '') : null) }));
    } catch (e) {
      if (e instanceof IngestError) return this.send(res, e.status, JSON.stringify({ message: e.message }), e.headers, e.status === 413);
      if (e instanceof RateLimitedError) {
        const h = e.headers();
        return this.send(res, 429, JSON.stringify({ message: e.message }), { ...h, 'X-Sentry-Rate-Limits': `${e.retryAfterSeconds}::key` });
      }
      this.logger.error({ err: e }, 'error event ingest failed');
      this.send(res, 500, JSON.stringify({ message: '500 Internal Server Error' }));
    }
  }

  private async lookup(publicKey: string): Promise<IngestKey | null> {
    if (publicKey.length > 100) return null;
    const hit = this.keys.get(publicKey);
    if (hit && Date.now() - hit.at < KEY_TTL_MS) return hit.key;
    const generation = this.generation;
    const key = await ingestKey(this.ds, publicKey);
    if (generation !== this.generation) return key;
    if (this.keys.size > 10_000) this.keys.clear();
    this.keys.set(publicKey, { key, at: Date.now() });
    return key;
  }

  private send(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}, close = false): void {
    if (res.headersSent) return;
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...CORS, ...headers, ...(close ? { Connection: 'close' } : {}) });
    res.end(body);
  }
}

const header = (req: http.IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};
