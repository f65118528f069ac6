import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The notify trigger's function before this migration (MergeRequestSubscriptions): on a merge request, comments and assignee changes. */
const COMMENTS_AND_ASSIGNEES = `CREATE OR REPLACE FUNCTION tandem_notify_job() RETURNS trigger LANGUAGE plpgsql AS $$
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
      END $$`;

/**
 * Merge request mails (GitLab's new_merge_request, request_review, closed, reopened, merged and
 * push_to_merge_request mails): the notify trigger also queues a job for a merge request's
 * opening event (seq 1), a `merge_request.updated` with `state` (closed, reopened, merged),
 * `commits_changed` (a push) or `assignees`, and one whose `reviewers` hold an unreviewed one
 * (an added reviewer, a review requested again; the worker mails only those newly asked).
 * Everything else stays (a submitted review queues only its last note). `queuesNotification`
 * in NotificationWorker is the same test. Custom-level settings that chose `reassign_issue`,
 * which mailed merge request assignments until now, also choose `reassign_merge_request`.
 */
export class MergeRequestMails1796040000000 implements MigrationInterface {
  name = 'MergeRequestMails1796040000000';

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
                 OR (NEW.payload->'payload'->'fields') ?| ARRAY['assignees', 'state', 'commits_changed']
                 OR (NEW.payload->'payload'->'fields'->'reviewers') @> '[{"review_state": "unreviewed"}]'::jsonb)) THEN
            INSERT INTO background_jobs (queue, payload) VALUES ('notify', jsonb_build_object('event_id', NEW.id));
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`UPDATE notification_settings SET events = events || '{"reassign_merge_request": true}'::jsonb
      WHERE events->>'reassign_issue' = 'true' AND NOT events ? 'reassign_merge_request'`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The copied reassign_merge_request choices stay: nothing before this migration reads them
    await q.query(COMMENTS_AND_ASSIGNEES);
  }
}
