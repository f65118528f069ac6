import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ERROR_TRACKING_TEXTS } from '@tandem/shared-types';
import { ErrorsChannel } from '../../../core/realtime/errors-channel';
import { LinkedIssueNotifier } from '../linked-issue-notifier';
import { IngestDb } from './ingest-db';
import { IngestError } from './sentry-protocol';
import type { NormalizedEvent } from './sentry-event';

interface Pending {
  projectId: number;
  event: NormalizedEvent;
}

/** An error row a batch touched. */
interface Upserted {
  id: string | number;
  project_id: number;
  fingerprint: string;
  issue_id: number | null;
}

/** One request's events and its SDK's answer, given once the batch holding them has committed. */
interface Waiting {
  projectId: number;
  events: readonly NormalizedEvent[];
  done: (err?: unknown) => void;
}

/** Events written per transaction, at most (a request's events are never split). */
const BATCH = 500;
/** Accepted events not yet written; past it new ones get 503 with Retry-After (backpressure, not memory growth). */
const MAX_PENDING = 20_000;
/** A failed write is tried once more after this long (a deadlock, a dropped connection) before its requests get 503. */
const RETRY_MS = 250;

/**
 * A batch's write: ONE statement, so one round trip and its own (implicit) transaction with a
 * synchronous commit (the SDK is answered after it; what was answered 200 survives a crash).
 * `known` locks the batch's existing errors first, in (project, fingerprint) order, so two
 * writers (of this node or another) never deadlock on them and every user row is inserted under
 * its error's lock; users of errors that exist are inserted before the upsert (ON CONFLICT DO
 * NOTHING tells which are new), so it adds their number to users_count in the same statement; a
 * new error's users are all new. Prepared once per connection (IngestDb): no planning per batch.
 */
const WRITE_NAME = 'tandem_error_ingest_write';
const WRITE_SQL = `WITH u AS (
     SELECT * FROM jsonb_to_recordset($3::jsonb) AS u(project_id int, fingerprint text, user_key text)
   ), known AS (
     SELECT e.id, e.project_id, e.fingerprint FROM error_tracking_errors e
     WHERE (e.project_id, e.fingerprint) IN (SELECT f.project_id, f.fingerprint FROM jsonb_to_recordset($1::jsonb) AS f(project_id int, fingerprint text))
     ORDER BY e.project_id, e.fingerprint
     FOR UPDATE OF e
   ), known_users AS (
     INSERT INTO error_tracking_error_users (error_id, user_key)
     SELECT k.id, u.user_key FROM u JOIN known k ON k.project_id = u.project_id AND k.fingerprint = u.fingerprint
     ON CONFLICT DO NOTHING RETURNING error_id
   ), up AS (
     INSERT INTO error_tracking_errors AS e (project_id, fingerprint, name, description, actor, platform, release, environment, events_count, users_count, first_seen_at, last_seen_at)
     SELECT x.project_id, x.fingerprint, x.name, x.description, x.actor, x.platform, x.release, x.environment, x.cnt,
       CASE WHEN EXISTS (SELECT 1 FROM known k WHERE k.project_id = x.project_id AND k.fingerprint = x.fingerprint)
         THEN (SELECT count(*) FROM known_users n JOIN known k ON k.id = n.error_id WHERE k.project_id = x.project_id AND k.fingerprint = x.fingerprint)
         ELSE (SELECT count(*) FROM u WHERE u.project_id = x.project_id AND u.fingerprint = x.fingerprint) END,
       x.first_at, x.last_at
     FROM jsonb_to_recordset($1::jsonb) AS x(project_id int, fingerprint text, name text, description text, actor text, platform text, release text, environment text, cnt bigint, first_at timestamptz, last_at timestamptz)
     ORDER BY x.project_id, x.fingerprint
     ON CONFLICT (project_id, fingerprint) DO UPDATE SET
       events_count = e.events_count + EXCLUDED.events_count,
       users_count = e.users_count + EXCLUDED.users_count,
       first_seen_at = LEAST(e.first_seen_at, EXCLUDED.first_seen_at),
       last_seen_at = GREATEST(e.last_seen_at, EXCLUDED.last_seen_at),
       name = CASE WHEN EXCLUDED.last_seen_at >= e.last_seen_at THEN EXCLUDED.name ELSE e.name END,
       description = CASE WHEN EXCLUDED.last_seen_at >= e.last_seen_at THEN EXCLUDED.description ELSE e.description END,
       actor = CASE WHEN EXCLUDED.last_seen_at >= e.last_seen_at THEN EXCLUDED.actor ELSE e.actor END,
       platform = COALESCE(EXCLUDED.platform, e.platform),
       release = CASE WHEN EXCLUDED.last_seen_at >= e.last_seen_at THEN COALESCE(EXCLUDED.release, e.release) ELSE e.release END,
       environment = CASE WHEN EXCLUDED.last_seen_at >= e.last_seen_at THEN COALESCE(EXCLUDED.environment, e.environment) ELSE e.environment END,
       status = CASE WHEN e.status = 'resolved' THEN 'unresolved' ELSE e.status END,
       updated_at = now()
     RETURNING e.id, e.project_id, e.fingerprint, e.issue_id
   ), new_users AS (
     INSERT INTO error_tracking_error_users (error_id, user_key)
     SELECT up.id, u.user_key FROM up JOIN u ON u.project_id = up.project_id AND u.fingerprint = up.fingerprint
     WHERE NOT EXISTS (SELECT 1 FROM known k WHERE k.id = up.id)
     ON CONFLICT DO NOTHING
   ), ev AS (
     INSERT INTO error_tracking_error_events (error_id, event_id, occurred_at, level, environment, release, payload)
     SELECT up.id, y.event_id, y.occurred_at, y.level, y.environment, y.release, y.payload
     FROM jsonb_to_recordset($2::jsonb) AS y(project_id int, fingerprint text, event_id text, occurred_at timestamptz, level text, environment text, release text, payload jsonb)
     JOIN up ON up.project_id = y.project_id AND up.fingerprint = y.fingerprint
   )
   SELECT id, project_id, fingerprint, issue_id FROM up`;

