import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Merge request reviewers (GitLab's merge_request_reviewers): who is asked, in order, and their review state. */
export class MergeRequestReviewers1795820000001 implements MigrationInterface {
  name = 'MergeRequestReviewers1795820000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE merge_request_reviewers (
      merge_request_id integer NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      state varchar(20) NOT NULL DEFAULT 'unreviewed' CHECK (state IN ('unreviewed', 'review_started', 'reviewed', 'requested_changes', 'approved', 'unapproved')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merge_request_id, user_id)
    )`);
    await q.query(`CREATE INDEX merge_request_reviewers_user ON merge_request_reviewers (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE merge_request_reviewers`);
  }
}
