import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { DISCUSSION_TEXTS, ERRORS, type PageData, type RelatedIssue } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, gql, insertPat, issueRow, signIn, type Auth, type Cast, type TestApp } from './harness';

/**
 * Related issues as clients see them: the page block's list, add (references parsed, both
 * directions, system notes and issue.links events on both issues), remove and reorder; what a
 * viewer may not read left out; blocked_by in the page data; REST v4 links in GitLab's shapes;
 * confidentiality and lock mutations with their errors payload, on Postgres and PGlite.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

describe.each(DB_MODES)('related issues on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const links = (iid: number) => `/${PUBLIC}/-/issues/${iid}/links`;
  const list = async (iid: number, auth: Auth = who.bob) => (await call<RelatedIssue[]>(app, 'GET', links(iid), { auth })).body;
  const add = (iid: number, refs: string[], linkType?: string, auth: Auth = who.carol) =>
    call<{ issuables: RelatedIssue[]; message?: string }>(app, 'POST', links(iid), { auth, body: { issuable_references: refs, ...(linkType ? { link_type: linkType } : {}) } });
  const newIssue = async (title: string, extra: Record<string, unknown> = {}, project = PUBLIC) =>
    (await call<{ id: number; iid: number }>(app, 'POST', `/api/v4/projects/${enc(project)}/issues`, { auth: who.alice, body: { title, ...extra } })).body;
  const notesOf = async (issueId: number) =>
    ((await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system ORDER BY id`, [issueId])) as Array<{ note: string }>).map((r) => r.note);
  const eventsOf = async (issueId: number) =>
    ((await app.ds.query(`SELECT type, payload FROM issue_events WHERE noteable_id = $1 AND type IN ('issue.links', 'note.created') ORDER BY seq`, [issueId])) as Array<{ type: string; payload: { payload: unknown } | string }>).map(
      (r) => ({ type: r.type, payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).payload as Record<string, unknown> }),
    );

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the demo has #16 blocking #8', async () => {
    expect((await list(8)).map((i) => [i.iid, i.link_type])).toEqual([[16, 'is_blocked_by']]);
    expect((await list(16)).map((i) => [i.iid, i.link_type])).toEqual([[8, 'blocks']]);
    expect((await notesOf((await issueRow(app, PUBLIC, 8))!.id)).at(-1)).toBe('marked this issue as blocked by #16');
  });

  it('links by #iid, bare digits, full reference and URL; both issues get a note and an event; duplicates removed', async () => {
    const a = await newIssue('Link source');
    const b = await newIssue('Link target b');
    const c = await newIssue('Link target c');
    const d = await newIssue('Link target d');
    const res = await add(a.iid, [`#${b.iid}`, String(c.iid), `${PUBLIC}#${d.iid}`, `#${b.iid}`]);
    expect(res.status).toBe(200);
    expect(res.body.issuables.map((i) => [i.iid, i.link_type, i.reference])).toEqual([
      [b.iid, 'relates_to', `#${b.iid}`],
      [c.iid, 'relates_to', `#${c.iid}`],
      [d.iid, 'relates_to', `#${d.iid}`],
    ]);
    const first = res.body.issuables[0]!;
    expect(first).toMatchObject({ id: b.id, title: 'Link target b', state: 'opened', confidential: false, path: `/${PUBLIC}/-/issues/${b.iid}`, project_path: PUBLIC, assignees: [], milestone: null });
    expect(first.relation_path).toBe(`/${PUBLIC}/-/issues/${a.iid}/links/${first.id_link}`);
    expect(await notesOf(a.id)).toEqual([`marked this issue as related to #${b.iid}`, `marked this issue as related to #${c.iid}`, `marked this issue as related to #${d.iid}`]);
    expect(await notesOf(b.id)).toEqual([`marked this issue as related to #${a.iid}`]);
    expect((await eventsOf(b.id)).map((e) => e.type)).toEqual(['note.created', 'issue.links']);
    expect((await eventsOf(b.id))[1]!.payload).toEqual({ link_type: 'relates_to' });
    // the other side lists the link too
    expect((await list(b.iid)).map((i) => [i.iid, i.link_type])).toEqual([[a.iid, 'relates_to']]);

    const byUrl = await newIssue('Linked by URL');
    expect((await add(a.iid, [`${app.url}/${PUBLIC}/-/issues/${byUrl.iid}`])).body.issuables.map((i) => i.iid)).toContain(byUrl.iid);
    const again = await add(a.iid, [`#${b.iid}`]);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(DISCUSSION_TEXTS.relatedAlreadyLinked);
    // the pair is one link whatever the direction
    expect((await add(b.iid, [`#${a.iid}`], 'blocks')).status).toBe(409);
  });

  it('stores blocks one way: the blocked issue reads is_blocked_by and has the open blocker in its page data', async () => {
    const blocker = await newIssue('Blocker');
    const blocked = await newIssue('Blocked');
    const other = await newIssue('Blocked by request');
    expect((await add(blocker.iid, [`#${blocked.iid}`], 'blocks')).status).toBe(200);
    expect((await add(other.iid, [`#${blocker.iid}`], 'is_blocked_by')).status).toBe(200);
    expect((await list(blocker.iid)).map((i) => [i.iid, i.link_type])).toEqual([
      [blocked.iid, 'blocks'],
      [other.iid, 'blocks'],
    ]);
    expect((await list(blocked.iid)).map((i) => [i.iid, i.link_type])).toEqual([[blocker.iid, 'is_blocked_by']]);
    expect((await list(other.iid)).map((i) => [i.iid, i.link_type])).toEqual([[blocker.iid, 'is_blocked_by']]);
    const rows = (await app.ds.query('SELECT source_id, target_id, link_type FROM issue_links WHERE source_id = $1 OR target_id = $1 ORDER BY id', [blocker.id])) as Array<{ source_id: number; target_id: number; link_type: string }>;
    expect(rows).toEqual([
      { source_id: blocker.id, target_id: blocked.id, link_type: 'blocks' },
      { source_id: blocker.id, target_id: other.id, link_type: 'blocks' },
    ]);
    expect(await notesOf(blocker.id)).toEqual([`marked this issue as blocking #${blocked.iid}`, `marked this issue as blocking #${other.iid}`]);
    expect(await notesOf(other.id)).toEqual([`marked this issue as blocked by #${blocker.iid}`]);
    expect((await eventsOf(other.id)).find((e) => e.type === 'issue.links')!.payload).toEqual({ link_type: 'is_blocked_by' });

    const pageData = async (iid: number) => {
      const page = await call(app, 'GET', `/${PUBLIC}/-/issues/${iid}`, { auth: await signIn(app, 'bob'), headers: { accept: 'text/html' } });
      return (JSON.parse(/<script id="tandem-data" type="application\/json">(.*?)<\/script>/s.exec(page.text)![1]!) as PageData).issue!;
    };
    const data = await pageData(blocked.iid);
    expect(data.blocked_by_count).toBe(1);
    expect(data.blocked_by_issues).toEqual([{ id: blocker.id, iid: blocker.iid, title: 'Blocker', reference: `#${blocker.iid}`, web_url: `${app.url}/${PUBLIC}/-/issues/${blocker.iid}` }]);
    expect((await pageData(blocker.iid)).blocked_by_count).toBe(0);
    // a closed blocker blocks no more
    await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${blocker.iid}`, { auth: who.alice, body: { state_event: 'close' } });
    expect((await pageData(blocked.iid)).blocked_by_count).toBe(0);
  });

  it('refuses what it cannot link: unknown or unreadable references (404 naming them), no admin right (403), bad input (400), changing nothing', async () => {
    const a = await newIssue('Refusals');
    const secret = await newIssue('Secret one', { confidential: true });
    const before = await notesOf(a.id);
    const unknown = await add(a.iid, ['#999999', 'no/such#1', 'gibberish']);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(DISCUSSION_TEXTS.relatedNotFoundFor('#999999, no/such#1, gibberish'));
    // a guest may not administer the issue: refused before any reference is looked up
    const guest = await add(a.iid, [`#${secret.iid}`], undefined, who.dave);
    expect(guest.status).toBe(403);
    expect(guest.body.message).toBe(DISCUSSION_TEXTS.relatedNoPermission);
    // a non-member cannot administer at all; a reporter of the group links a private project's issue by full reference
    expect((await add(a.iid, [`#${secret.iid}`], undefined, who.erin)).status).toBe(403);
    expect((await add(a.iid, [`${PRIVATE}#1`], undefined, who.carol)).status).toBe(200);
    expect((await call(app, 'POST', links(a.iid), { auth: who.anonymous, body: { issuable_references: ['#1'] } })).status).toBe(401);
    const badType = await add(a.iid, ['#1'], 'duplicates');
    expect(badType.status).toBe(400);
    expect(Object.keys(badType.body.message as unknown as Record<string, string[]>)).toEqual(['link_type']);
    const empty = await call<{ message: Record<string, string[]> }>(app, 'POST', links(a.iid), { auth: who.carol, body: { issuable_references: [] } });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.message)).toEqual(['issuable_references']);
    const self = await add(a.iid, [`#${a.iid}`]);
    expect(self.status).toBe(400);
    expect(Object.keys(self.body.message as unknown as Record<string, string[]>)).toEqual(['issuable_references']);
    expect(await notesOf(a.id)).toEqual([...before, `marked this issue as related to ${PRIVATE}#1`]);
  });

  it('leaves out linked issues the viewer may not read: a confidential one is hidden from a guest', async () => {
    const open = await newIssue('Open with a secret link');
    const secret = await newIssue('Confidential linked', { confidential: true });
    const visible = await newIssue('Visible linked');
    expect((await add(open.iid, [`#${secret.iid}`, `#${visible.iid}`])).status).toBe(200);
    expect((await list(open.iid, who.carol)).map((i) => i.iid)).toEqual([secret.iid, visible.iid]);
    expect((await list(open.iid, who.dave)).map((i) => i.iid)).toEqual([visible.iid]);
    expect((await list(open.iid, who.anonymous)).map((i) => i.iid)).toEqual([visible.iid]);
    const rest = await call<Array<{ iid: number }>>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${open.iid}/links`, { auth: who.erin });
    expect(rest.body.map((i) => i.iid)).toEqual([visible.iid]);
    // the hidden link cannot be removed by id either
    const hiddenLink = (await list(open.iid, who.carol)).find((i) => i.iid === secret.iid)!.id_link;
    expect((await call(app, 'DELETE', `${links(open.iid)}/${hiddenLink}`, { auth: who.dave })).status).toBe(404);
  });

  it('removes a link (notes and events on both) and reorders the list', async () => {
    const a = await newIssue('Reorder source');
    const [b, c, d] = [await newIssue('R b'), await newIssue('R c'), await newIssue('R d')];
    const made = (await add(a.iid, [`#${b.iid}`, `#${c.iid}`, `#${d.iid}`])).body.issuables;
    const idOf = (iid: number) => made.find((i) => i.iid === iid)!.id_link;
    // move d between b and c
    const moved = await call<{ issuables: RelatedIssue[] }>(app, 'PUT', `${links(a.iid)}/${idOf(d.iid)}`, { auth: who.carol, body: { epic: { move_before_id: idOf(b.iid), move_after_id: idOf(c.iid) } } });
    expect(moved.status).toBe(200);
    expect(moved.body.issuables.map((i) => i.iid)).toEqual([b.iid, d.iid, c.iid]);
    expect((await list(a.iid)).map((i) => i.iid)).toEqual([b.iid, d.iid, c.iid]);
    // to the top
    await call(app, 'PUT', `${links(a.iid)}/${idOf(c.iid)}`, { auth: who.carol, body: { epic: { move_before_id: null, move_after_id: idOf(b.iid) } } });
    expect((await list(a.iid)).map((i) => i.iid)).toEqual([c.iid, b.iid, d.iid]);
    expect((await call(app, 'PUT', `${links(a.iid)}/${idOf(c.iid)}`, { auth: who.dave, body: { epic: { move_before_id: null, move_after_id: idOf(b.iid) } } })).status).toBe(403);
    expect((await call(app, 'PUT', `${links(a.iid)}/${idOf(c.iid)}`, { auth: who.carol, body: { epic: { move_after_id: 'x' } } })).status).toBe(400);

    const removed = await call<{ issuables: RelatedIssue[] }>(app, 'DELETE', `${links(a.iid)}/${idOf(b.iid)}`, { auth: who.carol });
    expect(removed.status).toBe(200);
    expect(removed.body.issuables.map((i) => i.iid)).toEqual([c.iid, d.iid]);
    expect((await notesOf(a.id)).at(-1)).toBe(`removed the relation with #${b.iid}`);
    expect((await notesOf(b.id)).at(-1)).toBe(`removed the relation with #${a.iid}`);
    expect((await eventsOf(b.id)).at(-1)).toEqual({ type: 'issue.links', payload: { link_type: null } });
    expect((await call(app, 'DELETE', `${links(a.iid)}/${idOf(b.iid)}`, { auth: who.carol })).status).toBe(404);
    expect((await call(app, 'DELETE', `${links(a.iid)}/${idOf(c.iid)}`, { auth: who.dave })).status).toBe(403);
  });

  it('a watcher of each issue receives its issue.links event and system note live', async () => {
    const a = await newIssue('Live a');
    const b = await newIssue('Live b');
    const token = await insertPat(app, 'dave');
    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token }, reconnection: false });
    const live: Array<{ type: string; issue: { iid: number }; payload: Record<string, unknown> }> = [];
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      for (const t of ['issue.links', 'note.created']) socket.on(t, (e: (typeof live)[number]) => live.push(e));
      for (const iid of [a.iid, b.iid]) expect(await socket.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PUBLIC, iid })).toMatchObject({ ok: true });
      await add(a.iid, [`#${b.iid}`], 'blocks');
      const deadline = Date.now() + 5000;
      while (live.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const seen = live.map((e) => [e.issue.iid, e.type, e.type === 'issue.links' ? e.payload.link_type : (e.payload.note as { note: string }).note]);
      expect(seen).toEqual(
        expect.arrayContaining([
          [a.iid, 'note.created', `marked this issue as blocking #${b.iid}`],
          [a.iid, 'issue.links', 'blocks'],
          [b.iid, 'note.created', `marked this issue as blocked by #${a.iid}`],
          [b.iid, 'issue.links', 'is_blocked_by'],
        ]),
      );
      expect(live).toHaveLength(4);
    } finally {
      socket.close();
    }
  });

  describe('REST v4 links', () => {
    const rest = (iid: number) => `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}/links`;

    it('creates (201 IssueLink), lists, shows and deletes in GitLab shapes', async () => {
      const a = await newIssue('REST a');
      const b = await newIssue('REST b');
      const created = await call<{ source_issue: { iid: number }; target_issue: { iid: number }; link_type: string }>(app, 'POST', rest(a.iid), {
        auth: who.carol,
        body: { target_project_id: PUBLIC, target_issue_iid: b.iid, link_type: 'is_blocked_by' },
      });
      expect(created.status).toBe(201);
      // stored as b blocks a; GitLab answers with the stored direction
      expect({ source: created.body.source_issue.iid, target: created.body.target_issue.iid, type: created.body.link_type }).toEqual({ source: b.iid, target: a.iid, type: 'blocks' });
      const listed = await call<Array<{ iid: number; issue_link_id: number; link_type: string; link_created_at: string; title: string }>>(app, 'GET', rest(a.iid), { auth: who.dave });
      expect(listed.body).toEqual([expect.objectContaining({ iid: b.iid, title: 'REST b', link_type: 'is_blocked_by', issue_link_id: expect.any(Number), link_created_at: expect.stringMatching(/Z$/) })]);
      const linkId = listed.body[0]!.issue_link_id;
      expect((await call<{ link_type: string }>(app, 'GET', `${rest(b.iid)}/${linkId}`, { auth: who.dave })).body.link_type).toBe('blocks');
      const missing = await call<{ message: string }>(app, 'GET', `${rest(a.iid)}/999999`, { auth: who.dave });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(ERRORS.ISSUE_LINK_NOT_FOUND.message);
      const dup = await call<{ message: string }>(app, 'POST', rest(b.iid), { auth: who.carol, body: { target_project_id: PUBLIC, target_issue_iid: a.iid } });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe(ERRORS.ISSUE_LINK_EXISTS.message);
      const bad = await call<{ message: Record<string, string[]> }>(app, 'POST', rest(a.iid), { auth: who.carol, body: { target_issue_iid: 'x' } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.message).sort()).toEqual(['target_issue_iid', 'target_project_id']);
      const gone = await call<{ link_type: string }>(app, 'DELETE', `${rest(a.iid)}/${linkId}`, { auth: who.carol });
      expect(gone.status).toBe(200);
      expect(gone.body.link_type).toBe('blocks');
      expect((await call<unknown[]>(app, 'GET', rest(a.iid), { auth: who.dave })).body).toEqual([]);
    });

    it('needs admin on the source and read on the target', async () => {
      const a = await newIssue('REST perms');
      expect((await call(app, 'POST', rest(a.iid), { auth: who.dave, body: { target_project_id: PUBLIC, target_issue_iid: 1 } })).status).toBe(403);
      const hidden = await call<{ message: string }>(app, 'POST', rest(a.iid), { auth: who.carol, body: { target_project_id: 'acme/nope', target_issue_iid: 1 } });
      expect(hidden.status).toBe(404);
      expect(hidden.body.message).toBe(ERRORS.PROJECT_NOT_FOUND.message);
      expect((await call(app, 'POST', rest(a.iid), { auth: who.anonymous, body: { target_project_id: PUBLIC, target_issue_iid: 1 } })).status).toBe(401);
    });
  });

  describe('confidentiality and lock mutations', () => {
    it('issueSetConfidential and issueSetLocked change the issue through the update action (notes, events); refusals go in errors', async () => {
      const issue = await newIssue('Mutations');
      const conf = await gql(app, `mutation { issueSetConfidential(input: {projectPath: "${PUBLIC}", iid: "${issue.iid}", confidential: true}) { errors issue { id confidential } } }`, {}, who.carol);
      expect(conf.data!.issueSetConfidential).toEqual({ errors: [], issue: { id: expect.stringContaining(`/Issue/${issue.id}`), confidential: true } });
      const lock = await gql(app, `mutation { issueSetLocked(input: {projectPath: "${PUBLIC}", iid: "${issue.iid}", locked: true}) { errors issue { id discussionLocked } } }`, {}, who.carol);
      expect(lock.data!.issueSetLocked).toEqual({ errors: [], issue: { id: expect.any(String), discussionLocked: true } });
      expect(await notesOf(issue.id)).toEqual(['made the issue confidential', 'locked the discussion in this issue']);
      const types = ((await app.ds.query(`SELECT type FROM issue_events WHERE noteable_id = $1 ORDER BY seq`, [issue.id])) as Array<{ type: string }>).map((r) => r.type);
      expect(types).toEqual(['issue.created', 'note.created', 'issue.updated', 'note.created', 'issue.updated']);

      // the author, a guest, may update their issue but not its confidentiality or lock: errors, nothing changed
      const own = (await call<{ iid: number; id: number }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: who.dave, body: { title: 'Guest own' } })).body;
      const refused = await gql(app, `mutation { issueSetConfidential(input: {projectPath: "${PUBLIC}", iid: "${own.iid}", confidential: true}) { errors issue { confidential } } }`, {}, who.dave);
      expect(refused.data!.issueSetConfidential).toEqual({ errors: [ERRORS.GRAPHQL_RESOURCE_ACCESS.message], issue: { confidential: false } });
      const refusedLock = await gql(app, `mutation { issueSetLocked(input: {projectPath: "${PUBLIC}", iid: "${own.iid}", locked: true}) { errors issue { discussionLocked } } }`, {}, who.dave);
      expect(refusedLock.data!.issueSetLocked).toEqual({ errors: [ERRORS.GRAPHQL_RESOURCE_ACCESS.message], issue: { discussionLocked: false } });
      expect((await issueRow(app, PUBLIC, own.iid))!.confidential).toBe(false);
      // not even readable: the access error
      const hidden = await gql(app, `mutation { issueSetLocked(input: {projectPath: "${PUBLIC}", iid: "${issue.iid}", locked: false}) { errors } }`, {}, who.erin);
      expect(hidden.errors![0]!.message).toBe(ERRORS.GRAPHQL_RESOURCE_ACCESS.message);
    });
  });
});
