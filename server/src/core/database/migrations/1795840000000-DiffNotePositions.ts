import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Diff notes after a push: the position a note was made on (GitLab's original_position) beside
 * the one it has now, and whether its line changed (outdated: its position stays on the old version).
 */
export class DiffNotePositions1795840000000 implements MigrationInterface {
  name = 'DiffNotePositions1795840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notes ADD COLUMN original_position jsonb`);
    await q.query(`ALTER TABLE notes ADD COLUMN position_outdated boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE notes SET original_position = position WHERE position IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notes DROP COLUMN position_outdated`);
    await q.query(`ALTER TABLE notes DROP COLUMN original_position`);
  }
}
