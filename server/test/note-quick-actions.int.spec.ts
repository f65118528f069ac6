import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCUSSION_TEXTS, QUICK_ACTION_TEXTS, type ApiNote } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, gql, issueRow, type Auth, type Cast, type TestApp } from './harness';

/**
 * Quick actions in comments, as a client sees them: the commands apply in the note's
 * transaction with the same system notes and events as a sidebar change, the stored note keeps
 * only the text, a comment of only commands stores nothing and says what happened (page 200
 * with errors.commands_only, REST 202, GraphQL quickActionsStatus), and a command the author
 * may not run is reported and not applied. Both databases (PGlite has one connection).
 */
const PUBLIC = 'acme/tandem';
const P = `/${PUBLIC}`;

type PageAnswer = ApiNote & { quick_actions_status?: { messages: string[]; error_messages: string[] }; errors?: { commands_only?: string[] }; commands_changes?: Record<string, unknown> };

describe.each(DB_MODES)('quick actions in comments on %s', (mode) => {
  let app: TestApp;
  let cast: Cast;

  const newIssue = async (title: string) => (await call<{ id: number; iid: number }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: cast.alice, body: { title } })).body;
  const comment = (auth: Auth, issue: { id: number }, note: string) =>
    call<PageAnswer>(app, 'POST', `${P}/notes?target_type=issue&target_id=${issue.id}`, { auth, body: { note: { noteable_type: 'Issue', noteable_id: issue.id, note } } });
  const userNotes = async (issueId: number) => ((await app.ds.query(`SELECT note FROM notes WHERE noteable_id = $1 AND NOT system ORDER BY id`, [issueId])) as Array<{ note: string }>).map((r) => r.note);
  const systemNotes = async (issueId: number) => ((await app.ds.query(`SELECT note FROM notes WHERE noteable_id = $1 AND system ORDER BY id`, [issueId])) as Array<{ note: string }>).map((r) => r.note);
  const events = async (issueId: number) => ((await app.ds.query(`SELECT type FROM issue_events WHERE noteable_id = $1 ORDER BY seq`, [issueId])) as Array<{ type: string }>).map((r) => r.type);

  beforeAll(async () => {
    app = await bootApp(mode);
    cast = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('applies the commands with their system notes and stores the text without them', async () => {
    const issue = await newIssue('Commands with a comment');
    const res = await comment(cast.bob, issue, '/label ~bug\nLooks like a regression.\n/close');
    expect(res.status).toBe(200);
    expect(res.body.note).toBe('Looks like a regression.');
    expect(res.body.quick_actions_status!.messages).toEqual(expect.arrayContaining([QUICK_ACTION_TEXTS.closed()]));
    const row = await issueRow(app, PUBLIC, issue.iid);
    expect(row!.state).toBe('closed');
    expect(await userNotes(issue.id)).toEqual(['Looks like a regression.']);
    expect(await systemNotes(issue.id)).toEqual(expect.arrayContaining(['closed', 'added ~"bug" label']));
    // the commands' events come first, then the note's: one transaction, one contiguous run
    const types = await events(issue.id);
    expect(types.slice(1)).toEqual(expect.arrayContaining(['issue.updated', 'issue.labels', 'note.created']));
    expect(types[types.length - 1]).toBe('note.created');
  });

  it('a comment of only commands stores no note and answers what they did, on the page, REST and GraphQL', async () => {
    const issue = await newIssue('Only commands');
    const page = await comment(cast.bob, issue, '/close');
    expect(page.status).toBe(200);
    expect(page.body.errors!.commands_only).toEqual([QUICK_ACTION_TEXTS.closed()]);
    expect(await userNotes(issue.id)).toEqual([]);
    expect((await issueRow(app, PUBLIC, issue.iid))!.state).toBe('closed');

    const rest = await call<{ commands_changes: Record<string, unknown>; summary: string[] }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/notes`, { auth: cast.bob, body: { body: '/reopen' } });
    expect(rest.status).toBe(202);
    expect(rest.body.summary).toEqual([QUICK_ACTION_TEXTS.reopened()]);
    expect((await issueRow(app, PUBLIC, issue.iid))!.state).toBe('opened');

    const gqlRes = await gql<{ createNote: { note: unknown; quickActionsStatus: { messages: string[] }; errors: string[] } }>(
      app,
      `mutation($input: CreateNoteInput!) { createNote(input: $input) { note { id } quickActionsStatus { messages errorMessages } errors } }`,
      { input: { noteableId: `gid://tandem/Issue/${issue.id}`, body: '/weight 3' } },
      cast.bob,
    );
    expect(gqlRes.data!.createNote).toMatchObject({ note: null, quickActionsStatus: { messages: [expect.stringContaining('3')] }, errors: [] });
    expect(await userNotes(issue.id)).toEqual([]);
  });

  it('a command the author may not run is reported, not applied; the text is still posted', async () => {
    const issue = await newIssue('A guest tries to close');
    const res = await comment(cast.dave, issue, 'I think this is done.\n/close');
    expect(res.status).toBe(200);
    expect(res.body.note).toBe('I think this is done.');
    expect(res.body.quick_actions_status!.error_messages.length).toBeGreaterThan(0);
    expect((await issueRow(app, PUBLIC, issue.iid))!.state).toBe('opened');
    // only a refused command: 422 with the reason, nothing stored
    const only = await comment(cast.dave, issue, '/close');
    expect(only.status).toBe(422);
    expect(only.body.errors!.commands_only!.length).toBeGreaterThan(0);
    expect(await userNotes(issue.id)).toEqual(['I think this is done.']);
  });

  it('/award reacts to the issue; text inside a code block is not a command', async () => {
    const issue = await newIssue('Award and code');
    const res = await comment(cast.bob, issue, '/award :thumbsup:');
    expect(res.status).toBe(200);
    expect(res.body.errors!.commands_only).toEqual([QUICK_ACTION_TEXTS.awarded('thumbsup')]);
    const awards = (await app.ds.query(`SELECT name FROM award_emoji WHERE awardable_type = 'Issue' AND awardable_id = $1`, [issue.id])) as Array<{ name: string }>;
    expect(awards.map((a) => a.name)).toEqual(['thumbsup']);
    const code = await comment(cast.bob, issue, 'Run this:\n```\n/close\n```');
    expect(code.status).toBe(200);
    expect((await issueRow(app, PUBLIC, issue.iid))!.state).toBe('opened');
    expect(DISCUSSION_TEXTS.commandsApplied).toBe('Commands applied');
  });
  it('/relate links the issues through the related-issues block (notes and events on both); unknown, refused and repeated links are reported', async () => {
    const issue = await newIssue('Relate from a comment');
    const other = await newIssue('The other one');
    const links = async () => (await app.ds.query(`SELECT source_id, target_id, link_type FROM issue_links WHERE source_id = $1 OR target_id = $1`, [issue.id])) as Array<{ source_id: number; target_id: number; link_type: string }>;

    // digits get their '#'; a command-only comment answers what it did
    const res = await comment(cast.bob, issue, `/relate ${other.iid}`);
    expect(res.status).toBe(200);
    expect(res.body.errors!.commands_only).toEqual([QUICK_ACTION_TEXTS.related([`#${other.iid}`])]);
    expect(await links()).toEqual([{ source_id: issue.id, target_id: other.id, link_type: 'relates_to' }]);
    expect(await systemNotes(issue.id)).toContain(`marked this issue as related to #${other.iid}`);
    expect(await systemNotes(other.id)).toContain(`marked this issue as related to #${issue.iid}`);
    expect(await events(issue.id)).toContain('issue.links');
    expect(await events(other.id)).toContain('issue.links');
    expect(await userNotes(issue.id)).toEqual([]);

    // linked already: the text is posted, the command reports the block's message
    const again = await comment(cast.bob, issue, `Same again\n/relate #${other.iid}`);
    expect(again.status).toBe(200);
    expect(again.body.note).toBe('Same again');
    expect(again.body.quick_actions_status).toEqual({ messages: [], error_messages: [DISCUSSION_TEXTS.relatedAlreadyLinked] });

    // an issue that does not exist: 422 naming it, nothing linked
    const unknown = await comment(cast.bob, issue, '/relate #99999');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors!.commands_only).toEqual([DISCUSSION_TEXTS.relatedNotFoundFor('#99999')]);

    // a guest may not link (canAdmin)
    const guest = await comment(cast.dave, other, `/relate #${issue.iid}`);
    expect(guest.status).toBe(422);
    expect(guest.body.errors!.commands_only).toEqual([QUICK_ACTION_TEXTS.couldNotApply('relate')]);
    expect(await links()).toHaveLength(1);
  });
});
