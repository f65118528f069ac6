"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Epics1764800000001 = void 0;
/**
 * Group epics (iid per group, GitLab's columns: title, description, start/end dates,
 * confidential, state, author, parent) and the issue -> epic link (one epic per issue, as
 * GitLab's epic_issues has a unique issue_id).
 */
class Epics1764800000001 {
    name = 'Epics1764800000001';
    async up(q) {
        await q.query(`CREATE TABLE epics (
      id serial PRIMARY KEY,
      group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
      iid integer NOT NULL,
      parent_id integer REFERENCES epics(id) ON DELETE SET NULL,
      title varchar(255) NOT NULL,
      description text,
      description_html text,
      start_date date,
      end_date date,
      confidential boolean NOT NULL DEFAULT false,
      state varchar(10) NOT NULL DEFAULT 'opened' CHECK (state IN ('opened', 'closed')),
      author_id integer REFERENCES users(id) ON DELETE SET NULL,
      closed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (parent_id IS NULL OR parent_id <> id)
    )`);
        await q.query(`CREATE UNIQUE INDEX epics_group_iid ON epics (group_id, iid)`);
        await q.query(`CREATE INDEX epics_parent ON epics (parent_id)`);
        await q.query(`CREATE TABLE epic_issues (
      id serial PRIMARY KEY,
      epic_id integer NOT NULL REFERENCES epics(id) ON DELETE CASCADE,
      issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
      relative_position integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE UNIQUE INDEX epic_issues_issue ON epic_issues (issue_id)`);
        await q.query(`CREATE INDEX epic_issues_epic ON epic_issues (epic_id)`);
    }
    async down(q) {
        await q.query('DROP TABLE IF EXISTS epic_issues');
        await q.query('DROP TABLE IF EXISTS epics');
    }
}
exports.Epics1764800000001 = Epics1764800000001;
//# sourceMappingURL=1764800000001-Epics.js.map