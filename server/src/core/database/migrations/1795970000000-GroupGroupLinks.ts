import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A group shared with another group (GitLab's group_group_links, POST /groups/:id/share): the
 * invited group's members (its own and those inherited from its parent groups) get
 * `group_access` in the shared group and everything below it, capped at their own role, until
 * `expires_at` (inclusive) when set (core/policy/membership-sql.ts).
 */
export class GroupGroupLinks1795970000000 implements MigrationInterface {
  name = 'GroupGroupLinks1795970000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE group_group_links (
      id serial PRIMARY KEY,
      shared_group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
      shared_with_group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
      group_access integer NOT NULL CHECK (group_access IN (10, 20, 30, 40, 50)),
      expires_at date,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (shared_group_id, shared_with_group_id),
      CHECK (shared_group_id <> shared_with_group_id)
    )`);
    await q.query(`CREATE INDEX group_group_links_shared_with ON group_group_links (shared_with_group_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE group_group_links`);
  }
}
