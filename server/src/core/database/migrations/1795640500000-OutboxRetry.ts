import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail that SMTP refused is kept and retried, not lost: an outbox row is 'pending' until the
 * SMTP server takes it ('smtp'), or 'failed' after MAIL_MAX_ATTEMPTS tries. next_attempt_at is
 * also the lease that keeps two nodes from sending the same message at once.
 */
export class OutboxRetry1795640500000 implements MigrationInterface {
  name = 'OutboxRetry1795640500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_delivered_by_check`);
    await q.query(`ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_delivered_by_check CHECK (delivered_by IN ('outbox', 'smtp', 'pending', 'failed'))`);
    await q.query(`ALTER TABLE outbox_emails ADD COLUMN attempts int NOT NULL DEFAULT 0, ADD COLUMN next_attempt_at timestamptz, ADD COLUMN last_error text`);
    await q.query(`CREATE INDEX outbox_emails_due ON outbox_emails (next_attempt_at) WHERE delivered_by = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX outbox_emails_due`);
    await q.query(`ALTER TABLE outbox_emails DROP COLUMN attempts, DROP COLUMN next_attempt_at, DROP COLUMN last_error`);
    await q.query(`UPDATE outbox_emails SET delivered_by = 'outbox' WHERE delivered_by IN ('pending', 'failed')`);
    await q.query(`ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_delivered_by_check`);
    await q.query(`ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_delivered_by_check CHECK (delivered_by IN ('outbox', 'smtp'))`);
  }
}
