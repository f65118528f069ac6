import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, type Cast, type TestApp } from './harness';

/**
 * Task-list checkboxes in a description (GitLab's `update_task` on PUT {issue}.json): the line
 * is ticked in the stored markdown, the count and the HTML follow, a system note says which
 * item, and a line that no longer reads as the client saw it is a version conflict (409).
 */
const PUBLIC = 'acme/tandem';

interface PageIssue {
  id: number;
  iid: number;
  description: string;
  description_html: string;
  lock_version: number;
  task_completion_status: { count: number; completed_count: number };
  errors?: string[];
}

describe.each(DB_MODES)('task lists on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const description = 'Steps:\n\n- [ ] write the test\n- [x] read the spec\n  - [ ] nested step\n';

  const newIssue = async () =>
    (await call<PageIssue>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: who.alice, body: { title: 'Checklist', description } })).body;
  const toggle = (iid: number, auth: Cast[keyof Cast], body: Record<string, unknown>) =>
    call<PageIssue>(app, 'PUT', `/${PUBLIC}/-/issues/${iid}.json`, { auth, body });
  const stored = async (id: number) => ((await app.ds.query('SELECT description, lock_version FROM issues WHERE id = $1', [id])) as Array<{ description: string; lock_version: number }>)[0]!;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('ticks the named line, answers the new count and HTML, and notes the item', async () => {
    const issue = await newIssue();
    expect(issue.description_html).toContain('data-sourcepos="3:1-3:1"');
    const res = await toggle(issue.iid, who.bob, { lock_version: issue.lock_version, update_task: { index: 1, checked: true, line_number: 3, line_source: '- [ ] write the test' } });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe('Steps:\n\n- [x] write the test\n- [x] read the spec\n  - [ ] nested step\n');
    expect(res.body.task_completion_status).toEqual({ count: 3, completed_count: 2 });
    expect(res.body.lock_version).toBe(issue.lock_version + 1);
    expect((await stored(issue.id)).description).toBe(res.body.description);
    const notes = (await app.ds.query(`SELECT note FROM notes WHERE noteable_id = $1 AND system ORDER BY id`, [issue.id])) as Array<{ note: string }>;
    expect(notes.map((n) => n.note)).toContain('marked the checklist item **write the test** as completed');
    const [event] = (await app.ds.query(`SELECT payload FROM issue_events WHERE noteable_id = $1 AND type = 'issue.updated' ORDER BY seq DESC LIMIT 1`, [issue.id])) as Array<{
      payload: { payload: { fields: { task_completion_status: unknown; description: string } } };
    }>;
    expect(event!.payload.payload.fields.task_completion_status).toEqual({ count: 3, completed_count: 2 });

    // Clearing a nested item works the same way
    const cleared = await toggle(issue.iid, who.bob, { lock_version: res.body.lock_version, update_task: { checked: false, line_number: 4, line_source: '- [x] read the spec' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.task_completion_status).toEqual({ count: 3, completed_count: 1 });
  });

  it('refuses a line that changed since the page read it (409, nothing written), and a stale lock_version', async () => {
    const issue = await newIssue();
    const moved = await toggle(issue.iid, who.bob, { update_task: { checked: true, line_number: 3, line_source: '- [ ] something else' } });
    expect(moved.status).toBe(409);
    expect(moved.body.errors).toEqual([expect.stringContaining('Someone edited this issue at the same time you did')]);
    const stale = await toggle(issue.iid, who.bob, { lock_version: issue.lock_version + 5, update_task: { checked: true, line_number: 3, line_source: '- [ ] write the test' } });
    expect(stale.status).toBe(409);
    expect(await stored(issue.id)).toEqual({ description, lock_version: issue.lock_version });
    expect(TEXTS.taskListConflict('issue')).toContain('make your changes again');
  });

  it('validates the toggle and checks the permission', async () => {
    const issue = await newIssue();
    const bad = await toggle(issue.iid, who.bob, { update_task: { checked: 'maybe', line_number: 0, line_source: 3 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors!.join(' ')).toMatch(/Update task/);
    // a guest may read the issue but not tick its tasks
    const guest = await toggle(issue.iid, who.dave, { update_task: { checked: true, line_number: 3, line_source: '- [ ] write the test' } });
    expect(guest.status).toBe(403);
    expect((await stored(issue.id)).description).toBe(description);
  });
});
