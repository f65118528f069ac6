import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The spam check's captcha flow: a spam log is also written when a write is flagged (its
 * kind, where it came from, why, the secret its challenge is signed with, and whether a
 * solved captcha let the write through: recaptcha_verified, GitLab's column). Incident metric
 * images (a file, an optional link and its text).
 */
export class SpamCaptchaMetricImages1795638955303 implements MigrationInterface {
  name = 'SpamCaptchaMetricImages1795638955303';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE spam_logs
      ADD COLUMN noteable_type varchar(20),
      ADD COLUMN via_api boolean NOT NULL DEFAULT false,
      ADD COLUMN source_ip varchar(64),
      ADD COLUMN user_agent text,
      ADD COLUMN reason text,
      ADD COLUMN captcha_secret varchar(64),
      ADD COLUMN recaptcha_verified boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE TABLE issue_metric_images (
      id serial PRIMARY KEY,
      issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
      file_secret varchar(32) NOT NULL,
      file_name varchar(200) NOT NULL,
      url text,
      url_text varchar(128),
      author_id integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX issue_metric_images_issue ON issue_metric_images (issue_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE issue_metric_images');
    await q.query(`ALTER TABLE spam_logs DROP COLUMN noteable_type, DROP COLUMN via_api, DROP COLUMN source_ip, DROP COLUMN user_agent,
      DROP COLUMN reason, DROP COLUMN captcha_secret, DROP COLUMN recaptcha_verified`);
  }
}
