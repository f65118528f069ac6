import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An alert's environment (GitLab's generic alert `gitlab_environment_name`), shown on the Alert details tab. */
export class AlertEnvironment1795650000001 implements MigrationInterface {
  name = 'AlertEnvironment1795650000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE alerts ADD COLUMN environment varchar(255)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE alerts DROP COLUMN environment`);
  }
}
