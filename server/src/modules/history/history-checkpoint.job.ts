import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { NoteableType } from '@tandem/shared-types';
import { returnedRows } from '../../core/database/returned-rows';
import { JobQueue, type Job } from '../../core/jobs/job-queue';
import { EventLogService, SEQ_TABLE } from '../../core/realtime/event-log.service';
import type { BusEvent } from '../../core/realtime/event-bus';
import { HistoryStore } from './history.store';

export const HISTORY_CHECKPOINT_QUEUE = 'history-checkpoint';
const BOOT_SWEEP_DELAY_MS = 10_000;

interface Payload {
  noteable_type: NoteableType;
  noteable_id: number;
}

/**
 * History checkpoints are written in the background (issue #26, docs/decisions.md, History):
 * after a commit whose events reach a checkpoint seq, this node writes a 'history-checkpoint'
 * job (a statement of its own, after the writer's transaction: never a second write in it) and
 * kicks the queue; the job replays from the last checkpoint kept and keeps the new ones
 * (HistoryStore.writeCheckpoints). A job lost with its node, and logs from before this job,
 * are found by the sweep at boot and before each prune. So a read, even the first open of a
 * long issue, replays at most HISTORY_CHECKPOINT_EVERY - 1 events once the job has run.
 */
@Injectable()
export class HistoryCheckpointJob implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(HistoryCheckpointJob.name);
  private bootSweep: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: HistoryStore,
    private readonly jobs: JobQueue,
    private readonly log: EventLogService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  onModuleInit(): void {
    this.jobs.register<Payload>(HISTORY_CHECKPOINT_QUEUE, (job) => this.run(job), { maxAttempts: 10 });
    this.log.onCommit((batch) => this.afterCommit(batch));
    // Before each prune (the compaction's pass): a job a dead node never wrote is written now; a failure does not stop the prune
    this.log.onBeforePrune(() => this.sweep().then(() => undefined, (err: unknown) => this.logger.warn({ err }, 'history checkpoint sweep failed')));
  }

  onApplicationBootstrap(): void {
    // Once the node has settled (not in the boot's own work); a node stopped sooner leaves it to the next
    this.bootSweep = setTimeout(() => {
      this.bootSweep = null;
      void this.sweep().catch((err: unknown) => this.logger.warn({ err }, 'history checkpoint sweep failed'));
    }, BOOT_SWEEP_DELAY_MS);
    this.bootSweep.unref();
  }

  onApplicationShutdown(): void {
    if (this.bootSweep) clearTimeout(this.bootSweep);
  }

  private async run(job: Job<Payload>): Promise<void> {
    const { noteable_type: type, noteable_id: id } = job.payload;
    if (!(type in SEQ_TABLE) || !Number.isSafeInteger(id)) return;
    await this.store.writeCheckpoints({ type, id });
  }

  /** The noteables whose events in this commit reached a checkpoint seq get a job (one statement each, rare: one per HISTORY_CHECKPOINT_EVERY events). */
  private async afterCommit(batch: readonly BusEvent[]): Promise<void> {
    const every = this.store.checkpointEvery;
    const due = new Map<string, Payload>();
    for (const b of batch) {
      if (b.event.seq % every === 0) due.set(`${b.noteableType}:${b.noteableId}`, { noteable_type: b.noteableType, noteable_id: b.noteableId });
    }
    if (!due.size) return;
    for (const p of due.values()) await this.enqueue(p);
    this.jobs.kick();
  }

  /** A job for `p`, unless one not yet claimed is waiting (a claimed one may have read the head before this commit). */
  private async enqueue(p: Payload): Promise<void> {
    await this.ds.query(
      `INSERT INTO background_jobs (queue, payload) SELECT $1::text, $2::jsonb
       WHERE NOT EXISTS (SELECT 1 FROM background_jobs WHERE queue = $1::text AND state = 'pending' AND attempts = 0 AND payload = $2::jsonb)`,
      [HISTORY_CHECKPOINT_QUEUE, JSON.stringify(p)],
    );
  }

  /**
   * Jobs for every noteable whose last checkpoint seq is kept neither as a checkpoint nor under
   * its compacted snapshot, and has no job waiting; returns how many were queued.
   */
  async sweep(): Promise<number> {
    const every = this.store.checkpointEvery;
    let queued = 0;
    for (const [type, table] of Object.entries(SEQ_TABLE) as Array<[NoteableType, string]>) {
      const rows = returnedRows<{ id: string }>(await this.ds.query(
        `INSERT INTO background_jobs (queue, payload)
         SELECT $1::text, jsonb_build_object('noteable_type', $2::text, 'noteable_id', t.id) FROM ${table} t
         WHERE t.event_seq >= $3::int
           AND NOT EXISTS (SELECT 1 FROM history_checkpoints c WHERE c.noteable_type = $2::text AND c.noteable_id = t.id AND c.seq = t.event_seq / $3::int * $3::int)
           AND NOT EXISTS (SELECT 1 FROM history_snapshots s WHERE s.noteable_type = $2::text AND s.noteable_id = t.id AND s.seq >= t.event_seq / $3::int * $3::int)
           AND NOT EXISTS (SELECT 1 FROM background_jobs j WHERE j.queue = $1::text AND j.state = 'pending' AND j.attempts = 0
                             AND j.payload = jsonb_build_object('noteable_type', $2::text, 'noteable_id', t.id))
         RETURNING id`,
        [HISTORY_CHECKPOINT_QUEUE, type, every],
      ));
      queued += rows.length;
    }
    if (queued) {
      this.logger.log(`queued history checkpoints for ${queued} noteables`);
      this.jobs.kick();
    }
    return queued;
  }
}
