import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A project shared with a group (GitLab's project_group_links, POST /projects/:id/share): the
 * group's members get `group_access` on the project, capped at their own role in the group
 * (core/policy/group-share.ts), until `expires_at` (inclusive) when set.
 */
export class ProjectGroupLinks1795638788882 implements MigrationInterface {
  name = 'ProjectGroupLinks1795638788882';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE project_group_links (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
      group_access integer NOT NULL CHECK (group_access IN (10, 20, 30, 40, 50)),
      expires_at date,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, group_id)
    )`);
    await q.query(`CREATE INDEX project_group_links_group ON project_group_links (group_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE project_group_links`);
  }
}
