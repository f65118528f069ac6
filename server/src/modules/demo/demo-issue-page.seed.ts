import type { EntityManager } from 'typeorm';

/** Description templates the demo project offers in the edit form's chooser. */
export const DEMO_ISSUE_TEMPLATES = [
  {
    name: 'Bug',
    content: '## Summary\n\n## Steps to reproduce\n\n1. \n\n## What is the current behavior?\n\n## What is the expected behavior?\n',
  },
  {
    name: 'Feature proposal',
    content: '## Problem to solve\n\n## Proposal\n\n## Who benefits?\n',
  },
] as const;

/** The issue page's demo data (inside seedDemo's transaction): description templates of acme/tandem. */
export async function seedDemoIssuePage(m: EntityManager, projectId: number): Promise<void> {
  for (const t of DEMO_ISSUE_TEMPLATES) await m.query(`INSERT INTO issue_templates (project_id, name, content) VALUES ($1, $2, $3)`, [projectId, t.name, t.content]);
}
