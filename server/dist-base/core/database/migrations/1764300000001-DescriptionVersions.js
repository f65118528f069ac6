"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DescriptionVersions1764300000001 = void 0;
/**
 * Description versions (spec discussions §4): every description an issue had, written with
 * the change; the "changed the description" system note names its version (and, after
 * merging a run of edits by one author, the run's first), and says when it was deleted.
 */
class DescriptionVersions1764300000001 {
    name = 'DescriptionVersions1764300000001';
    async up(q) {
        await q.query(`CREATE TABLE description_versions (
      id serial PRIMARY KEY,
      issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
      description text,
      author_id integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    )`);
        await q.query(`CREATE INDEX description_versions_issue ON description_versions (issue_id, id)`);
        await q.query(`ALTER TABLE notes
      ADD COLUMN description_version_id integer REFERENCES description_versions(id) ON DELETE SET NULL,
      ADD COLUMN start_description_version_id integer REFERENCES description_versions(id) ON DELETE SET NULL,
      ADD COLUMN description_version_deleted boolean NOT NULL DEFAULT false`);
        await q.query(`CREATE INDEX notes_description_version ON notes (noteable_type, noteable_id, id) WHERE description_version_id IS NOT NULL`);
    }
    async down(q) {
        await q.query('DROP INDEX notes_description_version');
        await q.query('ALTER TABLE notes DROP COLUMN description_version_deleted, DROP COLUMN start_description_version_id, DROP COLUMN description_version_id');
        await q.query('DROP TABLE description_versions');
    }
}
exports.DescriptionVersions1764300000001 = DescriptionVersions1764300000001;
//# sourceMappingURL=1764300000001-DescriptionVersions.js.map