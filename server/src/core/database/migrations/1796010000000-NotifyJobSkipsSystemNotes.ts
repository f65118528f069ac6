import type { MigrationInterface, QueryRunner } from 'typeorm';
import { NOTIFY_FUNCTION } from './1795910000000-NotificationCustomLevel';

/**
 * The notify trigger no longer queues a job for a system note's `note.created`: the worker mails
 * nothing for one (NotificationWorker.plan), so every title change, label or milestone change
 * paid a job row in its write and three statements and two commits afterwards (claim, event
 * read, delete) for nothing (issue #27, write path). `queuesNotification` is the same test.
 */
export class NotifyJobSkipsSystemNotes1796010000000 implements MigrationInterface {
  name = 'NotifyJobSkipsSystemNotes1796010000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE OR REPLACE FUNCTION tandem_notify_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.noteable_type <> 'Issue' THEN RETURN NULL; END IF;
        IF (NEW.type = 'note.created' AND (NEW.payload->'payload'->'note'->>'system') IS DISTINCT FROM 'true')
           OR NEW.type IN ('issue.assignees', 'issue.created')
           OR (NEW.type = 'issue.updated' AND (NEW.payload->'payload'->'fields') ?| ARRAY['state', 'due_date', 'description']) THEN
          INSERT INTO background_jobs (queue, payload) VALUES ('notify', jsonb_build_object('event_id', NEW.id));
        END IF;
        RETURN NULL;
      END $$`);
    // A system note's job already queued does nothing when it runs: drop the waiting ones
    await q.query(`DELETE FROM background_jobs j USING issue_events e
      WHERE j.queue = 'notify' AND j.state = 'pending' AND e.id = (j.payload->>'event_id')::bigint
        AND e.type = 'note.created' AND (e.payload->'payload'->'note'->>'system') = 'true'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(NOTIFY_FUNCTION(`'state', 'due_date', 'description'`));
  }
}
