"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEMO_ISSUE_TEMPLATES = void 0;
exports.seedDemoIssuePage = seedDemoIssuePage;
/** Description templates the demo project offers in the edit form's chooser. */
exports.DEMO_ISSUE_TEMPLATES = [
    {
        name: 'Bug',
        content: '## Summary\n\n## Steps to reproduce\n\n1. \n\n## What is the current behavior?\n\n## What is the expected behavior?\n',
    },
    {
        name: 'Feature proposal',
        content: '## Problem to solve\n\n## Proposal\n\n## Who benefits?\n',
    },
];
/** The issue page's demo data (inside seedDemo's transaction): description templates of acme/tandem. */
async function seedDemoIssuePage(m, projectId) {
    for (const t of exports.DEMO_ISSUE_TEMPLATES)
        await m.query(`INSERT INTO issue_templates (project_id, name, content) VALUES ($1, $2, $3)`, [projectId, t.name, t.content]);
}
//# sourceMappingURL=demo-issue-page.seed.js.map