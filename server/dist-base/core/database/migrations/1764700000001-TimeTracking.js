"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TimeTracking1764700000001 = void 0;
/**
 * Time tracking (spec issue-page §3): every /spend or add_spent_time is a timelog row (negative
 * to subtract; /remove_time_spent logs minus the total, as GitLab does); issues keep the running
 * total_time_spent and time_estimate (columns since Init) so pages read them with the row.
 */
class TimeTracking1764700000001 {
    name = 'TimeTracking1764700000001';
    async up(q) {
        await q.query(`CREATE TABLE timelogs (
      id serial PRIMARY KEY,
      issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      time_spent integer NOT NULL,
      spent_at date NOT NULL DEFAULT CURRENT_DATE,
      summary text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE INDEX timelogs_issue ON timelogs (issue_id, id)`);
    }
    async down(q) {
        await q.query('DROP TABLE timelogs');
    }
}
exports.TimeTracking1764700000001 = TimeTracking1764700000001;
//# sourceMappingURL=1764700000001-TimeTracking.js.map