import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The notify trigger's function before this migration (NotifyJobSkipsSystemNotes): issues only. */
const ISSUES_ONLY = `CREATE OR REPLACE FUNCTION tandem_notify_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.noteable_type <> 'Issue' THEN RETURN NULL; END IF;
        IF (NEW.type = 'note.created' AND (NEW.payload->'payload'->'note'->>'system') IS DISTINCT FROM 'true')
           OR NEW.type IN ('issue.assignees', 'issue.created')
           OR (NEW.type = 'issue.updated' AND (NEW.payload->'payload'->'fields') ?| ARRAY['state', 'due_date', 'description']) THEN
          INSERT INTO background_jobs (queue, payload) VALUES ('notify', jsonb_build_object('event_id', NEW.id));
        END IF;
        RETURN NULL;
      END $$`;

/**
 * Merge request notification mail and subscriptions (GitLab's NotificationService for merge
 * requests, /subscribe and /unsubscribe on a merge request). `merge_request_subscriptions` holds
 * explicit choices, as `issue_subscriptions` does for issues (participants count as subscribed
 * without a row). The notify trigger now also queues a job for a merge request's comment (a
 * non-system `note.created`: a diff note; of a published review only its last note, whose job
 * mails the whole review at once) and for an assignee
 * change (`merge_request.updated` with `assignees`, after the opening event at seq 1); the
 * worker (NotificationWorker) reads `queuesNotification` as the same test.
 */
export class MergeRequestSubscriptions1796030000000 implements MigrationInterface {
  name = 'MergeRequestSubscriptions1796030000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE merge_request_subscriptions (
      merge_request_id integer NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      subscribed boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merge_request_id, user_id)
    )`);
    await q.query('CREATE INDEX merge_request_subscriptions_user ON merge_request_subscriptions (user_id)');
    await q.query(`CREATE OR REPLACE FUNCTION tandem_notify_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.noteable_type = 'Issue' THEN
          IF (NEW.type = 'note.created' AND (NEW.payload->'payload'->'note'->>'system') IS DISTINCT FROM 'true')
             OR NEW.type IN ('issue.assignees', 'issue.created')
             OR (NEW.type = 'issue.updated' AND (NEW.payload->'payload'->'fields') ?| ARRAY['state', 'due_date', 'description']) THEN
            INSERT INTO background_jobs (queue, payload) VALUES ('notify', jsonb_build_object('event_id', NEW.id));
          END IF;
        ELSIF NEW.noteable_type = 'MergeRequest' THEN
          -- A submitted review is one mail: only its last note (batch index = size) queues the job
          IF (NEW.type = 'note.created' AND (NEW.payload->'payload'->'note'->>'system') IS DISTINCT FROM 'true'
              AND ((NEW.payload->'payload'->'batch') IS NULL OR (NEW.payload->'payload'->'batch'->>'index') = (NEW.payload->'payload'->'batch'->>'size')))
             OR (NEW.type = 'merge_request.updated' AND NEW.seq > 1 AND (NEW.payload->'payload'->'fields') ? 'assignees') THEN
            INSERT INTO background_jobs (queue, payload) VALUES ('notify', jsonb_build_object('event_id', NEW.id));
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(ISSUES_ONLY);
    await q.query('DROP TABLE merge_request_subscriptions');
  }
}
