import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiNote, ApiProject } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, insertPat, type Cast, type TestApp } from './harness';
import { gitClient } from './support/git-client';

const P = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

/**
 * A real `git push` through Tandem's smart HTTP route, on Postgres and PGlite: a pushed commit
 * whose message names an issue (#N, group/project#N) leaves GitLab's "mentioned in commit
 * <short sha>" on it, once per commit, recorded as a live note.created event; a private
 * project's commit is hidden from the issue's readers who may not read that code. And the
 * project JSON's default_branch: the repository's branch, null while it is empty.
 */
describe.each(DB_MODES)('commit mentions and default_branch on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let work: string;
  const tokens: Record<string, string> = {};
  const url = (fullPath: string, user: string) => {
    const u = new URL(`${app.url}/${fullPath}.git`);
    u.username = user;
    u.password = tokens[user]!;
    return u.toString();
  };
  const git = gitClient(() => work);
  const commit = async (dir: string, file: string, message: string) => {
    fs.writeFileSync(path.join(dir, file), `${message}\n`);
    await git(dir, 'add', file);
    await git(dir, 'commit', '-qm', message);
    return (await git(dir, 'rev-parse', 'HEAD')).out.trim();
  };
  const mentions = async (project: string, iid: number, auth: Cast[keyof Cast] = who.bob) => {
    const res = await call<Array<{ system: boolean; body: string }>>(app, 'GET', `/api/v4/projects/${enc(project)}/issues/${iid}/notes?per_page=100&sort=asc`, { auth });
    expect(res.status).toBe(200);
    return res.body.filter((n) => n.system && n.body.startsWith('mentioned in commit')).map((n) => n.body);
  };
  /** The push answers before its after-push work is done everywhere: wait for the notes to land. */
  const eventually = async <T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
    for (let i = 0; i < 50; i++) {
      const v = await read();
      if (done(v)) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    return read();
  };
  const project = async (fullPath: string) => (await call<ApiProject>(app, 'GET', `/api/v4/projects/${enc(fullPath)}`, { auth: who.bob })).body;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-mentions-'));
    for (const u of ['bob', 'mallory']) tokens[u] = await insertPat(app, u);
  });
  afterAll(async () => {
    await app?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('default_branch: the repository branch once it has a commit, null while it is empty (show and list)', async () => {
    expect((await project(P)).default_branch).toBe('main');
    expect((await project(PRIVATE)).default_branch).toBeNull();
    const list = await call<ApiProject[]>(app, 'GET', '/api/v4/projects?per_page=100', { auth: who.bob });
    const byPath = new Map(list.body.map((p) => [p.path_with_namespace, p.default_branch]));
    expect(byPath.get(P)).toBe('main');
    expect(byPath.get(PRIVATE)).toBeNull();
  });

  it('a pushed commit naming issues leaves "mentioned in commit <short sha>" on each, once per commit, as a live note event', async () => {
    expect(await mentions(P, 1)).toEqual([]);
    const c = await git(work, 'clone', '-q', url(P, 'bob'), 'tandem');
    expect(c.code, c.out).toBe(0);
    const dir = path.join(work, 'tandem');
    await git(dir, 'checkout', '-qb', 'wire-socket');
    const a = await commit(dir, 'a.txt', `Wire the socket\n\nFor #1 and ${PRIVATE}#1, see #1 again`);
    const b = await commit(dir, 'b.txt', 'Fix the reconnect of #1');
    const quiet = await commit(dir, 'c.txt', 'No reference here, not even #99999');
    expect(quiet).toMatch(/^[0-9a-f]{40}$/);
    const p = await git(dir, 'push', '-q', 'origin', 'wire-socket');
    expect(p.code, p.out).toBe(0);

    const onIssue = await eventually(() => mentions(P, 1), (v) => v.length >= 2);
    expect(onIssue).toEqual([`mentioned in commit ${a.slice(0, 8)}`, `mentioned in commit ${b.slice(0, 8)}`]);
    // Another project's issue names the commit with its project
    expect(await eventually(() => mentions(PRIVATE, 1), (v) => v.length >= 1)).toEqual([`mentioned in commit ${P}@${a.slice(0, 8)}`]);
    // Live: each note is a note.created on the issue's stream (what open pages receive)
    const [issue] = (await app.ds.query(`SELECT i.id FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1 AND i.iid = 1`, [P])) as Array<{ id: number }>;
    const events = (await app.ds.query(`SELECT payload FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 AND type = 'note.created' ORDER BY seq`, [issue!.id])) as Array<{ payload: { payload: { note: ApiNote } } }>;
    expect(events.map((e) => e.payload.payload.note.note).filter((t) => t.startsWith('mentioned in commit'))).toEqual(onIssue);

    // The same commits on a second branch, and the branch pushed again with a commit that names nothing: nothing more
    await git(dir, 'checkout', '-qb', 'wire-socket-copy');
    expect((await git(dir, 'push', '-q', 'origin', 'wire-socket-copy')).code).toBe(0);
    await commit(dir, 'd.txt', 'Tidy up');
    expect((await git(dir, 'push', '-q', 'origin', 'wire-socket-copy')).code).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mentions(P, 1)).toEqual(onIssue);
  });

  it('a private project’s commit is hidden from the issue’s readers who may not read that code; the first push sets default_branch', async () => {
    const dir = path.join(work, 'secret');
    fs.mkdirSync(dir);
    await git(dir, 'init', '-q');
    const sha = await commit(dir, 'plan.txt', `Plan the rollout of ${P}#2`);
    await git(dir, 'remote', 'add', 'origin', url(PRIVATE, 'mallory'));
    const p = await git(dir, 'push', '-q', 'origin', 'main');
    expect(p.code, p.out).toBe(0);
    const note = `mentioned in commit ${PRIVATE}@${sha.slice(0, 8)}`;
    expect(await eventually(() => mentions(P, 2), (v) => v.length >= 1)).toEqual([note]);
    // A public project's issue: anyone reads it, only the private project's readers read this note
    expect(await mentions(P, 2, who.anonymous)).toEqual([]);
    expect(await mentions(P, 2, who.erin)).toEqual([]);
    expect((await project(PRIVATE)).default_branch).toBe('main');
  });
});
