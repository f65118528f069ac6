import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Replies by mail from a Service Desk issue's external author: each such issue gets a secret
 * reply key (its mails' Reply-To is the incoming address with that key), and outgoing mail keeps
 * its Reply-To so a retried message carries it too.
 */
export class ServiceDeskReplies1795640600000 implements MigrationInterface {
  name = 'ServiceDeskReplies1795640600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE issues ADD COLUMN service_desk_reply_key varchar(32)`);
    await q.query(`CREATE UNIQUE INDEX issues_service_desk_reply_key ON issues (service_desk_reply_key) WHERE service_desk_reply_key IS NOT NULL`);
    await q.query(`ALTER TABLE outbox_emails ADD COLUMN reply_to varchar(255)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_emails DROP COLUMN reply_to`);
    await q.query(`DROP INDEX issues_service_desk_reply_key`);
    await q.query(`ALTER TABLE issues DROP COLUMN service_desk_reply_key`);
  }
}
