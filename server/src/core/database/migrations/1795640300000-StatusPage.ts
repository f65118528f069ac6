import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GitLab's status page: the project's setting (enabled, the page's URL; null means Tandem's own
 * page) and the incidents published to it, with when.
 */
export class StatusPage1795640300000 implements MigrationInterface {
  name = 'StatusPage1795640300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE status_page_settings (
      project_id int PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
      enabled boolean NOT NULL DEFAULT false,
      status_page_url text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE status_page_published_incidents (
      issue_id int PRIMARY KEY REFERENCES issues(id) ON DELETE CASCADE,
      project_id int NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      published_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX status_page_published_incidents_project ON status_page_published_incidents (project_id, published_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE status_page_published_incidents`);
    await q.query(`DROP TABLE status_page_settings`);
  }
}
