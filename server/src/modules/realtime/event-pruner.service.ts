import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { EventLogService } from '../../core/realtime/event-log.service';

/**
 * Deletes events older than EVENT_RETENTION_HOURS. Every node runs it (the DELETE is
 * idempotent); a subscriber whose `after` is older than what is left is told to refetch.
 */
@Injectable()
export class EventPrunerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EventPrunerService.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly log: EventLogService,
  ) {}

  get retentionMs(): number {
    return this.config.EVENT_RETENTION_HOURS * 3600_000;
  }

  onApplicationBootstrap(): void {
    // A tenth of the window, between 1 s and 1 h: short windows (tests) prune promptly
    const every = Math.min(3600_000, Math.max(1000, this.retentionMs / 10));
    this.timer = setInterval(() => void this.pruneNow(), every);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async pruneNow(): Promise<number> {
    try {
      const n = await this.log.prune(this.retentionMs);
      if (n) this.logger.log(`pruned ${n} events older than ${this.config.EVENT_RETENTION_HOURS} h`);
      return n;
    } catch (err) {
      this.logger.warn({ err }, 'event pruning failed');
      return 0;
    }
  }
}
