import { createHash, randomUUID } from 'node:crypto';
import { ERROR_TRACKING } from '@tandem/shared-types';

/** A stack frame as Tandem keeps it (Sentry's frame fields, trimmed). */
export interface StoredFrame {
  filename: string | null;
  function: string | null;
  lineno: number | null;
  colno: number | null;
  in_app: boolean;
  context_line?: string;
  pre_context?: string[];
  post_context?: string[];
}

/** What an accepted event becomes: the columns of its error and event rows, and the payload kept. */
export interface NormalizedEvent {
  eventId: string;
  fingerprint: string;
  type: string;
  value: string | null;
  culprit: string | null;
  platform: string | null;
  level: string | null;
  release: string | null;
  environment: string | null;
  occurredAt: Date;
  userKey: string | null;
  payload: {
    exception: { type: string; value: string | null };
    frames: StoredFrame[];
    user: Record<string, string> | null;
    tags: Record<string, string>;
    sdk: { name: string; version: string } | null;
  };
}

export class BadEventError extends Error {}

const str = (v: unknown, max = 1000): string | null => (typeof v === 'string' && v.length ? v.slice(0, max) : typeof v === 'number' ? String(v) : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : null);
const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const lines = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.slice(-ERROR_TRACKING.maxContextLines).map((l) => String(l).slice(0, 500)) : undefined);

function frameOf(raw: unknown): StoredFrame | null {
  const f = obj(raw);
  if (!f) return null;
  const frame: StoredFrame = {
    filename: str(f.filename) ?? str(f.abs_path) ?? str(f.module),
    function: str(f.function),
    lineno: int(f.lineno),
    colno: int(f.colno),
    in_app: f.in_app === true,
  };
  const context = str(f.context_line);
  if (context !== null) frame.context_line = context.slice(0, 500);
  const pre = lines(f.pre_context);
  if (pre) frame.pre_context = pre;
  const post = Array.isArray(f.post_context) ? f.post_context.slice(0, ERROR_TRACKING.maxContextLines).map((l) => String(l).slice(0, 500)) : undefined;
  if (post) frame.post_context = post;
  return frame;
}

/** An event's timestamp: seconds since the epoch (SDKs) or an ISO string (the store endpoint). */
function timeOf(v: unknown): Date {
  const d = typeof v === 'number' ? new Date(v * 1000) : typeof v === 'string' ? new Date(v) : new Date();
  return Number.isNaN(d.getTime()) || Math.abs(d.getTime() - Date.now()) > 366 * 86_400_000 ? new Date() : d;
}

function messageOf(e: Record<string, unknown>): string | null {
  if (typeof e.message === 'string') return str(e.message);
  const m = obj(e.message) ?? obj(e.logentry);
  return m ? (str(m.formatted) ?? str(m.message)) : null;
}

/**
 * The default grouping (Sentry's in small): the exception type and the frames that name the
 * code (file and function, in-app frames when there are any; line numbers left out so an edit
 * above the throw does not split the error), else the type and the message.
 */
export function defaultGroupingKey(type: string, frames: readonly StoredFrame[], message: string | null): string[] {
  const named = frames.filter((f) => f.filename || f.function);
  const inApp = named.filter((f) => f.in_app);
  const used = inApp.length ? inApp : named;
  if (!used.length) return [type, message ?? ''];
  return [type, ...used.map((f) => `${(f.filename ?? '').replace(/[?#].*$/, '')}|${f.function ?? ''}`)];
}

/**
 * A Sentry event (store body, or an envelope's event item) as Tandem keeps it. Its fingerprint
 * is the SDK's when given (`{{ default }}` standing for the default grouping), else the default.
 * Throws BadEventError for what is not an event object.
 */
export function normalizeEvent(raw: unknown): NormalizedEvent {
  const e = obj(raw);
  if (!e) throw new BadEventError();
  const values = Array.isArray(obj(e.exception)?.values) ? (obj(e.exception)!.values as unknown[]) : Array.isArray(e.exception) ? (e.exception as unknown[]) : [];
  // Sentry lists chained exceptions oldest first: the last is the one raised
  const ex = obj(values[values.length - 1]);
  const message = messageOf(e);
  const type = str(ex?.type, 255) ?? (message ? 'Message' : null);
  if (!type) throw new BadEventError();
  const value = str(ex?.value, 2000) ?? message;
  const rawFrames = (obj(ex?.stacktrace)?.frames ?? obj(e.stacktrace)?.frames) as unknown;
  const frames = (Array.isArray(rawFrames) ? rawFrames.slice(-ERROR_TRACKING.maxFrames) : []).map(frameOf).filter((f): f is StoredFrame => f !== null);
  const base = defaultGroupingKey(type, frames, value);
  const fp = Array.isArray(e.fingerprint) && e.fingerprint.length ? e.fingerprint.slice(0, 50).map((p) => String(p).slice(0, 500)) : null;
  const parts = fp ? fp.flatMap((p) => (p === '{{ default }}' || p === '{{default}}' ? base : [`fp:${p}`])) : base;
  const top = [...frames].reverse().find((f) => f.in_app) ?? frames[frames.length - 1];
  const userObj = obj(e.user);
  const user: Record<string, string> | null = userObj
    ? Object.fromEntries(['id', 'email', 'username', 'ip_address'].flatMap((k) => (str(userObj[k], 255) ? [[k, str(userObj[k], 255)!]] : [])))
    : null;
  const userKey = user ? (user.id ?? user.email ?? user.username ?? user.ip_address ?? null) : null;
  const tagsRaw = Array.isArray(e.tags) ? Object.fromEntries((e.tags as unknown[]).filter(Array.isArray).map((t) => t as unknown[])) : (obj(e.tags) ?? {});
  const tags = Object.fromEntries(Object.entries(tagsRaw).slice(0, 50).flatMap(([k, v]) => (str(v, 200) ? [[k.slice(0, 100), str(v, 200)!]] : [])));
  const sdk = obj(e.sdk);
  const id = str(e.event_id, 64)?.replace(/-/g, '').toLowerCase();
  return {
    eventId: id && /^[0-9a-f]{32}$/.test(id) ? id : randomUUID().replace(/-/g, ''),
    fingerprint: createHash('sha1').update(parts.join('\n')).digest('hex'),
    type,
    value,
    culprit: str(e.transaction, 255) ?? str(e.culprit, 255) ?? (top ? `${top.function ?? '?'}(${top.filename ?? '?'})` : null),
    platform: str(e.platform, 64),
    level: str(e.level, 32),
    release: str(e.release, 255),
    environment: str(e.environment, 255),
    occurredAt: timeOf(e.timestamp),
    userKey,
    payload: {
      exception: { type, value },
      frames,
      user: user && Object.keys(user).length ? user : null,
      tags,
      sdk: sdk && str(sdk.name) ? { name: str(sdk.name, 100)!, version: str(sdk.version, 50) ?? '' } : null,
    },
  };
}