const overloaded = (): IngestError => new IngestError(503, ERROR_TRACKING_TEXTS.ingest.overloaded, { 'Retry-After': '1' });

/**
 * The ingest write path (docs/error-tracking.md), group commit: a request's events are
 * answered only after the statement holding them has committed, so a 200 is never lost. Up to
 * IngestDb.connections writes run at once on ingest's own connections (never the pool issue
 * writes use): accepted requests queue, and at the end of the event loop's turn (setImmediate)
 * a free connection takes everything queued (up to BATCH events): the requests read in one turn
 * share a statement, and while every connection is busy the queue grows, so batches grow with
 * the load. Writes of one error meet at its row lock (the next batch waits, ready, while the
 * previous one commits), so counts stay exact. A batch naming an error this node has not
 * written yet runs alone: two batches creating the same error at once could both count its
 * users as new. After the commit the waiting requests are answered, then the projects' error
 * lists and linked issues' pages told.
 */
@Injectable()
export class IngestWriter implements OnApplicationShutdown {
  private readonly logger = new Logger('ErrorIngest');
  private queue: Waiting[] = [];
  private queued = 0;
  private inFlight = 0;
  /** A pump is due at the end of this turn of the event loop. */
  private scheduled = false;
  /** Called when a write ends (drain waits on it). */
  private settled: Array<() => void> = [];
  /** `project:fingerprint` of errors this node has written: they exist (bounded; cleared when full). */
  private readonly seen = new Set<string>();
  private readonly paths = new Map<number, { path: string; at: number }>();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly db: IngestDb,
    private readonly channel: ErrorsChannel,
    private readonly issues: LinkedIssueNotifier,
  ) {}

  /**
   * Writes a request's events; resolves once they are committed. Throws 503 (with Retry-After)
   * at once when the writer is that far behind, or once the write failed twice (nothing kept:
   * the SDK was not told it was stored).
   */
  accept(projectId: number, events: readonly NormalizedEvent[]): Promise<void> {
    if (this.queued + events.length > MAX_PENDING) throw overloaded();
    if (!events.length) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ projectId, events, done: (err) => (err === undefined ? resolve() : reject(err)) });
      this.queued += events.length;
      this.schedule();
    });
  }

  /** Resolves when everything accepted so far is written (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.inFlight || this.queue.length) await new Promise<void>((r) => this.settled.push(r));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.drain().catch((err: unknown) => this.logger.error({ err }, 'error events write failed at shutdown'));
    await this.db.close();
  }

  /**
   * Starts the writes at the end of this turn of the event loop (setImmediate: after the poll
   * phase), not at once: every request whose body this turn read joins the same batch, so
   * requests arriving together share one statement even when a connection is free, and no
   * timer is waited on.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** Starts writes while connections are free and requests wait. */
  private pump(): void {
    while (this.queue.length && this.inFlight < this.db.connections) {
      const taken = this.take();
      if (!taken.length) return;
      this.inFlight += 1;
      void this.run(taken);
    }
  }

  /** A write ended: the next may start; drain's waiters look again. */
  private ended(): void {
    this.inFlight -= 1;
    this.schedule();
    const waiting = this.settled;
    this.settled = [];
    for (const r of waiting) r();
  }

  /** The next batch: queued requests in order, up to BATCH events; with a write in flight, none naming an error not seen yet. */
  private take(): Waiting[] {
    const taken: Waiting[] = [];
    let n = 0;
    while (this.queue.length && (n === 0 || n + this.queue[0]!.events.length <= BATCH)) {
      const w = this.queue[0]!;
      if (this.inFlight > 0 && w.events.some((e) => !this.seen.has(`${w.projectId}:${e.fingerprint}`))) break;
      this.queue.shift();
      taken.push(w);
      n += w.events.length;
    }
    return taken;
  }

  private async run(taken: readonly Waiting[]): Promise<void> {
    const batch: Pending[] = taken.flatMap((w) => w.events.map((event) => ({ projectId: w.projectId, event })));
    let written: Upserted[] | null = null;
    for (let attempt = 0; attempt < 2 && !written; attempt++) {
      try {
        written = await this.write(batch);
      } catch (err) {
        this.logger.error({ err, events: batch.length, attempt }, 'error events write failed');
        if (attempt === 0) await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
    this.queued -= batch.length;
    if (written) {
      if (this.seen.size > 100_000) this.seen.clear();
      for (const r of written) this.seen.add(`${r.project_id}:${r.fingerprint}`);
    }
    // Committed: the SDKs get their 200 now; not committed: 503, and the SDK keeps its event
    for (const w of taken) w.done(written ? undefined : overloaded());
    this.ended();
    if (written) await this.notify(written).catch((err: unknown) => this.logger.warn({ err }, 'error list notification failed'));
  }

  private async notify(written: readonly Upserted[]): Promise<void> {
    const byProject = new Map<number, number[]>();
    for (const r of written) byProject.set(Number(r.project_id), [...(byProject.get(Number(r.project_id)) ?? []), Number(r.id)]);
    for (const [projectId, ids] of byProject) {
      const path = await this.projectPath(projectId);
      if (path) this.channel.errorsChanged(path, ids);
    }
    for (const r of written) if (r.issue_id !== null) this.issues.errorChanged(Number(r.id));
  }

  /** One transaction; the error rows it touched. */
  private async write(batch: readonly Pending[]): Promise<Upserted[]> {
    // One row per (project, fingerprint): an upsert may touch a row once per statement
    const groups = new Map<string, { projectId: number; latest: NormalizedEvent; count: number; first: Date; last: Date }>();
    for (const { projectId, event } of batch) {
      const k = `${projectId}:${event.fingerprint}`;
      const g = groups.get(k);
      if (!g) groups.set(k, { projectId, latest: event, count: 1, first: event.occurredAt, last: event.occurredAt });
      else {
        g.count += 1;
        if (event.occurredAt >= g.last) {
          g.last = event.occurredAt;
          g.latest = event;
        }
        if (event.occurredAt < g.first) g.first = event.occurredAt;
      }
    }
    const errorRows = [...groups.values()].map((g) => ({
      project_id: g.projectId,
      fingerprint: g.latest.fingerprint,
      name: g.latest.type,
      description: g.latest.value,
      actor: g.latest.culprit,
      platform: g.latest.platform,
      release: g.latest.release,
      environment: g.latest.environment,
      cnt: g.count,
      first_at: g.first.toISOString(),
      last_at: g.last.toISOString(),
    }));
    // Upserted in one order on every node: two nodes' writers lock the same errors in the same order (no deadlock)
    errorRows.sort((a, b) => a.project_id - b.project_id || (a.fingerprint < b.fingerprint ? -1 : a.fingerprint > b.fingerprint ? 1 : 0));
    const eventRows = batch.map(({ projectId, event: e }) => ({
      project_id: projectId,
      fingerprint: e.fingerprint,
      event_id: e.eventId,
      occurred_at: e.occurredAt.toISOString(),
      level: e.level,
      environment: e.environment,
      release: e.release,
      payload: e.payload,
    }));
    const users = [...new Map(batch.filter((p) => p.event.userKey).map((p) => [`${p.projectId}\u0000${p.event.fingerprint}\u0000${p.event.userKey}`, { project_id: p.projectId, fingerprint: p.event.fingerprint, user_key: p.event.userKey }])).values()];
    return (await this.db.query(WRITE_NAME, WRITE_SQL, [JSON.stringify(errorRows), JSON.stringify(eventRows), JSON.stringify(users)])) as Upserted[];
  }

  /** The project's path for its room, remembered for a minute (a renamed project's watchers rejoin). */
  private async projectPath(projectId: number): Promise<string | null> {
    const hit = this.paths.get(projectId);
    if (hit && Date.now() - hit.at < 60_000) return hit.path;
    const [r] = (await this.ds.query('SELECT full_path FROM projects WHERE id = $1', [projectId])) as Array<{ full_path: string }>;
    if (!r) return null;
    this.paths.set(projectId, { path: r.full_path, at: Date.now() });
    return r.full_path;
  }
}
