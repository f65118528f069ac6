import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The notify trigger's function before this migration (MergeRequestMails). */
const WITHOUT_DESCRIPTIONS = `CREATE OR REPLACE FUNCTION tandem_notify_job() RETURNS trigger LANGUAGE plpgsql AS $$
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
             OR (NEW.type = 'merge_request.updated' AND (NEW.seq = 1
                 OR (NEW.payload->'payload'->'fields') ?| ARRAY['assignees', 'state', 'commits_changed']
                 OR (NEW.payload->'payload'->'fields'->'reviewers') @> '[{"review_state": "unreviewed"}]'::jsonb)) THEN
            INSERT INTO background_jobs (queue, payload) VALUES ('notify', jsonb_build_object('event_id', NEW.id));
          END IF;
        END IF;
        RETURN NULL;
      END $$`;

/**
 * A merge request's description edit mails the users it newly mentions (GitLab's
 * new_mention_in_merge_request): the notify trigger also queues a job for a
 * `merge_request.updated` carrying `description`; the worker mails only the users the text
 * mentions that the description before it did not (merge-request-plans.ts). `queuesNotification`
 * in NotificationWorker is the same test.
 */
export class MergeRequestMentionMails1796050000000 implements MigrationInterface {
  name = 'MergeRequestMentionMails1796050000000';

  async up(q: QueryRunner): Promise<void> {
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
             OR (NEW.type = 'merge_request.updated' AND (NEW.seq = 1
                 OR (NEW.payload->'payload'->'fields') ?| ARRAY['assignees', 'state', 'commits_changed', 'description']
                 OR (NEW.payload->'payload'->'fields'->'reviewers') @> '[{"review_state": "unreviewed"}]'::jsonb)) THEN
            INSERT INTO background_jobs (queue, payload) VALUES ('notify', jsonb_build_object('event_id', NEW.id));
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(WITHOUT_DESCRIPTIONS);
  }
}
