import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';

/** Events deleted per statement: short transactions, so no lock is held for long. */
const BATCH = 1000;
const EVERY_MS = 10 * 60_000;
/** The first pass, this long after boot (not at once: boot is busy; not a whole interval: a node restarted often would never prune). */
export const FIRST_RUN_MS = 30_000;

/**
 * Retention (ERROR_EVENT_RETENTION_DAYS): events received before the cutoff are deleted in
 * batches of BATCH rows, each its own short statement, except the newest event of each error,
 * which is always kept (the error's stack trace). Errors, their counts and users stay. Runs 30 s
 * after boot and every ten minutes after that (unref'd timers: they never keep a process alive);
 * `prune()` runs one pass (tests, ops).
 */
@Injectable()
export class ErrorRetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ErrorRetention');
  private first: ReturnType<typeof setTimeout> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    const pass = (): void => void this.prune().catch((err: unknown) => this.logger.warn({ err }, 'error event pruning failed'));
    this.first = setTimeout(pass, FIRST_RUN_MS);
    this.first.unref();
    this.timer = setInterval(pass, EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.first) clearTimeout(this.first);
    if (this.timer) clearInterval(this.timer);
    this.first = null;
    this.timer = null;
  }

  /** One pass: batches until none is left; the number of events deleted. */
  async prune(now = new Date()): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const cutoff = new Date(now.getTime() - this.config.ERROR_EVENT_RETENTION_DAYS * 86_400_000);
      let total = 0;
      for (;;) {
        const [, n] = (await this.ds.query(
          `DELETE FROM error_tracking_error_events d USING (
             SELECT e.id FROM error_tracking_error_events e
             WHERE e.received_at < $1
               AND EXISTS (SELECT 1 FROM error_tracking_error_events n WHERE n.error_id = e.error_id AND (n.occurred_at, n.id) > (e.occurred_at, e.id))
             LIMIT $2) x
           WHERE d.id = x.id`,
          [cutoff, BATCH],
        )) as [unknown, number];
        total += n;
        if (n < BATCH) return total;
        // Let other work in between batches
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      this.running = false;
    }
  }
}
