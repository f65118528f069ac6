import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes behind the issue list's filters and sorts (GitLab's filtered search): a project's
 * issues in created, updated or due-date order without a sort step, the milestone and
 * iteration filters, and label filters reading label_links by (label, target) only.
 */
export class IssueListIndexes1795642406000 implements MigrationInterface {
  name = 'IssueListIndexes1795642406000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX issues_project_created ON issues (project_id, created_at, id)`);
    await q.query(`CREATE INDEX issues_project_updated ON issues (project_id, updated_at, id)`);
    await q.query(`CREATE INDEX issues_project_due_date ON issues (project_id, due_date, id)`);
    await q.query(`CREATE INDEX issues_milestone ON issues (milestone_id) WHERE milestone_id IS NOT NULL`);
    await q.query(`CREATE INDEX issues_iteration ON issues (iteration_id) WHERE iteration_id IS NOT NULL`);
    await q.query(`CREATE INDEX label_links_label_target ON label_links (label_id, target_type, target_id)`);
    await q.query(`DROP INDEX label_links_label`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX label_links_label ON label_links (label_id)`);
    for (const name of ['label_links_label_target', 'issues_iteration', 'issues_milestone', 'issues_project_due_date', 'issues_project_updated', 'issues_project_created'])
      await q.query(`DROP INDEX ${name}`);
  }
}
