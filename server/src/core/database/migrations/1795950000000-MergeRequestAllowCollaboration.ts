import type { MigrationInterface, QueryRunner } from 'typeorm';

/** GitLab's merge_requests.allow_maintainer_to_push (API: allow_collaboration): members of the target who may merge may push to a fork's source branch. */
export class MergeRequestAllowCollaboration1795950000000 implements MigrationInterface {
  name = 'MergeRequestAllowCollaboration1795950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE merge_requests ADD COLUMN allow_collaboration boolean NOT NULL DEFAULT false');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE merge_requests DROP COLUMN allow_collaboration');
  }
}
