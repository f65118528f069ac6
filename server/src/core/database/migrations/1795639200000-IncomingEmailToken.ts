import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GitLab's users.incoming_email_token: the secret part of each user's issue email addresses
 * (incoming+{project slug}-{project id}-{token}-issue-{iid}@…), made on first use.
 */
export class IncomingEmailToken1795639200000 implements MigrationInterface {
  name = 'IncomingEmailToken1795639200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN incoming_email_token varchar(32)`);
    await q.query(`CREATE UNIQUE INDEX users_incoming_email_token ON users (incoming_email_token)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN incoming_email_token`);
  }
}
