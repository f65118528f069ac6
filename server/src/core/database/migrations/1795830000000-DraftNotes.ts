import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Review drafts on merge requests (GitLab's draft_notes): a pending comment only its author
 * sees, until the review is submitted (bulk publish turns every draft into a note at once).
 * `discussion_id` is the thread a draft replies to (in_reply_to_discussion_id); `position` a
 * diff draft's GitLab position.
 */
export class DraftNotes1795830000000 implements MigrationInterface {
  name = 'DraftNotes1795830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE draft_notes (
      id serial PRIMARY KEY,
      merge_request_id int NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
      author_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      note text NOT NULL,
      note_html text NOT NULL,
      position jsonb,
      discussion_id varchar(40),
      resolve_discussion boolean NOT NULL DEFAULT false,
      commit_id varchar(40),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX draft_notes_mr_author ON draft_notes (merge_request_id, author_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE draft_notes`);
  }
}
