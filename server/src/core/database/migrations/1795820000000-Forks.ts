import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Forks: GET /projects/:id/forks reads projects by their upstream; personal namespaces are one per user. */
export class Forks1795820000000 implements MigrationInterface {
  name = 'Forks1795820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX projects_forked_from ON projects (forked_from_project_id) WHERE forked_from_project_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX namespaces_personal_owner ON namespaces (owner_id) WHERE type = 'User'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX namespaces_personal_owner`);
    await q.query(`DROP INDEX projects_forked_from`);
  }
}
