import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Service Desk: the project setting (GitLab's service_desk_enabled, off by default), the
 * external author of an issue made from a mail (issues.service_desk_reply_to), and the Support
 * Bot those issues are authored by: users.user_type marks it (GitLab's user_type support_bot);
 * it has no password, so it cannot sign in, and the auth service refuses bot users anyway.
 */
export class ServiceDesk1795640200000 implements MigrationInterface {
  name = 'ServiceDesk1795640200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects ADD COLUMN service_desk_enabled boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE issues ADD COLUMN service_desk_reply_to varchar(255)`);
    await q.query(`ALTER TABLE users ADD COLUMN user_type varchar(32)`);
    await q.query(
      `INSERT INTO users (username, name, email, user_type, is_admin, state)
       SELECT 'support-bot', 'Support Bot', 'support-bot@noreply.tandem.local', 'support_bot', false, 'active'
       WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = 'support-bot')`,
    );
    await q.query(`UPDATE users SET user_type = 'support_bot', password_hash = NULL WHERE lower(username) = 'support-bot'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE issues SET author_id = NULL WHERE author_id IN (SELECT id FROM users WHERE user_type = 'support_bot')`);
    await q.query(`DELETE FROM users WHERE user_type = 'support_bot'`);
    await q.query(`ALTER TABLE users DROP COLUMN user_type`);
    await q.query(`ALTER TABLE issues DROP COLUMN service_desk_reply_to`);
    await q.query(`ALTER TABLE projects DROP COLUMN service_desk_enabled`);
  }
}
