"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.seedDemoTaxonomy = seedDemoTaxonomy;
const ymd = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/**
 * The sidebar taxonomy's demo data (added to the demo, changing nothing seeded before it):
 * scoped sibling labels workflow::doing / workflow::review and a group label, an active milestone
 * with dates and an expired one, and an iteration cadence with a past and a current iteration.
 */
async function seedDemoTaxonomy(m, groupId, projectId) {
    for (const [title, color, description] of [
        ['workflow::doing', '#d9534f', 'Someone is on it'],
        ['workflow::review', '#5cb85c', 'Waiting for a review'],
    ]) {
        await m.query(`INSERT INTO labels (project_id, title, color, description) VALUES ($1, $2, $3, $4)`, [projectId, title, color, description]);
    }
    await m.query(`INSERT INTO labels (group_id, title, color, description) VALUES ($1, 'needs review', '#f0ad4e', 'A group label of Acme')`, [groupId]);
    await m.query(`INSERT INTO milestones (iid, project_id, title, description, start_date, due_date) VALUES
       (1, $1, 'v1.0', 'The first stable release', $2::date, $3::date),
       (2, $1, 'v0.9', 'The beta (past its due date)', $4::date, $5::date)`, [projectId, ymd(-14), ymd(30), ymd(-60), ymd(-10)]);
    const [cadence] = (await m.query(`INSERT INTO iteration_cadences (group_id, title) VALUES ($1, 'Sprints') RETURNING id`, [groupId]));
    await m.query(`INSERT INTO iterations (iid, group_id, iteration_cadence_id, title, start_date, due_date) VALUES
       (1, $1, $2, 'Sprint 1', $3::date, $4::date),
       (2, $1, $2, 'Sprint 2', $5::date, $6::date)`, [groupId, cadence.id, ymd(-21), ymd(-8), ymd(-7), ymd(6)]);
}
//# sourceMappingURL=demo-taxonomy.seed.js.map