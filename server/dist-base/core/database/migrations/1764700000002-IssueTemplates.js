"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.IssueTemplates1764700000002 = void 0;
/** Description templates per project (the edit form's template chooser; REST templates/issues). */
class IssueTemplates1764700000002 {
    name = 'IssueTemplates1764700000002';
    async up(q) {
        await q.query(`CREATE TABLE issue_templates (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      name varchar(100) NOT NULL,
      content text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE UNIQUE INDEX issue_templates_project_name ON issue_templates (project_id, lower(name))`);
    }
    async down(q) {
        await q.query('DROP TABLE issue_templates');
    }
}
exports.IssueTemplates1764700000002 = IssueTemplates1764700000002;
//# sourceMappingURL=1764700000002-IssueTemplates.js.map