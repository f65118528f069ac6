import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A user status's emoji and when it clears itself (GitLab's user_statuses.emoji, clear_status_at). */
export class UserStatusEmoji1795650000002 implements MigrationInterface {
  name = 'UserStatusEmoji1795650000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_statuses ADD COLUMN emoji varchar(128), ADD COLUMN clear_status_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_statuses DROP COLUMN emoji, DROP COLUMN clear_status_at`);
  }
}
