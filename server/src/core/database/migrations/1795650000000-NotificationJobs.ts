import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Background work as rows (STYLE.md, background work): `background_jobs` is the one queue
 * (core/jobs/job-queue.ts), claimed with FOR UPDATE SKIP LOCKED by any node, leased by
 * run_at, retried with a doubling delay. A trigger on `issue_events` writes a 'notify' job in
 * the same statement as each event that may mail someone (a comment, an assignment, a state or
 * due-date change, a new issue): the job commits with the event or not at all, and the
 * request does no mail work. The trigger returns at once for other events (no WHEN clause:
 * it would pin the columns' types, which tools/check-migrations alters).
 *
 * Also: per-user notification levels (GitLab's notification_settings: a global row with
 * source_type 'Global', one per project), the mail thread headers on outbox rows, and an
 * instance secret (unsubscribe links are signed with it; written by the server on first use).
 */
export class NotificationJobs1795650000000 implements MigrationInterface {
  name = 'NotificationJobs1795650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE background_jobs (
      id bigserial PRIMARY KEY,
      queue varchar(64) NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      state varchar(16) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
      attempts int NOT NULL DEFAULT 0,
      run_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz)`);
    await q.query(`CREATE INDEX background_jobs_due ON background_jobs (queue, run_at) WHERE state = 'pending'`);
    await q.query(`CREATE INDEX background_jobs_finished ON background_jobs (finished_at) WHERE state <> 'pending'`);
    await q.query(`CREATE FUNCTION tandem_notify_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.noteable_type <> 'Issue' THEN RETURN NULL; END IF;
        IF NEW.type IN ('note.created', 'issue.assignees', 'issue.created')
           OR (NEW.type = 'issue.updated' AND (NEW.payload->'payload'->'fields') ?| ARRAY['state', 'due_date']) THEN
          INSERT INTO background_jobs (queue, payload) VALUES ('notify', jsonb_build_object('event_id', NEW.id));
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER issue_events_notify AFTER INSERT ON issue_events FOR EACH ROW EXECUTE FUNCTION tandem_notify_job()`);
    await q.query(`CREATE TABLE notification_settings (
      id serial PRIMARY KEY,
      user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      source_type varchar(16) NOT NULL CHECK (source_type IN ('Global', 'Project')),
      source_id int,
      level varchar(16) NOT NULL CHECK (level IN ('global', 'watch', 'participating', 'mention', 'disabled')),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((source_type = 'Global') = (source_id IS NULL)))`);
    await q.query(`CREATE UNIQUE INDEX notification_settings_source ON notification_settings (user_id, source_type, COALESCE(source_id, 0))`);
    await q.query(`CREATE INDEX notification_settings_watchers ON notification_settings (source_id) WHERE level = 'watch'`);
    await q.query(`ALTER TABLE outbox_emails ADD COLUMN headers jsonb`);
    await q.query(`CREATE TABLE instance_secrets (name varchar(64) PRIMARY KEY, value varchar(128) NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE instance_secrets');
    await q.query('ALTER TABLE outbox_emails DROP COLUMN headers');
    await q.query('DROP TABLE notification_settings');
    await q.query('DROP TRIGGER issue_events_notify ON issue_events');
    await q.query('DROP FUNCTION tandem_notify_job()');
    await q.query('DROP TABLE background_jobs');
  }
}
