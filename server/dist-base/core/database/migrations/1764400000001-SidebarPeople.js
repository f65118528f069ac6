"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SidebarPeople1764400000001 = void 0;
/**
 * The people side of the sidebar (sidebar spec): a user's availability ("busy", GitLab's
 * user_statuses), per-user issue notification subscriptions (an explicit choice; without a row a
 * participant counts as subscribed), and the issue a moved issue went to (GitLab's moved_to_id).
 */
class SidebarPeople1764400000001 {
    name = 'SidebarPeople1764400000001';
    async up(q) {
        await q.query(`CREATE TABLE user_statuses (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      availability varchar NOT NULL DEFAULT 'not_set' CHECK (availability IN ('not_set', 'busy')),
      message varchar(100),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE TABLE issue_subscriptions (
      issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      subscribed boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (issue_id, user_id)
    )`);
        await q.query(`CREATE INDEX issue_subscriptions_user ON issue_subscriptions (user_id)`);
        await q.query(`ALTER TABLE issues ADD COLUMN moved_to_id integer REFERENCES issues(id) ON DELETE SET NULL`);
    }
    async down(q) {
        await q.query('ALTER TABLE issues DROP COLUMN moved_to_id');
        await q.query('DROP TABLE issue_subscriptions');
        await q.query('DROP TABLE user_statuses');
    }
}
exports.SidebarPeople1764400000001 = SidebarPeople1764400000001;
//# sourceMappingURL=1764400000001-SidebarPeople.js.map