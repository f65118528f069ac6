import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Code suggestions of diff notes: per ```suggestion block of the note, in order, the lines it
 * replaced when the note was written (from_content), whether it was applied and by which commit.
 * The proposed text is the note's own markdown.
 */
export class NoteSuggestions1795830100000 implements MigrationInterface {
  name = 'NoteSuggestions1795830100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notes ADD COLUMN suggestions jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notes DROP COLUMN suggestions`);
  }
}
