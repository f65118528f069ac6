import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merge requests, the third noteable (GitLab's merge_requests columns that Tandem serves): iid
 * per project (projects.last_merge_request_iid), source and target branch and project, state
 * (opened, closed, merged, locked), the head sha a merge is checked against, who merged and
 * closed it and when, the merge commit, its stream (event_seq) and optimistic lock; assignees
 * and labels as issues keep them (merge_request_assignees, label_links with target_type
 * 'MergeRequest'); the issues it closes (GitLab's merge_requests_closing_issues, refreshed from
 * its description). Projects gain their merge method and fork parent; awards and description
 * versions accept merge requests.
 */
export class MergeRequests1795642000000 implements MigrationInterface {
  name = 'MergeRequests1795642000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects
      ADD COLUMN last_merge_request_iid integer NOT NULL DEFAULT 0,
      ADD COLUMN merge_method varchar(20) NOT NULL DEFAULT 'merge' CHECK (merge_method IN ('merge', 'ff')),
      ADD COLUMN merge_requests_enabled boolean NOT NULL DEFAULT true,
      ADD COLUMN forked_from_project_id integer REFERENCES projects(id) ON DELETE SET NULL`);
    await q.query(`CREATE TABLE merge_requests (
      id serial PRIMARY KEY,
      target_project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      source_project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      iid integer NOT NULL,
      title varchar(255) NOT NULL,
      description text,
      description_html text,
      state varchar(10) NOT NULL DEFAULT 'opened' CHECK (state IN ('opened', 'closed', 'merged', 'locked')),
      source_branch varchar(255) NOT NULL,
      target_branch varchar(255) NOT NULL,
      author_id integer REFERENCES users(id) ON DELETE SET NULL,
      milestone_id integer REFERENCES milestones(id) ON DELETE SET NULL,
      head_sha varchar(64),
      merge_commit_sha varchar(64),
      squash_commit_sha varchar(64),
      squash boolean NOT NULL DEFAULT false,
      should_remove_source_branch boolean NOT NULL DEFAULT false,
      merged_by_id integer REFERENCES users(id) ON DELETE SET NULL,
      merged_at timestamptz,
      closed_by_id integer REFERENCES users(id) ON DELETE SET NULL,
      closed_at timestamptz,
      discussion_locked boolean NOT NULL DEFAULT false,
      event_seq integer NOT NULL DEFAULT 0,
      lock_version integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX merge_requests_project_iid ON merge_requests (target_project_id, iid)`);
    await q.query(`CREATE INDEX merge_requests_source ON merge_requests (source_project_id, source_branch)`);
    await q.query(`CREATE TABLE merge_request_assignees (
      merge_request_id integer NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (merge_request_id, user_id)
    )`);
    await q.query(`CREATE TABLE merge_requests_closing_issues (
      merge_request_id integer NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
      issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
      PRIMARY KEY (merge_request_id, issue_id)
    )`);
    await q.query(`CREATE INDEX merge_requests_closing_issues_issue ON merge_requests_closing_issues (issue_id)`);
    await q.query('ALTER TABLE award_emoji DROP CONSTRAINT IF EXISTS award_emoji_awardable_type_check');
    await q.query(`ALTER TABLE award_emoji ADD CONSTRAINT award_emoji_awardable_type_check CHECK (awardable_type IN ('Issue', 'Note', 'Epic', 'MergeRequest'))`);
    await q.query(`ALTER TABLE description_versions ADD COLUMN merge_request_id integer REFERENCES merge_requests(id) ON DELETE CASCADE`);
    await q.query('ALTER TABLE description_versions DROP CONSTRAINT description_versions_one_owner');
    await q.query(`ALTER TABLE description_versions ADD CONSTRAINT description_versions_one_owner CHECK (num_nonnulls(issue_id, epic_id, merge_request_id) = 1)`);
    await q.query(`CREATE INDEX description_versions_merge_request ON description_versions (merge_request_id, id) WHERE merge_request_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM description_versions WHERE merge_request_id IS NOT NULL');
    await q.query('ALTER TABLE description_versions DROP CONSTRAINT description_versions_one_owner');
    await q.query('ALTER TABLE description_versions DROP COLUMN merge_request_id');
    await q.query(`ALTER TABLE description_versions ADD CONSTRAINT description_versions_one_owner CHECK ((issue_id IS NULL) <> (epic_id IS NULL))`);
    await q.query(`DELETE FROM award_emoji WHERE awardable_type = 'MergeRequest'`);
    await q.query('ALTER TABLE award_emoji DROP CONSTRAINT IF EXISTS award_emoji_awardable_type_check');
    await q.query(`ALTER TABLE award_emoji ADD CONSTRAINT award_emoji_awardable_type_check CHECK (awardable_type IN ('Issue', 'Note', 'Epic'))`);
    await q.query(`DELETE FROM notes WHERE noteable_type = 'MergeRequest'`);
    await q.query(`DELETE FROM issue_events WHERE noteable_type = 'MergeRequest'`);
    await q.query(`DELETE FROM label_links WHERE target_type = 'MergeRequest'`);
    await q.query('DROP TABLE merge_requests_closing_issues');
    await q.query('DROP TABLE merge_request_assignees');
    await q.query('DROP TABLE merge_requests');
    await q.query('ALTER TABLE projects DROP COLUMN forked_from_project_id, DROP COLUMN merge_requests_enabled, DROP COLUMN merge_method, DROP COLUMN last_merge_request_iid');
  }
}
