import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';

/** Events deleted per statement: short transactions, so no lock is held for long. */
const BATCH = 1000;
const EVERY_MS = 10 * 60_000;

/**
 * Retention (ERROR_EVENT_RETENTION_DAYS): events received before the cutoff are deleted in
 * batches of BATCH rows, each its own short statement, except the newest event of each error,
 * which is always kept (the error's stack trace). Errors, their counts and users stay. Runs at
 * boot and every ten minutes; `prune()` runs one pass (tests, ops).
 */
@Injectable()
export class ErrorRetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ErrorRetention');
  private timer: ReturnType<typeof setInterval> | null = null;
  private running = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.prune().catch((err: unknown) => this.logger.warn({ err }, 'error event pruning failed')), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
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
