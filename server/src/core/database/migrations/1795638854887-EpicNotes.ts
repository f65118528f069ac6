import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Discussions on epics: the epic's event sequence (its stream in issue_events, as issues'
 * event_seq), awards on epics, and the epic pages' own saved notes filter.
 */
export class EpicNotes1795638854887 implements MigrationInterface {
  name = 'EpicNotes1795638854887';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE epics ADD COLUMN event_seq integer NOT NULL DEFAULT 0');
    await q.query('ALTER TABLE award_emoji DROP CONSTRAINT IF EXISTS award_emoji_awardable_type_check');
    await q.query(`ALTER TABLE award_emoji ADD CONSTRAINT award_emoji_awardable_type_check CHECK (awardable_type IN ('Issue', 'Note', 'Epic'))`);
    await q.query('ALTER TABLE user_preferences ADD COLUMN epic_notes_filter smallint NOT NULL DEFAULT 0 CHECK (epic_notes_filter IN (0, 1, 2))');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE user_preferences DROP COLUMN epic_notes_filter');
    await q.query(`DELETE FROM award_emoji WHERE awardable_type = 'Epic'`);
    await q.query('ALTER TABLE award_emoji DROP CONSTRAINT IF EXISTS award_emoji_awardable_type_check');
    await q.query(`ALTER TABLE award_emoji ADD CONSTRAINT award_emoji_awardable_type_check CHECK (awardable_type IN ('Issue', 'Note'))`);
    await q.query('ALTER TABLE epics DROP COLUMN event_seq');
  }
}
