import { createHmac, randomBytes } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { EventIssueRef } from '@tandem/shared-types';
import type { BusEvent } from './event-bus';
import { bounded, REDIS_PREFIX, type RedisClient } from './redis';

/** How long a cached ETag lives without a change; bounds staleness if an update was lost. */
const TTL_MS = 10 * 60_000;
/** At most this many computed ETags are remembered (path, state and credential each; all dropped when full). */
const ETAG_MEMO_MAX = 50_000;
/** Memory mode keeps at most this many keys (oldest dropped first). */
const MEMORY_MAX_KEYS = 200_000;
/** Where Redis holds the entries (then the path key). */
const ETAG_KEY = `${REDIS_PREFIX}etag:`;

/**
 * The polled paths whose answers depend only on one issue's state (docs/realtime.md, polling).
 * Both name the issue's project, so a path is cached only as the issue's own.
 */
export type PollKey = ({ kind: 'realtime_changes'; projectPath: string; iid: number } | { kind: 'notes'; projectPath: string; issueId: number }) & {
  /** The key's string (keyString), computed once for a key the poll path maps from a request path. */
  readonly id?: string;
};

const REALTIME_CHANGES_PATH = /^\/(.+)\/-\/issues\/(\d{1,10})\/realtime_changes\/?$/;
const NOTES_PATH = /^\/(.+)\/noteable\/issue\/(\d{1,10})\/notes\/?$/;

/** Paths already mapped (a poller asks for the same path every few seconds); cleared when full. */
const pollKeyMemo = new Map<string, PollKey | null>();
const POLL_KEY_MEMO_MAX = 10_000;

/** Maps a request path to its cache key, or null when the path is not ETag-cached. */
export function pollKeyOf(path: string): PollKey | null {
  const known = pollKeyMemo.get(path);
  if (known !== undefined) return known;
  const key = parsePollKey(path);
  if (pollKeyMemo.size >= POLL_KEY_MEMO_MAX) pollKeyMemo.clear();
  pollKeyMemo.set(path, key);
  return key;
}

