import type http from 'node:http';
import zlib from 'node:zlib';
import { ERROR_TRACKING, ERROR_TRACKING_TEXTS } from '@tandem/shared-types';

const T = ERROR_TRACKING_TEXTS.ingest;

/** An ingest refusal: its status, the {"message"} text and extra headers (Retry-After). */
export class IngestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The client key of a request: `sentry_key` in the query (browser SDKs, the DSN in a URL), else
 * X-Sentry-Auth (`Sentry sentry_version=7, sentry_key=..., sentry_client=...`), else a Sentry
 * Authorization header. null when none is sent.
 */
export function publicKeyOf(req: http.IncomingMessage, query: URLSearchParams): string | null {
  const q = query.get('sentry_key');
  if (q) return q;
  const header = req.headers['x-sentry-auth'] ?? req.headers.authorization;
  const h = Array.isArray(header) ? header[0] : header;
  if (!h) return null;
  const m = /(?:^|[\s,])sentry_key\s*=\s*([^,\s]+)/i.exec(h);
  return m ? m[1]! : null;
}

/** Reads the body, at most `max` bytes as sent (413 past it, without reading the rest). */
export function readBody(req: http.IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) return Promise.reject(new IngestError(413, T.tooLarge(max)));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > max) {
        done = true;
        req.pause();
        reject(new IngestError(413, T.tooLarge(max)));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks));
    });
    req.on('error', (e) => {
      if (!done) reject(e);
      done = true;
    });
  });
}

/** The body as sent, decompressed (gzip, deflate, br: what Sentry accepts), at most maxEventBytes once inflated. */
export function decode(body: Buffer, encoding: string | undefined): Buffer {
  const enc = (encoding ?? '').trim().toLowerCase();
  if (!enc || enc === 'identity') return body;
  const opts = { maxOutputLength: ERROR_TRACKING.maxEventBytes };
  try {
    if (enc === 'gzip' || enc === 'x-gzip') return zlib.gunzipSync(body, opts);
    if (enc === 'deflate') return zlib.inflateSync(body, opts);
    if (enc === 'br') return zlib.brotliDecompressSync(body, opts);
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) throw new IngestError(413, T.tooLarge(ERROR_TRACKING.maxEventBytes));
    throw new IngestError(400, T.badGzip);
  }
  throw new IngestError(415, T.badEncoding(enc.slice(0, 40)));
}

function parseJson(buf: Buffer): unknown {
  try {
    return JSON.parse(buf.toString('utf8')) as unknown;
  } catch {
    throw new IngestError(400, T.badEnvelope);
  }
}

/** The envelope's header and its items: type and payload (Sentry's envelope format). */
export function parseEnvelope(buf: Buffer): { header: Record<string, unknown>; items: Array<{ type: string; payload: Buffer }> } {
  let pos = 0;
  const line = (): Buffer | null => {
    if (pos >= buf.length) return null;
    const nl = buf.indexOf(0x0a, pos);
    const end = nl === -1 ? buf.length : nl;
    const out = buf.subarray(pos, end);
    pos = end + 1;
    return out;
  };
  const head = line();
  if (!head) throw new IngestError(400, T.badEnvelope);
  const header = parseJson(head);
  if (!header || typeof header !== 'object') throw new IngestError(400, T.badEnvelope);
  const items: Array<{ type: string; payload: Buffer }> = [];
  for (;;) {
    const ih = line();
    if (ih === null) break;
    if (!ih.length) continue;
    const itemHeader = parseJson(ih) as { type?: unknown; length?: unknown };
    if (!itemHeader || typeof itemHeader.type !== 'string') throw new IngestError(400, T.badEnvelope);
    let payload: Buffer;
    if (typeof itemHeader.length === 'number' && itemHeader.length >= 0) {
      if (pos + itemHeader.length > buf.length) throw new IngestError(400, T.badEnvelope);
      payload = buf.subarray(pos, pos + itemHeader.length);
      pos += itemHeader.length;
      if (buf[pos] === 0x0a) pos += 1;
    } else {
      payload = line() ?? Buffer.alloc(0);
    }
    items.push({ type: itemHeader.type, payload });
  }
  return { header: header as Record<string, unknown>, items };
}

/**
 * The error events in a request: the store endpoint's body is one event; an envelope's `event`
 * items are (other items, such as transactions, sessions and client reports, are accepted and
 * not kept, as GitLab keeps only events). Also the id to answer with.
 */
export function eventsOf(kind: 'envelope' | 'store', body: Buffer): { id: string | null; events: unknown[] } {
  if (kind === 'store') {
    const e = parseJson(body);
    if (!e || typeof e !== 'object' || Array.isArray(e)) throw new IngestError(400, T.badEvent);
    return { id: typeof (e as { event_id?: unknown }).event_id === 'string' ? (e as { event_id: string }).event_id : null, events: [e] };
  }
  const { header, items } = parseEnvelope(body);
  const events = items.filter((i) => i.type === 'event').map((i) => parseJson(i.payload));
  return { id: typeof header.event_id === 'string' ? header.event_id : null, events };
}
