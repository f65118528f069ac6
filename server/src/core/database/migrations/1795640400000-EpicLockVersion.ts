import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Optimistic locking of epics, as issues have it: every write of an epic bumps lock_version, and
 * an edit that names a stale one is refused (409) instead of overwriting a concurrent edit.
 */
export class EpicLockVersion1795640400000 implements MigrationInterface {
  name = 'EpicLockVersion1795640400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE epics ADD COLUMN lock_version int NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE epics DROP COLUMN lock_version`);
  }
}
