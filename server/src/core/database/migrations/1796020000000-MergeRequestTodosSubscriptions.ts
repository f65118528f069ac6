import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * To-dos on merge requests (GitLab's /todo and /done on a merge request). A merge request's to-do
 * keeps its target in its own column, `merge_request_id` (cascading with the merge request), and
 * `target_id` stays the issue's: every query that reads `target_id` keeps meaning an issue.
 * No merge request subscriptions table: Tandem sends no merge request notification mail yet, so
 * there is nothing a subscription would change (the class keeps its first name, unshipped, so a
 * database that ran it is not asked to run it again). The table came with the mails, in
 * MergeRequestSubscriptions1796030000000.
 */
export class MergeRequestTodosSubscriptions1796020000000 implements MigrationInterface {
  name = 'MergeRequestTodosSubscriptions1796020000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE todos ALTER COLUMN target_id DROP NOT NULL');
    await q.query('ALTER TABLE todos ADD COLUMN merge_request_id integer REFERENCES merge_requests(id) ON DELETE CASCADE');
    await q.query('ALTER TABLE todos DROP CONSTRAINT IF EXISTS todos_target_type_check');
    await q.query(`ALTER TABLE todos ADD CONSTRAINT todos_target_type_check CHECK (target_type IN ('Issue', 'MergeRequest'))`);
    await q.query(`ALTER TABLE todos ADD CONSTRAINT todos_one_target CHECK (
      (target_type = 'Issue' AND target_id IS NOT NULL AND merge_request_id IS NULL)
      OR (target_type = 'MergeRequest' AND merge_request_id IS NOT NULL AND target_id IS NULL))`);
    await q.query('CREATE INDEX todos_merge_request ON todos (merge_request_id) WHERE merge_request_id IS NOT NULL');
    // One pending hand-made to-do per user and merge request (/todo twice adds one)
    await q.query(`CREATE UNIQUE INDEX todos_marked_pending_merge_request ON todos (user_id, merge_request_id) WHERE action = 'marked' AND state = 'pending' AND merge_request_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM todos WHERE target_type = 'MergeRequest'`);
    await q.query('DROP INDEX todos_marked_pending_merge_request');
    await q.query('DROP INDEX todos_merge_request');
    await q.query('ALTER TABLE todos DROP CONSTRAINT todos_one_target');
    await q.query('ALTER TABLE todos DROP CONSTRAINT todos_target_type_check');
    await q.query(`ALTER TABLE todos ADD CONSTRAINT todos_target_type_check CHECK (target_type IN ('Issue'))`);
    await q.query('ALTER TABLE todos DROP COLUMN merge_request_id');
    await q.query('ALTER TABLE todos ALTER COLUMN target_id SET NOT NULL');
  }
}
