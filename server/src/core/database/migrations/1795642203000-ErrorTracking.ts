import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Integrated error tracking (issue #22): the project's setting, its client keys (the DSN's
 * public key), errors grouped by fingerprint, their events (pruned by age, the newest per error
 * kept), the users each error affected, and the issue an error was turned into.
 */
export class ErrorTracking1795642203000 implements MigrationInterface {
  name = 'ErrorTracking1795642203000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE error_tracking_settings (
      project_id int PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
      active boolean NOT NULL DEFAULT false,
      integrated boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE error_tracking_client_keys (
      id serial PRIMARY KEY,
      project_id int NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      public_key text NOT NULL UNIQUE,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX error_tracking_client_keys_project ON error_tracking_client_keys (project_id, id)`);
    await q.query(`CREATE TABLE error_tracking_errors (
      id bigserial PRIMARY KEY,
      project_id int NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      fingerprint text NOT NULL,
      name text NOT NULL,
      description text,
      actor text,
      platform text,
      release text,
      environment text,
      status text NOT NULL DEFAULT 'unresolved' CHECK (status IN ('unresolved', 'resolved', 'ignored')),
      events_count bigint NOT NULL DEFAULT 0,
      users_count bigint NOT NULL DEFAULT 0,
      first_seen_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      issue_id int REFERENCES issues(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, fingerprint)
    )`);
    await q.query(`CREATE INDEX error_tracking_errors_list ON error_tracking_errors (project_id, status, last_seen_at DESC, id DESC)`);
    await q.query(`CREATE INDEX error_tracking_errors_issue ON error_tracking_errors (issue_id) WHERE issue_id IS NOT NULL`);
    await q.query(`CREATE TABLE error_tracking_error_events (
      id bigserial PRIMARY KEY,
      error_id bigint NOT NULL REFERENCES error_tracking_errors(id) ON DELETE CASCADE,
      event_id text NOT NULL,
      occurred_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      level text,
      environment text,
      release text,
      payload jsonb NOT NULL
    )`);
    await q.query(`CREATE INDEX error_tracking_error_events_error ON error_tracking_error_events (error_id, occurred_at DESC, id DESC)`);
    await q.query(`CREATE INDEX error_tracking_error_events_age ON error_tracking_error_events (received_at)`);
    await q.query(`CREATE TABLE error_tracking_error_users (
      error_id bigint NOT NULL REFERENCES error_tracking_errors(id) ON DELETE CASCADE,
      user_key text NOT NULL,
      PRIMARY KEY (error_id, user_key)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE error_tracking_error_users`);
    await q.query(`DROP TABLE error_tracking_error_events`);
    await q.query(`DROP TABLE error_tracking_errors`);
    await q.query(`DROP TABLE error_tracking_client_keys`);
    await q.query(`DROP TABLE error_tracking_settings`);
  }
}
