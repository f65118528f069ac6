import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** What a handler gets: the job's payload as stored, and which try this is (1 on the first). */
export interface Job<P = unknown> {
  id: number;
  queue: string;
  payload: P;
  attempts: number;
}

export interface QueueOptions {
  /** Tries before the job is marked failed (kept, with its last error). */
  maxAttempts?: number;
  /** Seconds before the first retry; doubled each time, at most an hour. */
  retryBaseSeconds?: number;
}

type Handler = (job: Job) => Promise<void>;

/** Thrown by a handler that decides its own next try (the mail outbox's doubling delay); not counted against maxAttempts. */
export class RetryJobLater extends Error {
  constructor(
    readonly seconds: number,
    message: string,
  ) {
    super(message);
  }
}

/** How long a node holds a job it runs before another may take it (a node that died mid-job). */
const LEASE_SQL = "now() + interval '10 minutes'";
const BATCH = 20;

/**
 * The one job mechanism (STYLE.md, background work): a job is a `background_jobs` row,
 * written first (by a caller's statement, or by a trigger in the same statement as the event
 * it follows), then claimed by whichever node asks first (FOR UPDATE SKIP LOCKED, then leased
 * through run_at), run by its queue's handler, deleted when it succeeds, retried with a
 * doubling delay when it throws, and marked failed after its queue's maxAttempts. Every node
 * polls every JOBS_POLL_SECONDS; `kick` runs a round at once (after a commit that wrote jobs).
 * No LISTEN/NOTIFY and no second schema: the same SQL runs on Postgres and PGlite.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobQueue.name);
  private readonly handlers = new Map<string, { run: Handler; opts: Required<QueueOptions> }>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private kicked: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A queue's handler: one per queue, registered at module init. */
  register<P>(queue: string, run: (job: Job<P>) => Promise<void>, opts: QueueOptions = {}): void {
    if (this.handlers.has(queue)) throw new Error(`job queue ${queue} has a handler already`);
    this.handlers.set(queue, { run: run as Handler, opts: { maxAttempts: opts.maxAttempts ?? 5, retryBaseSeconds: opts.retryBaseSeconds ?? 30 } });
  }

  onApplicationBootstrap(): void {
    const every = this.config.JOBS_POLL_SECONDS * 1000;
    if (every <= 0) return;
    this.timer = setInterval(() => void this.runDue(), every);
    this.timer.unref();
  }

  /** Writes a job (in the caller's transaction when `manager` is given); `kick` after its commit runs it at once. */
  async enqueue(queue: string, payload: unknown, manager: EntityManager = this.ds.manager): Promise<void> {
    await manager.query('INSERT INTO background_jobs (queue, payload) VALUES ($1, $2::jsonb)', [queue, JSON.stringify(payload)]);
  }

  /**
   * Runs a claim round soon, off the caller's path: after JOBS_KICK_DELAY_MS, so the response
   * of the request that wrote the job is on the wire before its work starts (an immediate round
   * made a comment with 200 subscribers 1.4x slower, docs/benchmarks.md), and kicks in that
   * window share one round.
   */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.kicked) return;
    this.kicked = setTimeout(() => {
      this.kicked = null;
      void this.runDue();
    }, this.config.JOBS_KICK_DELAY_MS);
    this.kicked.unref();
  }

  /** Claims and runs the due jobs of the registered queues, round after round while a round found work; returns how many ran. */
  runDue(): Promise<number> {
    this.running ??= (async () => {
      let total = 0;
      for (;;) {
        this.again = false;
        const n = await this.claimAndRun();
        total += n;
        if (n < BATCH && !this.again) return total;
      }
    })().finally(() => (this.running = null));
    return this.running;
  }

  /** Runs rounds until no job is due (tests and tools wait on it). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      if (this.running) await this.running;
      const n = await this.runDue();
      total += n;
      if (n === 0) return total;
    }
  }

  private async claimAndRun(): Promise<number> {
    if (!this.handlers.size || this.stopped) return 0;
    let jobs: Job[];
    try {
      const rows = (await this.ds.query(
        `WITH claimed AS (
           UPDATE background_jobs SET run_at = ${LEASE_SQL}, attempts = attempts + 1
           WHERE id IN (SELECT id FROM background_jobs WHERE state = 'pending' AND queue = ANY($1::text[]) AND run_at <= now()
                        ORDER BY run_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
           RETURNING id, queue, payload, attempts)
         SELECT * FROM claimed ORDER BY id`,
        [[...this.handlers.keys()]],
      )) as Array<{ id: string | number; queue: string; payload: unknown; attempts: number }>;
      jobs = rows.map((r) => ({ id: Number(r.id), queue: r.queue, payload: r.payload, attempts: Number(r.attempts) }));
    } catch (err) {
      this.logger.warn({ err }, 'job claim failed');
      return 0;
    }
    for (const job of jobs) await this.run(job);
    return jobs.length;
  }

  private async run(job: Job): Promise<void> {
    const h = this.handlers.get(job.queue)!;
    try {
      await h.run(job);
      await this.ds.query('DELETE FROM background_jobs WHERE id = $1', [job.id]);
    } catch (err) {
      const own = err instanceof RetryJobLater;
      const gaveUp = !own && job.attempts >= h.opts.maxAttempts;
      const delay = own ? err.seconds : Math.min(3600, h.opts.retryBaseSeconds * 2 ** (job.attempts - 1));
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      await this.ds
        .query(
          `UPDATE background_jobs SET last_error = $2,
             state = CASE WHEN $3::boolean THEN 'failed' ELSE 'pending' END,
             finished_at = CASE WHEN $3::boolean THEN now() ELSE NULL END,
             run_at = CASE WHEN $3::boolean THEN run_at ELSE now() + make_interval(secs => $4::float8) END
           WHERE id = $1`,
          [job.id, reason, gaveUp, delay],
        )
        .catch((e: unknown) => this.logger.warn({ err: e }, 'job state update failed'));
      if (gaveUp) this.logger.error({ err, jobId: job.id, queue: job.queue, attempts: job.attempts }, 'job failed for good; marked failed');
      else {
        if (!own) this.logger.warn({ err, jobId: job.id, queue: job.queue, attempts: job.attempts, retryInSeconds: delay }, 'job failed; it will be retried');
        this.wakeIn(delay);
      }
    }
  }

  /** A retry due sooner than the next poll gets its own round on this node. */
  wakeIn(seconds: number): void {
    const ms = Math.max(0, seconds * 1000);
    const poll = this.config.JOBS_POLL_SECONDS * 1000;
    if (this.stopped || (poll > 0 && ms >= poll)) return;
    const t = setTimeout(() => this.kick(), ms + 5);
    t.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.kicked) clearTimeout(this.kicked);
    await this.running;
  }
}
