import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The merge request page's own saved discussion filter (GitLab's user_preferences.merge_request_notes_filter). */
export class MergeRequestNotesFilter1795920000000 implements MigrationInterface {
  name = 'MergeRequestNotesFilter1795920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE user_preferences ADD COLUMN merge_request_notes_filter smallint NOT NULL DEFAULT 0 CHECK (merge_request_notes_filter IN (0, 1, 2))');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE user_preferences DROP COLUMN merge_request_notes_filter');
  }
}