function parsePollKey(path: string): PollKey | null {
  const rc = REALTIME_CHANGES_PATH.exec(path);
  const m = rc ?? NOTES_PATH.exec(path);
  if (!m) return null;
  let projectPath: string;
  try {
    projectPath = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  const key: PollKey = rc ? { kind: 'realtime_changes', projectPath, iid: Number(m[2]) } : { kind: 'notes', projectPath, issueId: Number(m[2]) };
  // The poll path looks entries up by this string on every poll: made once, its hash is kept
  return { ...key, id: keyString(key) };
}

const keyString = (k: PollKey) => k.id ?? (k.kind === 'notes' ? `n:${k.projectPath.toLowerCase()}:${k.issueId}` : `rc:${k.projectPath.toLowerCase()}:${k.iid}`);

/** The polled paths of an issue. */
const keysOf = (issue: EventIssueRef): [PollKey, PollKey] => [
  { kind: 'realtime_changes', projectPath: issue.project_path, iid: issue.iid },
  { kind: 'notes', projectPath: issue.project_path, issueId: issue.id },
];

/** What the store holds per polled path: the issue's seq and the entry's salt (new with each entry). */
export interface EtagEntry {
  seq: number;
  salt: string;
}

/**
 * The opaque parts of the entity tags an If-None-Match header lists, weak or strong alike (RFC
 * 9110 compares them weakly). `*` is left out: it would match any issue that exists, and the
 * cache answers before anyone is authenticated.
 */
export function listedEtags(header: string): string[] {
  const out: string[] = [];
  for (const raw of header.split(',')) {
    const t = raw.trim().replace(/^W\//, '');
    if (t.length > 2 && t.startsWith('"') && t.endsWith('"') && t !== '"*"') out.push(t);
  }
  return out;
}

/** Sets KEYS to "<ARGV[1]> <ARGV[2]>" unless they hold a value for a seq >= ARGV[1]; returns each key's value after. */
const CAS_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local cur = redis.call('GET', key)
  local curSeq = cur and tonumber(string.match(cur, '^(%d+) ')) or -1
  if curSeq < tonumber(ARGV[1]) then
    cur = ARGV[1] .. ' ' .. ARGV[2]
    redis.call('SET', key, cur, 'PX', ARGV[3])
  end
  out[i] = cur
end
return out`;

/**
 * The ETag store for polled endpoints (docs/realtime.md, "Polling fallback"). Per polled path
 * it keeps the issue's event seq and a random salt, in Redis (shared by every node) or in
 * memory (one node). The ETag handed to a reader is `W/"<seq>-<mac>"` with mac =
 * HMAC(secret, path key, seq, salt, the request's credential): only that credential can send
 * it back, so an exact match proves the poller was handed it by a read the application
 * authorised, and the 304 needs no lookup of who the poller is. A new entry (a change, or the
 * TTL after the last one) draws a new salt, which ends the 304s of anyone whose access ended
 * since they were handed theirs.
 * Writes are compare-and-set on the seq, so a slow reader can never store an older entry over
 * a newer one and cause stale 304s.
 */
@Injectable()
export class EtagCacheService implements OnModuleDestroy {
  private readonly logger = new Logger(EtagCacheService.name);
  private secret: Buffer = randomBytes(32);
  private readonly memory = new Map<string, EtagEntry & { expires: number }>();
  /**
   * ETags already computed: per path key, the entry state they were computed for and the ETag
   * of each credential. A poll finds its ETag with two lookups, without building the MAC's
   * input; at most ETAG_MEMO_MAX ETags are kept in all (then all are dropped).
   */
  private readonly etagMemo = new Map<string, { seq: number; salt: string; byScope: Map<string, string> }>();
  private etagMemoSize = 0;
  /** Writes that failed while Redis was away, retried when it is back (key -> entry). */
  private readonly retry = new Map<string, EtagEntry>();
  private retryTimer: NodeJS.Timeout | null = null;

  /**
   * Redis mode: the entries the tracking connection read, each kept until Redis pushes its
   * invalidation (the key changed, expired or was evicted) or the connection drops. A repeated
   * poll then needs no round trip, as a poll of the memory cache.
   */
  private readonly mirror = new Map<string, EtagEntry & { expires: number }>();
  /** Reads in flight per Redis key; an invalidation meanwhile marks the read stale (not mirrored) and unshares it. */
  private readonly filling = new Map<string, Fill>();
  /** The mirror is used only while the tracking connection is up (invalidations lost while it was down). */
  private mirrorOn = false;

  /**
   * @param redis the command connection (CAS writes, the shared secret), null in memory mode
   * @param tracked a connection with client tracking on (`RedisConnections.etagRead`) for the
   *   reads; without it every poll reads Redis
   */
  constructor(
    private readonly redis: RedisClient | null,
    private readonly tracked: RedisClient | null = null,
  ) {}

  /** Where ETags are kept (the cache metrics' `source` label). */
  get source(): 'memory' | 'redis' {
    return this.redis ? 'redis' : 'memory';
  }

  /** Redis mode: every node must derive the same ETag, so the secret is shared through Redis. */
  async init(): Promise<void> {
    if (!this.redis) return;
    const key = `${REDIS_PREFIX}etag:secret`;
    await this.redis.set(key, randomBytes(32).toString('hex'), { condition: 'NX' });
    const hex = await this.redis.get(key);
    if (!hex) throw new Error('could not read the shared ETag secret from Redis');
    this.secret = Buffer.from(hex, 'hex');
    this.redis.on('ready', () => void this.flushRetries());
    const t = this.tracked;
    if (!t) return;
    t.on('invalidate', (key: string | Buffer | null) => (key === null ? this.dropMirror() : this.forget(String(key))));
    // Invalidations sent while the connection was down are lost: start over on every (re)connect
    t.on('ready', () => {
      this.dropMirror();
      this.mirrorOn = true;
    });
    t.on('error', () => this.dropMirror());
    t.on('end', () => this.dropMirror());
    this.mirrorOn = t.isReady;
  }

  /** The ETag of a polled path's entry for one credential (poll-scope.ts). */
  etagOf(key: PollKey, entry: EtagEntry, scope: string): string {
    const k = keyString(key);
    // A poller asks for the same (path, state, credential) every few seconds: the MAC is
    // computed once per state and credential, not on every 304 (a pure function of its input)
    let memo = this.etagMemo.get(k);
    if (memo && (memo.seq !== entry.seq || memo.salt !== entry.salt)) {
      this.etagMemoSize -= memo.byScope.size;
      memo = undefined;
    }
    const known = memo?.byScope.get(scope);
    if (known !== undefined) return known;
    const mac = createHmac('sha256', this.secret).update(`${k}\n${entry.seq}\n${entry.salt}\n${scope}`).digest('base64url').slice(0, 16);
    const etag = `W/"${entry.seq}-${mac}"`;
    if (this.etagMemoSize >= ETAG_MEMO_MAX) {
      this.etagMemo.clear();
      this.etagMemoSize = 0;
      memo = undefined;
    }
    if (!memo) {
      memo = { seq: entry.seq, salt: entry.salt, byScope: new Map() };
      this.etagMemo.set(k, memo);
    }
    memo.byScope.set(scope, etag);
    this.etagMemoSize++;
    return etag;
  }

  /** The current entry of a polled path, or null if unknown (the app then answers and primes it). */
  async lookup(key: PollKey): Promise<EtagEntry | null> {
    return this.peek(key);
  }

  /**
   * `lookup` without a promise where none is needed: in memory mode, and with Redis when the
   * mirror holds the key, the entry itself (the 304 path answers in the same tick); otherwise a
   * promise of it.
   */
  peek(key: PollKey): EtagEntry | null | Promise<EtagEntry | null> {
    const k = keyString(key);
    if (!this.redis) return fresh(this.memory, k);
    const rk = ETAG_KEY + k;
    if (this.mirrorOn) {
      const hit = fresh(this.mirror, rk);
      if (hit) return hit;
      // Pollers of one issue that miss together share one read
      const inFlight = this.filling.get(rk);
      if (inFlight) return inFlight.read;
    }
    return this.read(rk);
  }
  /**
   * The ETag a polled endpoint hands to the request it answers: the issue at `seq` (read with
   * the row the answer shows), bound to the request's credential. Primes the cache.
   */
  async handOut(key: PollKey, seq: number, scope: string): Promise<string> {
    const [entry] = await this.remember([key], seq);
    return this.etagOf(key, entry!, scope);
  }

  /** Commit listener: moves the entries of every issue a transaction changed to its new seq. */
  async onCommit(events: readonly BusEvent[]): Promise<void> {
    const latest = new Map<number, BusEvent>();
    for (const e of events) {
      if (e.noteableType !== 'Issue') continue;
      const prev = latest.get(e.noteableId);
      if (!prev || prev.event.seq < e.event.seq) latest.set(e.noteableId, e);
    }
    await Promise.all([...latest.values()].map((e) => this.remember(keysOf(e.event.issue), e.event.seq)));
  }

  onModuleDestroy(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  /** Records that the paths' issue is at `seq`; returns the entries the store holds afterwards, in order. */
  private async remember(keys: readonly PollKey[], seq: number): Promise<EtagEntry[]> {
    const ks = keys.map(keyString);
    const entry = { seq, salt: randomBytes(9).toString('base64url') };
    if (!this.redis) return ks.map((k) => this.setMemory(k, entry));
    try {
      const stored = await this.casRedis(ks, entry);
      // This node's next poll reads the new entry, without waiting for the invalidation push
      for (const k of ks) this.forget(ETAG_KEY + k);
      return ks.map((_, i) => stored[i] ?? entry);
    } catch (err) {
      this.logger.warn({ err: String(err) }, 'ETag cache write failed; will retry');
      for (const k of ks) {
        const prev = this.retry.get(k);
        if (!prev || prev.seq < seq) this.retry.set(k, entry);
      }
      this.scheduleRetry();
      // Not stored: nothing can match it until it is, so the poller just gets a full answer
      return ks.map(() => entry);
    }
  }

  /** One GET of a polled path's entry, mirrored if no invalidation of the key arrived meanwhile. */
  private read(rk: string): Promise<EtagEntry | null> {
    // A hung Redis must not hold the poll: the caller answers from the database instead
    const reply = bounded((this.tracked ?? this.redis!).get(rk)).then(parseEntry);
    if (!this.mirrorOn) return reply;
    const fill: Fill = { stale: false, read: reply };
    this.filling.set(rk, fill);
    const done = () => {
      if (this.filling.get(rk) === fill) this.filling.delete(rk);
    };
    reply.then((entry) => {
      done();
      // Redis answers a read before it pushes the invalidation of a later change, but both can
      // reach this process in one chunk: a read invalidated meanwhile is not kept
      if (!entry || fill.stale || !this.mirrorOn) return;
      if (!this.mirror.has(rk) && this.mirror.size >= MEMORY_MAX_KEYS) this.mirror.delete(this.mirror.keys().next().value!);
      this.mirror.set(rk, { ...entry, expires: Date.now() + TTL_MS });
    }, done);
    return reply;
  }

  /** Drops a Redis key from the mirror; a read of it in flight is not mirrored. */
  private forget(rk: string): void {
    this.mirror.delete(rk);
    const fill = this.filling.get(rk);
    if (fill) {
      fill.stale = true;
      this.filling.delete(rk);
    }
  }

  private dropMirror(): void {
    this.mirrorOn = false;
    this.mirror.clear();
    for (const fill of this.filling.values()) fill.stale = true;
    this.filling.clear();
  }

  private setMemory(k: string, entry: EtagEntry): EtagEntry {
    const cur = this.memory.get(k);
    if (cur && cur.seq >= entry.seq && cur.expires >= Date.now()) return cur;
    if (!cur && this.memory.size >= MEMORY_MAX_KEYS) this.memory.delete(this.memory.keys().next().value!);
    const stored = { ...entry, expires: Date.now() + TTL_MS };
    this.memory.set(k, stored);
    return stored;
  }

  private async casRedis(keys: string[], entry: EtagEntry): Promise<Array<EtagEntry | null>> {
    // One EVAL: the compare and the set are atomic on the server
    const out = await bounded(
      this.redis!.eval(CAS_SCRIPT, {
        keys: keys.map((k) => ETAG_KEY + k),
        arguments: [String(entry.seq), entry.salt, String(TTL_MS)],
      }),
    );
    return (Array.isArray(out) ? out : []).map((v) => parseEntry(typeof v === 'string' ? v : null));
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flushRetries();
    }, 500);
    this.retryTimer.unref();
  }

  private async flushRetries(): Promise<void> {
    if (!this.retry.size || !this.redis) return;
    const pending = [...this.retry.entries()];
    this.retry.clear();
    for (const [k, v] of pending) {
      try {
        await this.casRedis([k], v);
      } catch {
        const prev = this.retry.get(k);
        if (!prev || prev.seq < v.seq) this.retry.set(k, v);
      }
    }
    if (this.retry.size) this.scheduleRetry();
  }
}

/** A read of one key in flight (Redis mode). */
interface Fill {
  stale: boolean;
  read: Promise<EtagEntry | null>;
}

/** The unexpired entry of `k` in a local map, or null (an expired one is dropped). */
function fresh(map: Map<string, EtagEntry & { expires: number }>, k: string): EtagEntry | null {
  const hit = map.get(k);
  if (!hit) return null;
  if (hit.expires < Date.now()) {
    map.delete(k);
    return null;
  }
  return hit;
}

/** "<seq> <salt>" as Redis holds it. */
function parseEntry(v: string | null): EtagEntry | null {
  if (!v) return null;
  const sp = v.indexOf(' ');
  if (sp <= 0) return null;
  const seq = Number(v.slice(0, sp));
  return Number.isSafeInteger(seq) ? { seq, salt: v.slice(sp + 1) } : null;
}
