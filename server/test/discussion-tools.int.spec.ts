import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_ACTION_TEXTS } from '@tandem/shared-types';
import type { Actor } from '../src/core/policy/policy';
import { EventLogService } from '../src/core/realtime/event-log.service';
import { IssueLoader } from '../src/modules/issue/issue.loader';
import { QuickActionsService } from '../src/modules/note/quick-actions/quick-actions.service';
import { authHeaders, bootApp, call, castOf, DB_MODES, enc, type Auth, type Cast, type TestApp } from './harness';

/**
 * The discussion area's server tools as a client finds them: quick actions in descriptions and
 * comments (QuickActionsService.run, the entry point create-note calls), description versions
 * (merged notes, the compare diff, the soft delete), autocomplete sources and attachments.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

interface PageIssue {
  iid: number;
  id: number;
  description: string;
  labels: Array<{ title: string } | string>;
  assignees: Array<{ username: string }>;
  lock_version: number;
  state: string;
}

describe.each(DB_MODES)('discussion tools on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let ids: Record<string, number>;

  const actor = (username: string): Actor => ({ id: ids[username]!, username, isAdmin: false, scopes: null });
  const systemNotes = async (id: number) =>
    (await app.ds.query(
      `SELECT id, note, author_id, description_version_id, start_description_version_id, description_version_deleted FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system ORDER BY id`,
      [id],
    )) as Array<{ id: number; note: string; author_id: number; description_version_id: number | null; start_description_version_id: number | null; description_version_deleted: boolean }>;
  const eventTypes = async (id: number) =>
    ((await app.ds.query(`SELECT type FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 ORDER BY seq`, [id])) as Array<{ type: string }>).map((r) => r.type);
  const newIssue = async (auth: Auth, body: Record<string, unknown>, path = PUBLIC) => {
    const res = await call<{ iid: number; id: number; description: string; labels: string[]; assignees: Array<{ username: string }> }>(app, 'POST', `/api/v4/projects/${enc(path)}/issues`, { auth, body });
    expect(res.status).toBe(201);
    return res.body;
  };
  const putPage = (auth: Auth, iid: number, body: Record<string, unknown>) => call<PageIssue>(app, 'PUT', `/${PUBLIC}/-/issues/${iid}.json`, { auth, body });

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    ids = Object.fromEntries(((await app.ds.query(`SELECT id, username FROM users`)) as Array<{ id: number; username: string }>).map((u) => [u.username, Number(u.id)]));
    const [p] = (await app.ds.query(`SELECT id, namespace_id FROM projects WHERE full_path = $1`, [PUBLIC])) as Array<{ id: number; namespace_id: number }>;
    await app.ds.query(`INSERT INTO labels (project_id, title, color) VALUES ($1, 'qa-bug', '#dc143c'), ($1, 'qa needs review', '#ffffff')`, [p!.id]);
    await app.ds.query(`INSERT INTO labels (group_id, title, color) VALUES ($1, 'qa-group', '#6699cc')`, [p!.namespace_id]);
    await app.ds.query(
      `INSERT INTO milestones (iid, project_id, title, state) VALUES (101, $1, 'QA Sprint 1', 'active'), (102, $1, 'QA Sprint 0', 'closed')`,
      [p!.id],
    );
  });
  afterAll(async () => app?.close());

  describe('quick actions', () => {
    it('a description with /label and /assign on PUT {issue}.json applies them, with their system notes, and stores the text without them', async () => {
      const created = await newIssue(who.alice, { title: 'QA description commands' });
      const res = await putPage(who.alice, created.iid, { description: 'Steps to reproduce.\n/label ~qa-bug ~"qa needs review"\n/assign @bob\n/shrug' });
      expect(res.status).toBe(200);
      expect(res.body.description).toBe('Steps to reproduce.\n/shrug');
      expect(res.body.assignees.map((a) => a.username)).toEqual(['bob']);
      const api = await call<{ labels: string[]; assignees: Array<{ username: string }>; description: string }>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${created.iid}`, { auth: who.alice });
      expect(api.body.labels.sort()).toEqual(['qa needs review', 'qa-bug']);
      expect(api.body.description).toBe('Steps to reproduce.\n/shrug');
      const notes = (await systemNotes(created.id)).map((n) => n.note);
      expect(notes).toEqual(expect.arrayContaining(['changed the description', 'assigned to @bob', 'added ~"qa-bug" ~"qa needs review" labels']));
      expect(await eventTypes(created.id)).toEqual(expect.arrayContaining(['issue.labels', 'issue.assignees']));
    });

    it('a new issue\'s description applies its commands on create', async () => {
      const created = await newIssue(who.alice, { title: 'QA created with commands', description: 'Body\n/label ~qa-group\n/assign me' });
      expect(created.description).toBe('Body');
      expect(created.labels).toEqual(['qa-group']);
      expect(created.assignees.map((a) => a.username)).toEqual(['alice']);
    });

    it('a comment\'s commands run in the note\'s transaction through QuickActionsService.run', async () => {
      const created = await newIssue(who.alice, { title: 'QA comment commands' });
      const service = app.running.app.get(QuickActionsService);
      const loader = app.running.app.get(IssueLoader);
      const events = app.running.app.get(EventLogService);
      const ctx = await loader.findReadable(actor('bob'), PUBLIC, created.iid);
      const run = await events.transaction((tx) => service.run(tx, actor('bob'), ctx, 'Done here.\n/close\n/weight 4\n/award :thumbsup:\n```\n/lock\n```'));
      expect(run.body).toBe('Done here.\n```\n/lock\n```');
      expect(run.commandsOnly).toBe(false);
      expect(run.status).toEqual({ messages: ['Closed this issue.', 'Set the weight to 4.', 'Toggled :thumbsup: emoji award.'], error_messages: [] });
      expect(run.changes).toMatchObject({ emoji_award: 'thumbsup', state_event: 'close', weight: 4 });
      const issue = await call<{ state: string; weight: number }>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${created.iid}`, { auth: who.bob });
      expect(issue.body).toMatchObject({ state: 'closed', weight: 4 });
      expect((await systemNotes(created.id)).map((n) => n.note)).toEqual(['closed', 'changed weight to **4**']);
      expect(await eventTypes(created.id)).toEqual(['issue.created', 'note.created', 'note.created', 'issue.updated']);

      // Command-only: nothing left to store, GitLab's notice
      const ctx2 = await loader.findReadable(actor('bob'), PUBLIC, created.iid);
      const only = await events.transaction((tx) => service.run(tx, actor('bob'), ctx2, '/reopen'));
      expect(only).toMatchObject({ body: '', commandsOnly: true, status: { messages: [QUICK_ACTION_TEXTS.reopened()], error_messages: [] } });
    });

    it('a guest\'s /close is refused and reported; the issue stays open', async () => {
      const created = await newIssue(who.alice, { title: 'QA guest close' });
      const service = app.running.app.get(QuickActionsService);
      const ctx = await app.running.app.get(IssueLoader).findReadable(actor('dave'), PUBLIC, created.iid);
      const run = await app.running.app.get(EventLogService).transaction((tx) => service.run(tx, actor('dave'), ctx, '/close\n/label ~qa-bug'));
      expect(run.status.error_messages).toEqual(['Could not apply close command.', 'Could not apply label command.']);
      expect(run.status.messages).toEqual([]);
      expect(run.commandsOnly).toBe(true);
      const issue = await call<{ state: string; labels: string[] }>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${created.iid}`, { auth: who.alice });
      expect(issue.body).toMatchObject({ state: 'opened', labels: [] });
      expect(await systemNotes(created.id)).toEqual([]);
    });
  });

  describe('description versions', () => {
    it('merges one author\'s edits into one note, starts a new one for another author, diffs and soft-deletes with permissions', async () => {
      const created = await newIssue(who.alice, { title: 'QA versions', description: 'first text' });
      const iid = created.iid;
      expect(((await app.ds.query('SELECT description FROM description_versions WHERE issue_id = $1', [created.id])) as unknown[]).length).toBe(1);
      expect((await putPage(who.alice, iid, { description: 'second text' })).status).toBe(200);
      expect((await putPage(who.alice, iid, { description: 'third <b>text</b>' })).status).toBe(200);
      let notes = await systemNotes(created.id);
      expect(notes.map((n) => n.note)).toEqual(['changed the description']);
      const [v1, v2, v3] = ((await app.ds.query('SELECT id FROM description_versions WHERE issue_id = $1 ORDER BY id', [created.id])) as Array<{ id: number }>).map((r) => Number(r.id));
      expect(notes[0]).toMatchObject({ description_version_id: v3, start_description_version_id: v2, description_version_deleted: false });
      expect(v1).toBeLessThan(v2!);
      // the merge was announced as an update of the note
      expect((await eventTypes(created.id)).filter((t) => t.startsWith('note.'))).toEqual(['note.created', 'note.updated']);

      // The note's JSON says where its compare is
      const poll = await call<{ notes: Array<{ system: boolean; description_version_id?: number; description_diff_path?: string }> }>(app, 'GET', `/${PUBLIC}/noteable/issue/${created.id}/notes`, {
        auth: who.alice,
        headers: { 'x-last-fetched-at': '0' },
      });
      const shown = poll.body.notes.find((n) => n.description_version_id === v3);
      expect(shown?.description_diff_path).toBe(`/${PUBLIC}/-/issues/${iid}/descriptions/${v3}/diff?start_version_id=${v2}`);

      // The merged run's diff: from before its start to its end, all text escaped
      const diff = await call<{ diff: string }>(app, 'GET', shown!.description_diff_path!, { auth: who.dave });
      expect(diff.status).toBe(200);
      expect(diff.body.diff).toContain('<del class="idiff deletion">first');
      expect(diff.body.diff).toContain('<ins class="idiff addition">');
      expect(diff.body.diff).not.toContain('<b>');
      expect(diff.body.diff).toContain('&lt;b&gt;');

      // Another author: a new note
      expect((await putPage(who.bob, iid, { description: 'bob text' })).status).toBe(200);
      notes = await systemNotes(created.id);
      expect(notes.map((n) => n.note)).toEqual(['changed the description', 'changed the description']);
      const bobVersion = notes[1]!.description_version_id!;
      expect(notes[1]!.start_description_version_id).toBeNull();

      // Delete: a guest may not, another reporter-less user may not, the version's author may
      const path = `/${PUBLIC}/-/issues/${iid}/descriptions/${bobVersion}`;
      expect((await call(app, 'DELETE', path, { auth: who.anonymous })).status).toBe(401);
      expect((await call(app, 'DELETE', path, { auth: who.dave })).status).toBe(403);
      expect((await call(app, 'DELETE', path, { auth: who.bob })).status).toBe(200);
      notes = await systemNotes(created.id);
      expect(notes[1]!.description_version_deleted).toBe(true);
      expect((await eventTypes(created.id)).slice(-1)).toEqual(['note.updated']);
      expect((await call(app, 'GET', `${path}/diff`, { auth: who.bob })).status).toBe(404);
      expect((await call(app, 'DELETE', path, { auth: who.bob })).status).toBe(404);

      // The deleted version's note does not absorb the next edit by the same author
      expect((await putPage(who.bob, iid, { description: 'bob again' })).status).toBe(200);
      expect((await systemNotes(created.id)).length).toBe(3);
      // A maintainer-level triager may delete anyone's version
      expect((await call(app, 'DELETE', `/${PUBLIC}/-/issues/${iid}/descriptions/${v3}?start_version_id=${v2}`, { auth: who.carol })).status).toBe(200);
      expect(((await app.ds.query('SELECT id FROM description_versions WHERE issue_id = $1 AND deleted_at IS NOT NULL ORDER BY id', [created.id])) as Array<{ id: number }>).map((r) => Number(r.id))).toEqual([v2, v3, bobVersion]);
      // Bad ids name the field
      const bad = await call<{ message: string }>(app, 'GET', `/${PUBLIC}/-/issues/${iid}/descriptions/x/diff`, { auth: who.bob });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('version_id');
    });

    it('a title-only change writes no version', async () => {
      const created = await newIssue(who.alice, { title: 'QA title only', description: 'same' });
      expect((await putPage(who.alice, created.iid, { title: 'QA title only, renamed' })).status).toBe(200);
      expect(((await app.ds.query('SELECT id FROM description_versions WHERE issue_id = $1', [created.id])) as unknown[]).length).toBe(1);
    });
  });

  describe('autocomplete sources', () => {
    const ac = (auth: Auth, kind: string, search = '', extra = '') =>
      call<Array<Record<string, unknown>>>(app, 'GET', `/${PUBLIC}/-/autocomplete_sources/${kind}?type=Issue&type_id=1&search=${encodeURIComponent(search)}${extra}`, { auth });

    it('members: members of the project and its groups, searched, the current user first', async () => {
      const all = await ac(who.carol, 'members');
      expect(all.status).toBe(200);
      expect(all.body[0]).toEqual({ username: 'carol', name: 'Carol Chen', avatar_url: expect.any(String) });
      expect(all.body.map((u) => u.username)).toEqual(expect.arrayContaining(['alice', 'bob', 'dave']));
      expect(all.body.map((u) => u.username)).not.toContain('erin');
      expect((await ac(who.carol, 'members', 'bro')).body.map((u) => u.username)).toEqual(['bob']);
    });

    it('issues: by iid or title, only the readable ones', async () => {
      const secret = await newIssue(who.alice, { title: 'QA hidden confidential', confidential: true });
      expect((await ac(who.carol, 'issues', 'QA hidden')).body).toEqual([{ iid: secret.iid, title: 'QA hidden confidential', reference: `#${secret.iid}` }]);
      expect((await ac(who.dave, 'issues', 'QA hidden')).body).toEqual([]);
      expect((await ac(who.dave, 'issues', '1')).body[0]).toMatchObject({ iid: 1, reference: '#1' });
      expect((await ac(who.dave, 'issues')).body.length).toBeLessThanOrEqual(20);
    });

    it('labels of the project and its groups, milestones that are active', async () => {
      const labels = (await ac(who.dave, 'labels', 'qa')).body;
      expect(labels).toEqual(expect.arrayContaining([{ title: 'qa-bug', color: '#dc143c', text_color: '#FFFFFF' }, { title: 'qa-group', color: '#6699cc', text_color: expect.any(String) }]));
      expect((await ac(who.dave, 'milestones', 'QA')).body).toEqual([{ iid: 101, title: 'QA Sprint 1' }]);
    });

    it('needs read_project: a private project is not found for outsiders', async () => {
      expect((await call(app, 'GET', `/${PRIVATE}/-/autocomplete_sources/members?search=`, { auth: who.erin })).status).toBe(404);
      expect((await call(app, 'GET', `/${PRIVATE}/-/autocomplete_sources/members?search=`, { auth: who.alice })).status).toBe(200);
      expect((await call(app, 'GET', `/${PUBLIC}/-/autocomplete_sources/nope`, { auth: who.alice })).status).toBe(404);
    });
  });

  describe('attachments', () => {
    const upload = async (auth: Auth, path: string, name: string, content: string | Uint8Array<ArrayBuffer>, type = 'application/octet-stream') => {
      const form = new FormData();
      form.append('file', new Blob([content], { type }), name);
      const res = await fetch(`${app.url}/${path}/uploads`, { method: 'POST', headers: authHeaders(auth), body: form });
      return { status: res.status, body: (await res.json()) as { alt: string; url: string; markdown: string; message?: string } };
    };
    // a 1x1 PNG without metadata (stored as re-encoded by sharp: the same pixels)
    const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

    it('stores an image and serves it inline to readers, with nosniff', async () => {
      const res = await upload(who.dave, PUBLIC, 'screen shot.png', PNG, 'image/png');
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(new RegExp(`^/${PUBLIC}/uploads/[0-9a-f]{32}/screen_shot\\.png$`));
      expect(res.body).toMatchObject({ alt: 'screen_shot', markdown: `![screen_shot](${res.body.url})` });
      const got = await fetch(`${app.url}${res.body.url}`);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await got.arrayBuffer()).subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    });

    it('serves HTML (and anything not an allowed image) as an attachment, never inline', async () => {
      const res = await upload(who.bob, PUBLIC, '../../evil.html', '<script>alert(1)</script>', 'text/html');
      expect(res.status).toBe(200);
      expect(res.body.markdown).toBe(`[evil.html](${res.body.url})`);
      const got = await fetch(`${app.url}${res.body.url}`);
      expect(got.headers.get('content-type')).toBe('application/octet-stream');
      expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
      const svg = await upload(who.bob, PUBLIC, 'logo.svg', '<svg onload="alert(1)"/>', 'image/svg+xml');
      expect((await fetch(`${app.url}${svg.body.url}`)).headers.get('content-type')).toBe('application/octet-stream');
    });

    it('a private project\'s file is 404 for another project\'s user and for guessed names', async () => {
      const res = await upload(who.alice, PRIVATE, 'plan.pdf', 'pdf');
      expect(res.status).toBe(200);
      const erin = await fetch(`${app.url}${res.body.url}`, { headers: authHeaders(who.erin) });
      expect(erin.status).toBe(404);
      expect((await fetch(`${app.url}${res.body.url}`)).status).toBe(404);
      expect((await fetch(`${app.url}${res.body.url}`, { headers: authHeaders(who.alice) })).status).toBe(200);
      expect((await fetch(`${app.url}/${PRIVATE}/uploads/${'0'.repeat(32)}/plan.pdf`, { headers: authHeaders(who.alice) })).status).toBe(404);
      // the same secret under another project is not the file
      expect((await fetch(`${app.url}${res.body.url.replace(PRIVATE, PUBLIC)}`)).status).toBe(404);
      expect((await upload(who.erin, PRIVATE, 'x.txt', 'x')).status).toBe(404);
    });

    it('refuses anonymous uploads, a missing file and a file over the limit (413 with a message)', async () => {
      expect((await upload(who.anonymous, PUBLIC, 'a.txt', 'a')).status).toBe(401);
      const none = await fetch(`${app.url}/${PUBLIC}/uploads`, { method: 'POST', headers: authHeaders(who.bob), body: new FormData() });
      expect(none.status).toBe(400);
      const big = await upload(who.bob, PUBLIC, 'big.bin', new Uint8Array(10 * 1024 * 1024 + 1));
      expect(big.status).toBe(413);
      expect(big.body.message).toBe('File is too big. Max filesize: 10MiB.');
    });
  });
});
