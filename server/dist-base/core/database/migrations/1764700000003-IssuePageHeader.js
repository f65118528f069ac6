"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.IssuePageHeader1764700000003 = void 0;
/**
 * The issue page header (spec issue-page §2, §6): issues submitted as spam are hidden from
 * everyone but admins (a spam_logs row records who and when); abuse reports about an issue;
 * the pinned Zoom meeting link (/zoom).
 */
class IssuePageHeader1764700000003 {
    name = 'IssuePageHeader1764700000003';
    async up(q) {
        await q.query(`ALTER TABLE issues ADD COLUMN hidden boolean NOT NULL DEFAULT false, ADD COLUMN zoom_meeting_url text`);
        await q.query(`CREATE TABLE spam_logs (
      id serial PRIMARY KEY,
      issue_id integer REFERENCES issues(id) ON DELETE SET NULL,
      reporter_id integer REFERENCES users(id) ON DELETE SET NULL,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      title text NOT NULL,
      description text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE TABLE abuse_reports (
      id serial PRIMARY KEY,
      reporter_id integer REFERENCES users(id) ON DELETE SET NULL,
      user_id integer REFERENCES users(id) ON DELETE CASCADE,
      issue_id integer REFERENCES issues(id) ON DELETE SET NULL,
      category varchar(40) NOT NULL,
      message text NOT NULL,
      reported_from_url text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE INDEX abuse_reports_created ON abuse_reports (created_at DESC, id DESC)`);
    }
    async down(q) {
        await q.query('DROP TABLE abuse_reports');
        await q.query('DROP TABLE spam_logs');
        await q.query('ALTER TABLE issues DROP COLUMN zoom_meeting_url, DROP COLUMN hidden');
    }
}
exports.IssuePageHeader1764700000003 = IssuePageHeader1764700000003;
//# sourceMappingURL=1764700000003-IssuePageHeader.js.map