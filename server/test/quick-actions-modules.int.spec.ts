import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_ACTION_TEXTS as T, type QuickActionSource } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, issueRow, type Auth, type Cast, type TestApp } from './harness';

/**
 * The quick actions of other modules in a comment, as a client sees them: each answers GitLab's
 * message and does what the sidebar, the related-issues block, the move dialog or promote do
 * (rows, system notes on both issues); a command the actor may not run, or that does not apply
 * (a second /todo, /severity on an issue), answers "Could not apply" and changes nothing; the
 * command autocomplete lists exactly what the actor may run. Both databases.
 */
const PUBLIC = 'acme/tandem';
const P = `/${PUBLIC}`;

type Answer = { note?: string; quick_actions_status?: { messages: string[]; error_messages: string[] }; errors?: { commands_only?: string[] } };

describe.each(DB_MODES)('quick actions of other modules on %s', (mode) => {
  let app: TestApp;
  let cast: Cast;

  const newIssue = async (title: string, extra: Record<string, unknown> = {}) =>
    (await call<{ id: number; iid: number }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: cast.alice, body: { title, ...extra } })).body;
  const comment = (auth: Auth, issue: { id: number }, note: string) =>
    call<Answer>(app, 'POST', `${P}/notes?target_type=issue&target_id=${issue.id}`, { auth, body: { note: { noteable_type: 'Issue', noteable_id: issue.id, note } } });
  /** A command-only comment's answer: its messages (200) or its errors (422). */
  const only = async (auth: Auth, issue: { id: number }, note: string) => {
    const res = await comment(auth, issue, note);
    return { status: res.status, said: res.body.errors?.commands_only ?? [] };
  };
  const sysNotes = async (issueId: number) => ((await app.ds.query(`SELECT note FROM notes WHERE noteable_id = $1 AND noteable_type = 'Issue' AND system ORDER BY id`, [issueId])) as Array<{ note: string }>).map((r) => r.note);
  const q = <T>(sql: string, params: unknown[]) => app.ds.query(sql, params) as Promise<T[]>;
  const commands = async (auth: Auth, iid: number) =>
    (await call<QuickActionSource[]>(app, 'GET', `${P}/-/autocomplete_sources/commands?type=Issue&type_id=${iid}`, { auth })).body.map((c) => c.name);

  beforeAll(async () => {
    app = await bootApp(mode);
    cast = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('/todo and /done, /subscribe and /unsubscribe: each once, then not applicable', async () => {
    const issue = await newIssue('To-do and subscription');
    const bobId = Number((await q<{ id: number }>(`SELECT id FROM users WHERE username = 'bob'`, []))[0]!.id);
    const pending = async () => (await q(`SELECT 1 FROM todos WHERE user_id = $1 AND target_id = $2 AND state = 'pending'`, [bobId, issue.id])).length;
    expect(await only(cast.bob, issue, '/todo')).toEqual({ status: 200, said: [T.todoAdded] });
    expect(await pending()).toBe(1);
    expect(await only(cast.bob, issue, '/todo')).toEqual({ status: 422, said: [T.couldNotApply('todo')] });
    expect(await only(cast.bob, issue, '/done')).toEqual({ status: 200, said: [T.todoDone] });
    expect(await pending()).toBe(0);

    const subscribed = async () => (await call<{ subscribed: boolean }>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: cast.erin })).body.subscribed;
    expect(await only(cast.erin, issue, '/subscribe')).toEqual({ status: 200, said: [T.subscribed] });
    expect(await subscribed()).toBe(true);
    expect(await commands(cast.erin, issue.iid)).toEqual(expect.arrayContaining(['unsubscribe', 'todo']));
    expect(await commands(cast.erin, issue.iid)).not.toContain('subscribe');
    expect(await only(cast.erin, issue, '/unsubscribe')).toEqual({ status: 200, said: [T.unsubscribed] });
    expect(await subscribed()).toBe(false);
  });

  it('/severity on an incident, /health_status and /iteration by title; refused where they do not apply', async () => {
    const incident = await newIssue('An outage', { issue_type: 'incident' });
    expect(await only(cast.bob, incident, '/severity s1')).toEqual({ status: 200, said: [T.severitySet('Critical')] });
    expect((await issueRow(app, PUBLIC, incident.iid))!.severity).toBe('CRITICAL');
    expect(await only(cast.bob, incident, '/severity extreme')).toEqual({ status: 422, said: [T.severityNotFound] });
    const issue = await newIssue('Plain issue');
    expect(await only(cast.bob, issue, '/severity 2')).toEqual({ status: 422, said: [T.couldNotApply('severity')] });

    expect(await only(cast.bob, issue, '/health_status at_risk\n/iteration *iteration:"Sprint 2"')).toEqual({
      status: 200,
      said: [T.healthStatusSet('at_risk'), T.iterationSet('*iteration:"Sprint 2"')],
    });
    const row = (await issueRow(app, PUBLIC, issue.iid))!;
    expect(row.health_status).toBe('at_risk');
    expect(await sysNotes(issue.id)).toEqual(expect.arrayContaining([expect.stringContaining('health status'), expect.stringContaining('Sprint 2')]));
    // a guest may not set either
    expect(await only(cast.dave, issue, '/health_status on_track')).toEqual({ status: 422, said: [T.couldNotApply('health_status')] });
  });

  it('/blocks, /blocked_by and /unrelate through the related-issues block; /copy_metadata copies labels and milestone', async () => {
    const a = await newIssue('Blocker');
    const b = await newIssue('Blocked');
    const c = await newIssue('Blocks me');
    expect(await only(cast.bob, a, `/blocks #${b.iid}`)).toEqual({ status: 200, said: [T.blocks([`#${b.iid}`])] });
    expect(await only(cast.bob, a, `/blocked_by #${c.iid}`)).toEqual({ status: 200, said: [T.blockedBy([`#${c.iid}`])] });
    const links = async () => q<{ source_id: number; target_id: number; link_type: string }>(`SELECT source_id, target_id, link_type FROM issue_links WHERE source_id = $1 OR target_id = $1 ORDER BY id`, [a.id]);
    expect((await links()).map((l) => [l.source_id, l.target_id, l.link_type])).toEqual([[a.id, b.id, 'blocks'], [c.id, a.id, 'blocks']]);
    expect(await sysNotes(b.id)).toContain(`marked this issue as blocked by #${a.iid}`);

    expect(await only(cast.bob, a, `/unrelate #${b.iid}`)).toEqual({ status: 200, said: [T.unrelated(`#${b.iid}`)] });
    expect((await links()).length).toBe(1);
    expect(await only(cast.bob, a, `/unrelate #${b.iid}`)).toEqual({ status: 422, said: [T.unrelateNotFound] });
    // a guest may not link
    expect(await only(cast.dave, b, `/blocks #${c.iid}`)).toEqual({ status: 422, said: [T.couldNotApply('blocks')] });

    const source = await newIssue('Has metadata', { labels: 'bug', milestone_id: Number((await q<{ id: number }>(`SELECT id FROM milestones WHERE title = 'v1.0'`, []))[0]!.id) });
    expect(await only(cast.bob, c, `/copy_metadata #${source.iid}`)).toEqual({ status: 200, said: [T.metadataCopied(`#${source.iid}`)] });
    const copied = await call<{ labels: string[]; milestone: { title: string } | null }>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${c.iid}`, { auth: cast.bob });
    expect(copied.body.labels).toEqual(['bug']);
    expect(copied.body.milestone?.title).toBe('v1.0');
    expect(await only(cast.bob, c, '/copy_metadata #99999')).toEqual({ status: 422, said: [T.metadataNotFound] });
  });

  it('/duplicate closes the issue, notes both and relates them; itself or an unknown issue is refused', async () => {
    const canonical = await newIssue('The original report');
    const dup = await newIssue('Same bug again');
    expect(await only(cast.bob, dup, `/duplicate #${canonical.iid}`)).toEqual({ status: 200, said: [T.duplicateOf(`#${canonical.iid}`)] });
    expect((await issueRow(app, PUBLIC, dup.iid))!.state).toBe('closed');
    expect(await sysNotes(dup.id)).toEqual(expect.arrayContaining([`marked this issue as a duplicate of #${canonical.iid}`, 'closed', `marked this issue as related to #${canonical.iid}`]));
    expect(await sysNotes(canonical.id)).toContain(`marked #${dup.iid} as a duplicate of this issue`);
    expect((await q(`SELECT 1 FROM issue_links WHERE source_id = $1 AND target_id = $2 AND link_type = 'relates_to'`, [dup.id, canonical.id])).length).toBe(1);

    const other = await newIssue('Another');
    expect(await only(cast.bob, other, `/duplicate #${other.iid}`)).toEqual({ status: 422, said: [T.duplicateSelf] });
    expect(await only(cast.bob, other, '/duplicate #99999')).toEqual({ status: 422, said: [T.duplicateNotFound] });
    expect((await issueRow(app, PUBLIC, other.iid))!.state).toBe('opened');
  });

  it('/clone copies the issue (the original stays open), /move moves it; unknown targets and guests are refused', async () => {
    const issue = await newIssue('Clone and move me', { labels: 'bug' });
    expect(await only(cast.bob, issue, `/clone ${PUBLIC}`)).toEqual({ status: 200, said: [T.cloned(PUBLIC)] });
    const [copy] = await q<{ id: number; iid: number }>(`SELECT id, iid FROM issues WHERE title = 'Clone and move me' AND id <> $1`, [issue.id]);
    expect(copy).toBeDefined();
    expect(await sysNotes(copy!.id)).toContain(`cloned from #${issue.iid}`);
    expect(await sysNotes(issue.id)).toContain(`cloned to #${copy!.iid}`);
    expect((await issueRow(app, PUBLIC, issue.iid))!.state).toBe('opened');
    expect(await only(cast.bob, issue, '/clone nowhere/at-all')).toEqual({ status: 422, said: [T.cloneNoTarget] });
    expect(await only(cast.bob, issue, `/clone ${PUBLIC} --with_notes`)).toEqual({ status: 422, said: [T.cloneWithNotes] });

    expect(await only(cast.dave, issue, '/move acme/platform/secret-plans')).toEqual({ status: 422, said: [T.couldNotApply('move')] });
    expect(await only(cast.bob, issue, '/move acme/platform/secret-plans')).toEqual({ status: 200, said: [T.moved('acme/platform/secret-plans')] });
    const row = (await issueRow(app, PUBLIC, issue.iid))!;
    expect(row.state).toBe('closed');
    expect(row.moved_to_id).not.toBeNull();
    expect(await commands(cast.bob, issue.iid)).not.toContain('move');
  });

  it("a comment's preview leaves the command lines out and explains them (GitLab's preview texts)", async () => {
    const res = await call<{ html: string; commands?: string[] }>(app, 'POST', '/api/v4/markdown', {
      auth: cast.bob,
      body: { text: 'Same as before.\n/duplicate #1\n/blocks #2 #3\n/todo', project: PUBLIC, quick_actions: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.html).toContain('Same as before.');
    expect(res.body.html).not.toContain('/todo');
    expect(res.body.commands).toEqual([
      'Closes this issue. Marks as related to, and a duplicate of, #1.',
      'Set this issue as blocking #2 and #3.',
      'Adds a to-do item.',
    ]);
    // without the flag the text is rendered as it is
    const plain = await call<{ html: string; commands?: string[] }>(app, 'POST', '/api/v4/markdown', { auth: cast.bob, body: { text: '/todo', project: PUBLIC } });
    expect(plain.body).toEqual({ html: expect.stringContaining('/todo') });
  });

  it('/promote opens an epic from the issue and closes it; the autocomplete lists only what each user may run', async () => {
    const issue = await newIssue('Make me an epic');
    expect(await commands(cast.dave, issue.iid)).toEqual(expect.arrayContaining(['todo', 'subscribe', 'award']));
    for (const name of ['promote', 'move', 'close', 'blocks', 'duplicate', 'copy_metadata', 'severity']) expect(await commands(cast.dave, issue.iid)).not.toContain(name);
    expect(await commands(cast.bob, issue.iid)).toEqual(expect.arrayContaining(['promote', 'move', 'clone', 'close', 'blocks', 'blocked_by', 'unrelate', 'duplicate', 'copy_metadata', 'health_status', 'iteration']));
    expect(await commands(cast.anonymous, issue.iid)).toEqual([]);
    expect((await call(app, 'GET', `${P}/-/autocomplete_sources/commands?type=Issue`, { auth: cast.bob })).status).toBe(400);

    expect(await only(cast.dave, issue, '/promote')).toEqual({ status: 422, said: [T.couldNotApply('promote')] });
    expect(await only(cast.bob, issue, '/promote')).toEqual({ status: 200, said: [T.promoted] });
    expect((await issueRow(app, PUBLIC, issue.iid))!.state).toBe('closed');
    expect((await q(`SELECT 1 FROM epics WHERE title = 'Make me an epic'`, [])).length).toBe(1);
  });
});
