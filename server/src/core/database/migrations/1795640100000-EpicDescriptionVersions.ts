import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Description versions of epics (GitLab's description_versions.epic_id): a version belongs to
 * exactly one issue or one epic, and goes with it.
 */
export class EpicDescriptionVersions1795640100000 implements MigrationInterface {
  name = 'EpicDescriptionVersions1795640100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE description_versions
      ADD COLUMN epic_id integer REFERENCES epics(id) ON DELETE CASCADE,
      ALTER COLUMN issue_id DROP NOT NULL`);
    await q.query(`ALTER TABLE description_versions ADD CONSTRAINT description_versions_one_owner CHECK ((issue_id IS NULL) <> (epic_id IS NULL))`);
    await q.query(`CREATE INDEX description_versions_epic ON description_versions (epic_id, id) WHERE epic_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM description_versions WHERE epic_id IS NOT NULL');
    await q.query('DROP INDEX description_versions_epic');
    await q.query('ALTER TABLE description_versions DROP CONSTRAINT description_versions_one_owner');
    await q.query('ALTER TABLE description_versions DROP COLUMN epic_id, ALTER COLUMN issue_id SET NOT NULL');
  }
}
