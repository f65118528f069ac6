import { hash } from '@node-rs/argon2';
import type { DataSource } from 'typeorm';
import { DEMO_PASSWORD } from '@tandem/shared-types';
import { MarkdownService } from '../../core/markdown/markdown.service';
import { newDiscussionId } from '../note/note-writer';
import { seedDemoDiscussions } from './demo-discussions';
import { seedDemoIssuePage } from './demo-issue-page.seed';
import { seedDemoSocial } from './demo-social.seed';
import { seedDemoTaxonomy } from './demo-taxonomy.seed';
import { seedDemoPlanning } from './demo-planning.seed';

/** Demo users (password `tandem-demo`, demo data only) and their role in the demo group. */
export const DEMO_USERS = [
  { username: 'alice', name: 'Alice Adams', level: 50 },
  { username: 'bob', name: 'Bob Brown', level: 30 },
  { username: 'carol', name: 'Carol Chen', level: 20 },
  { username: 'dave', name: 'Dave Diaz', level: 10 },
  { username: 'erin', name: 'Erin Evans', level: null },
] as const;

export const DEMO_GROUP = 'acme';
export const DEMO_PROJECT = 'acme/tandem';
export const DEMO_PRIVATE_PROJECT = 'acme/platform/secret-plans';

const ISSUES: Array<{ title: string; description: string; type?: 'incident' | 'test_case'; confidential?: boolean; closed?: boolean; labels?: string[]; assignees?: string[]; author: string }> = [
  { author: 'alice', title: 'Real-time updates for the issue page', labels: ['feature', 'realtime'], assignees: ['bob'], description: 'Every change should reach everyone watching **within milliseconds**.\n\n- [x] Event log with per-issue sequence\n- [ ] Socket.IO gateway\n- [ ] Polling fallback with ETag\n\nSee #2 and #3. cc @bob @carol' },
  { author: 'bob', title: 'Sidebar collapses badly at 360 px', labels: ['bug', 'ui'], description: 'On a narrow phone the sidebar overlaps the description.\n\n1. Open any issue on a phone\n2. Rotate to portrait\n\n> Expected: the sidebar becomes a drawer.' },
  { author: 'carol', title: 'Checkout API returns 502 for EU customers', type: 'incident', labels: ['incident', 'severity::1'], assignees: ['alice', 'bob'], description: '## Summary\n\nSince 09:12 UTC the checkout API answers `502 Bad Gateway` for ~30% of EU requests.\n\n## Timeline\n\n| time | event |\n| --- | --- |\n| 09:12 | alert fired |\n| 09:20 | on-call paged |\n\n```sh\ncurl -i https://api.example.com/checkout\n```' },
  { author: 'alice', title: 'Rotate the staging database credentials', confidential: true, labels: ['security'], assignees: ['bob'], description: 'The staging credentials were pasted in a public channel. Rotate them and audit access.\n\n- [ ] Rotate\n- [ ] Audit logs' },
  { author: 'bob', title: 'Upgrade to Node 22 LTS', closed: true, labels: ['maintenance'], description: 'Done in the last release. :tada:' },
  { author: 'dave', title: 'Markdown preview does not render task lists', labels: ['bug'], description: 'Typing `- [ ] item` in the editor preview shows a literal bracket.' },
  { author: 'carol', title: 'Add keyboard shortcut to save the description', labels: ['feature', 'accessibility'], description: 'Ctrl/Cmd+Enter should save while the title or description field has focus.' },
  { author: 'alice', title: 'Document the scale-out setup', labels: ['documentation'], description: 'Explain how to run two nodes behind a load balancer with Redis fan-out.' },
  { author: 'bob', title: 'Flaky test: notes polling overlap', labels: ['bug', 'ci'], description: 'The overlap window is 5 s; the test assumes 1 s.' },
  { author: 'erin', title: 'Dark mode contrast for labels', labels: ['ui'], description: 'Light label text on light backgrounds is unreadable in dark mode.' },
  { author: 'alice', title: 'Emoji reactions on notes', labels: ['feature'], description: 'Support :thumbsup: and :thumbsdown: with mutual exclusion.' },
  { author: 'carol', title: 'Milestone dates in the sidebar', labels: ['feature', 'ui'], description: 'Show start and due date in the milestone tooltip.' },
  { author: 'bob', title: 'Time tracking: human readable estimates', labels: ['feature'], description: 'Show `3h 30m` rather than `12600`.' },
  { author: 'dave', title: 'Search issues by label', labels: ['feature', 'search'], description: 'Filter by `~bug` and `~ui` at the same time.' },
  { author: 'alice', title: 'Rate limit note creation', labels: ['security'], description: 'Return 429 with a clear message when a user posts too fast.' },
  { author: 'bob', title: 'Reconnect storm after deploy', labels: ['realtime', 'performance'], description: 'All sockets reconnect at once after a node restart; add jitter to the backoff.' },
  { author: 'carol', title: 'Confidential notes for reporters', labels: ['feature'], description: 'Internal notes should be visible to reporters and up only.' },
  { author: 'alice', title: 'Checkout flow regression suite', type: 'test_case', labels: ['qa'], description: 'Cover the happy path, declined cards and 3-D Secure.' },
  { author: 'bob', title: 'Link related issues', labels: ['feature'], description: 'Relates to, blocks, is blocked by.' },
  { author: 'dave', title: 'Typo in the sign-in page', labels: ['ui', 'good first issue'], description: '"Pasword" should read "Password".' },
  { author: 'carol', title: 'Export issues as CSV', labels: ['feature'], description: 'Columns: iid, title, state, assignees, labels.' },
  { author: 'alice', title: 'Weight field validation', labels: ['bug'], description: 'Only numeral characters should be allowed.' },
];

