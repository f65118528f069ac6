"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SidebarTaxonomy1764500000001 = void 0;
/**
 * Iterations (sidebar spec: iteration selector): cadences per group, their iterations (stored
 * state opened/closed; upcoming/current/closed is computed from the dates), and the issue's
 * iteration. Labels and milestones already have their tables (Init).
 */
class SidebarTaxonomy1764500000001 {
    name = 'SidebarTaxonomy1764500000001';
    async up(q) {
        await q.query(`CREATE TABLE iteration_cadences (
      id serial PRIMARY KEY,
      group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
      title varchar(255) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE UNIQUE INDEX iteration_cadences_group_title ON iteration_cadences (group_id, lower(title))`);
        await q.query(`CREATE TABLE iterations (
      id serial PRIMARY KEY,
      iid integer NOT NULL,
      group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
      iteration_cadence_id integer NOT NULL REFERENCES iteration_cadences(id) ON DELETE CASCADE,
      title varchar(255),
      description text,
      state varchar(10) NOT NULL DEFAULT 'opened' CHECK (state IN ('opened','closed')),
      start_date date NOT NULL,
      due_date date NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (due_date >= start_date)
    )`);
        await q.query(`CREATE UNIQUE INDEX iterations_group_iid ON iterations (group_id, iid)`);
        await q.query(`CREATE INDEX iterations_cadence_dates ON iterations (iteration_cadence_id, start_date)`);
        await q.query(`CREATE UNIQUE INDEX milestones_project_iid ON milestones (project_id, iid) WHERE project_id IS NOT NULL`);
        await q.query(`CREATE UNIQUE INDEX milestones_group_iid ON milestones (group_id, iid) WHERE group_id IS NOT NULL`);
        await q.query(`ALTER TABLE issues ADD COLUMN iteration_id integer REFERENCES iterations(id) ON DELETE SET NULL`);
    }
    async down(q) {
        await q.query('ALTER TABLE issues DROP COLUMN iteration_id');
        await q.query('DROP INDEX milestones_group_iid');
        await q.query('DROP INDEX milestones_project_iid');
        await q.query('DROP TABLE iterations');
        await q.query('DROP TABLE iteration_cadences');
    }
}
exports.SidebarTaxonomy1764500000001 = SidebarTaxonomy1764500000001;
//# sourceMappingURL=1764500000001-SidebarTaxonomy.js.map