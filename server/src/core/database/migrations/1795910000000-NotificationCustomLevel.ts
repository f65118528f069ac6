import type { MigrationInterface, QueryRunner } from 'typeorm';

export const NOTIFY_FUNCTION = (fields: string) => `CREATE OR REPLACE FUNCTION tandem_notify_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.noteable_type <> 'Issue' THEN RETURN NULL; END IF;
        IF NEW.type IN ('note.created', 'issue.assignees', 'issue.created')
           OR (NEW.type = 'issue.updated' AND (NEW.payload->'payload'->'fields') ?| ARRAY[${fields}]) THEN
          INSERT INTO background_jobs (queue, payload) VALUES ('notify', jsonb_build_object('event_id', NEW.id));
        END IF;
        RETURN NULL;
      END $$`;

/**
 * GitLab's custom notification level and group settings: `notification_settings` accepts the
 * level 'custom' and the source 'Group', and keeps the custom level's chosen events (a JSON
 * object of event name to true; absent is false). The notify trigger also queues a description
 * change, so users newly mentioned by an edit are mailed (GitLab's new_mentions_in_issue).
 */
export class NotificationCustomLevel1795910000000 implements MigrationInterface {
  name = 'NotificationCustomLevel1795910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notification_settings DROP CONSTRAINT notification_settings_level_check`);
    await q.query(`ALTER TABLE notification_settings ADD CONSTRAINT notification_settings_level_check
      CHECK (level IN ('global', 'watch', 'participating', 'mention', 'custom', 'disabled'))`);
    await q.query(`ALTER TABLE notification_settings DROP CONSTRAINT notification_settings_source_type_check`);
    await q.query(`ALTER TABLE notification_settings ADD CONSTRAINT notification_settings_source_type_check CHECK (source_type IN ('Global', 'Project', 'Group'))`);
    await q.query(`ALTER TABLE notification_settings ADD COLUMN events jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(NOTIFY_FUNCTION(`'state', 'due_date', 'description'`));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(NOTIFY_FUNCTION(`'state', 'due_date'`));
    await q.query(`DELETE FROM notification_settings WHERE source_type = 'Group' OR level = 'custom'`);
    await q.query(`ALTER TABLE notification_settings DROP COLUMN events`);
    await q.query(`ALTER TABLE notification_settings DROP CONSTRAINT notification_settings_source_type_check`);
    await q.query(`ALTER TABLE notification_settings ADD CONSTRAINT notification_settings_source_type_check CHECK (source_type IN ('Global', 'Project'))`);
    await q.query(`ALTER TABLE notification_settings DROP CONSTRAINT notification_settings_level_check`);
    await q.query(`ALTER TABLE notification_settings ADD CONSTRAINT notification_settings_level_check
      CHECK (level IN ('global', 'watch', 'participating', 'mention', 'disabled'))`);
  }
}
