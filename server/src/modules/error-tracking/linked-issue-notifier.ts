import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ERROR_TRACKING } from '@tandem/shared-types';
import { EventLogService } from '../../core/realtime/event-log.service';

/**
 * Tells the page of the issue made from an error (its stack trace card) that the error changed:
 * an `issue.error_tracking` event through the one event writer, with the error's status, count,
 * users and last seen. Ingest may change an error many times a second; its issue hears at most
 * once per ERROR_TRACKING.issueEventMinMs (the last state wins), so a burst of events costs the
 * issue one event row, not one per error event. A status change is told at once.
 */
@Injectable()
export class LinkedIssueNotifier implements OnApplicationShutdown {
  private readonly logger = new Logger(LinkedIssueNotifier.name);
  private readonly lastSent = new Map<number, number>();
  private readonly due = new Set<number>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly events: EventLogService,
  ) {}

  /** From ingest: throttled per error. */
  errorChanged(errorId: number): void {
    const wait = (this.lastSent.get(errorId) ?? 0) + ERROR_TRACKING.issueEventMinMs - Date.now();
    if (wait <= 0 && !this.due.has(errorId)) {
      void this.send(errorId);
      return;
    }
    this.due.add(errorId);
    if (!this.timer) this.timer = setTimeout(() => this.flush(), Math.max(wait, 50));
  }

  onApplicationShutdown(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    this.timer = null;
    const ids = [...this.due];
    this.due.clear();
    for (const id of ids) void this.send(id);
  }

  /** Records the event now (a status change; or a throttled ingest change whose turn came). */
  async send(errorId: number): Promise<void> {
    this.lastSent.set(errorId, Date.now());
    if (this.lastSent.size > 10_000) this.lastSent.clear();
    try {
      const [r] = (await this.ds.query(
        `SELECT e.id, e.status, e.events_count, e.users_count, e.last_seen_at, i.id AS issue_id, i.iid, p.full_path
         FROM error_tracking_errors e JOIN issues i ON i.id = e.issue_id JOIN projects p ON p.id = i.project_id WHERE e.id = $1`,
        [errorId],
      )) as Array<{ id: string; status: 'unresolved' | 'resolved' | 'ignored'; events_count: string; users_count: string; last_seen_at: Date | string; issue_id: number; iid: number; full_path: string }>;
      if (!r) return;
      const ref = { id: Number(r.issue_id), iid: Number(r.iid), project_path: r.full_path };
      await this.events.transaction((tx) =>
        tx.record({ type: 'Issue', id: ref.id, ref }, 'issue.error_tracking', { error_id: Number(r.id), status: r.status, count: Number(r.events_count), user_count: Number(r.users_count), last_seen: new Date(r.last_seen_at).toISOString() }, null),
      );
    } catch (err) {
      this.logger.warn({ err, errorId }, 'could not tell the linked issue');
    }
  }
}