/**
 * Seeds the demo on an empty database; does nothing when any user exists. The check runs under
 * a transaction-scoped advisory lock, so nodes starting together seed once.
 */
export async function seedDemo(ds: DataSource): Promise<boolean> {
  // Bot users (the Support Bot the migrations create) are no sign of a used database
  const [{ n }] = (await ds.query('SELECT count(*)::int AS n FROM users WHERE user_type IS NULL')) as [{ n: number }];
  if (n > 0) return false;
  const md = new MarkdownService();
  const passwordHash = await hash(DEMO_PASSWORD);
  return ds.transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock(727275)');
    const [{ n: again }] = (await m.query('SELECT count(*)::int AS n FROM users WHERE user_type IS NULL')) as [{ n: number }];
    if (again > 0) return false;
    const userIds = new Map<string, number>();
    for (const u of DEMO_USERS) {
      const [row] = (await m.query(
        `INSERT INTO users (username, name, email, password_hash, is_admin) VALUES ($1, $2, $3, $4, false) RETURNING id`,
        [u.username, u.name, `${u.username}@example.com`, passwordHash],
      )) as [{ id: number }];
      userIds.set(u.username, row.id);
    }
    const [group] = (await m.query(
      `INSERT INTO namespaces (type, name, path, full_path, visibility, description) VALUES ('Group', 'Acme', 'acme', 'acme', 'public', 'The Acme demo group') RETURNING id`,
    )) as [{ id: number }];
    const [sub] = (await m.query(
      `INSERT INTO namespaces (type, name, path, full_path, parent_id, visibility) VALUES ('Group', 'Platform', 'platform', 'acme/platform', $1, 'private') RETURNING id`,
      [group.id],
    )) as [{ id: number }];
    for (const u of DEMO_USERS) {
      if (u.level) await m.query(`INSERT INTO members (source_type, source_id, user_id, access_level) VALUES ('Namespace', $1, $2, $3)`, [group.id, userIds.get(u.username), u.level]);
    }
    const [project] = (await m.query(
      `INSERT INTO projects (namespace_id, name, path, full_path, description, visibility, creator_id) VALUES ($1, 'Tandem', 'tandem', $2, 'The demo project: a real-time issue tracker tracking itself.', 'public', $3) RETURNING id`,
      [group.id, DEMO_PROJECT, userIds.get('alice')],
    )) as [{ id: number }];
    const [priv] = (await m.query(
      `INSERT INTO projects (namespace_id, name, path, full_path, description, visibility, creator_id) VALUES ($1, 'Secret plans', 'secret-plans', $2, 'A private project of a private subgroup.', 'private', $3) RETURNING id`,
      [sub.id, DEMO_PRIVATE_PROJECT, userIds.get('alice')],
    )) as [{ id: number }];
    const labelIds = new Map<string, number>();
    const colors: Record<string, string> = { bug: '#dc143c', feature: '#009966', incident: '#cc338b', security: '#ed9121', ui: '#6699cc', realtime: '#6a5acd', documentation: '#808080' };
    const label = async (title: string) => {
      if (!labelIds.has(title)) {
        const [r] = (await m.query(`INSERT INTO labels (project_id, title, color) VALUES ($1, $2, $3) RETURNING id`, [project.id, title, colors[title] ?? '#8fbc8f'])) as [{ id: number }];
        labelIds.set(title, r.id);
      }
      return labelIds.get(title)!;
    };
    const start = Date.now() - ISSUES.length * 3600_000 * 5;
    let iid = 0;
    for (const [k, spec] of ISSUES.entries()) {
      iid++;
      const created = new Date(start + k * 3600_000 * 5);
      const closed = spec.closed ? new Date(created.getTime() + 3600_000) : null;
      const [row] = (await m.query(
        `INSERT INTO issues (project_id, iid, issue_type, title, description, description_html, state, closed_at, closed_by_id, confidential, author_id, updated_by_id, created_at, updated_at, severity)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $12, $13) RETURNING id`,
        [project.id, iid, spec.type ?? 'issue', spec.title, spec.description, md.render(spec.description, { projectPath: DEMO_PROJECT }), closed ? 'closed' : 'opened', closed, closed ? userIds.get('alice') : null, spec.confidential ?? false, userIds.get(spec.author), created, spec.type === 'incident' ? 'CRITICAL' : 'UNKNOWN'],
      )) as [{ id: number }];
      for (const l of spec.labels ?? []) await m.query(`INSERT INTO label_links (label_id, target_type, target_id) VALUES ($1, 'Issue', $2)`, [await label(l), row.id]);
      for (const [pos, a] of (spec.assignees ?? []).entries()) await m.query(`INSERT INTO issue_assignees (issue_id, user_id, position) VALUES ($1, $2, $3)`, [row.id, userIds.get(a), pos]);
      if (k < 3) {
        for (const [author, body] of [['bob', 'I can pick this up this week.'], ['carol', 'Thanks! Please keep the spec texts in `shared-types`.']] as const) {
          await m.query(
            `INSERT INTO notes (noteable_type, noteable_id, project_id, author_id, note, note_html, discussion_id, created_at, updated_at) VALUES ('Issue', $1, $2, $3, $4, $5, $6, $7, $7)`,
            [row.id, project.id, userIds.get(author), body, md.render(body), newDiscussionId(), new Date(created.getTime() + 600_000)],
          );
        }
      }
      if (k === 0) await seedDemoDiscussions(m, md, { issueId: row.id, projectId: project.id, projectPath: DEMO_PROJECT, createdAt: created, userIds });
      if (closed) {
        await m.query(
          `INSERT INTO notes (noteable_type, noteable_id, project_id, author_id, note, note_html, discussion_id, system, system_note_icon_name, created_at, updated_at) VALUES ('Issue', $1, $2, $3, 'closed', '<p>closed</p>', $4, true, 'issue-close', $5, $5)`,
          [row.id, project.id, userIds.get('alice'), newDiscussionId(), closed],
        );
      }
    }
    await m.query('UPDATE projects SET last_issue_iid = $1 WHERE id = $2', [iid, project.id]);
    await seedDemoSocial(m, md, DEMO_PROJECT, project.id, userIds);
    await seedDemoIssuePage(m, project.id);
    await seedDemoTaxonomy(m, group.id, project.id);
    await seedDemoPlanning(m, md, group.id, DEMO_GROUP, project.id, userIds.get('alice')!);
    const privIssues = ['Acquire competitor (draft)', 'Q3 pricing experiment'];
    for (const [k, title] of privIssues.entries()) {
      await m.query(
        `INSERT INTO issues (project_id, iid, title, description, description_html, author_id) VALUES ($1, $2, $3, $4, $5, $6)`,
        [priv.id, k + 1, title, 'Private to the platform group.', '<p>Private to the platform group.</p>', userIds.get('alice')],
      );
    }
    await m.query('UPDATE projects SET last_issue_iid = $1 WHERE id = $2', [privIssues.length, priv.id]);
    return true;
  });
}
