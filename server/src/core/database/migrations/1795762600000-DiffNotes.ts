import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Diff notes on merge requests: GitLab's position (shas, paths, lines, line_range) stored with the note. */
export class DiffNotes1795762600000 implements MigrationInterface {
  name = 'DiffNotes1795762600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notes ADD COLUMN position jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notes DROP COLUMN position`);
  }
}
