import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootApp, call, DB_MODES, enc, insertPat, tokenAuth, type TestApp } from './harness';
import { pgPool } from '../src/core/database/pg-pool';
import { AppError } from '../src/core/errors/app-error';
import type { Actor } from '../src/core/policy/policy';
import { Issue } from '../src/modules/issue/issue.entity';
import { Project } from '../src/modules/project/project.entity';
import { User } from '../src/modules/user/user.entity';
import { IssueLoader, type LoadedIssue } from '../src/modules/issue/issue.loader';

/**
 * The issue loader reads the project, its namespace and the issue as one json column, and a
 * write answers with the row it predicted (the read plus its own columns, the statement's
 * now() where it wrote now()) instead of sending the row back. Both must equal what the
 * database holds: a drift (a timestamp left as text, a column mapped wrong, a stamp the
 * statement set that the answer misses) fails here.
 */
const PUBLIC = 'acme/tandem';

describe.each(DB_MODES)('the issue read and the write answer equal the stored rows on %s', (mode) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await bootApp(mode);
    token = await insertPat(app, 'bob');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the loader maps every column of the project, its namespace and the issue as TypeORM reads them', async () => {
    const project = await app.ds.getRepository(Project).findOneOrFail({ where: { fullPath: PUBLIC }, relations: { namespace: true } });
    const stored = await app.ds.getRepository(Issue).findOneByOrFail({ projectId: project.id, iid: 3 });
    const loaded = await app.running.app.get(IssueLoader).findReadable({ id: stored.authorId!, username: 'author', isAdmin: true, scopes: null }, PUBLIC, 3, { hydrate: true });
    expect({ ...loaded.issue }).toEqual({ ...stored });
    expect(loaded.issue.createdAt).toBeInstanceOf(Date);
    const { namespace: loadedNs, ...loadedProject } = loaded.project;
    const { namespace: storedNs, ...storedProject } = project;
    expect(loadedProject).toEqual(storedProject);
    expect({ ...loadedNs }).toEqual({ ...storedNs });
  });

  it('a PUT answers with what a GET then reads: stamps, version and the closed time included', async () => {
    const auth = tokenAuth(token);
    const url = `/api/v4/projects/${enc(PUBLIC)}/issues/7`;
    const titled = await call(app, 'PUT', url, { auth, body: { title: `Predicted ${Date.now()}` } });
    expect(titled.status).toBe(200);
    expect((await call(app, 'GET', url, { auth })).body).toEqual(titled.body);
    const closed = await call(app, 'PUT', url, { auth, body: { state_event: 'close' } });
    expect(closed.status).toBe(200);
    expect((closed.body as { closed_at: string | null }).closed_at).not.toBeNull();
    expect((await call(app, 'GET', url, { auth })).body).toEqual(closed.body);
    const reopened = await call(app, 'PUT', url, { auth, body: { state_event: 'reopen' } });
    expect((await call(app, 'GET', url, { auth })).body).toEqual(reopened.body);
  });

  it('the subscribe checks of one turn are one statement, each answered as its own read answers it', async () => {
    const loader = app.running.app.get(IssueLoader);
    const users = await app.ds.getRepository(User).find();
    // Every demo user (owner to non-member), an administrator and nobody, over a public issue,
    // a confidential one, a missing one, a private project's issue and a project that is not there
    const actors: Array<Actor | null> = [null, ...users.map((u) => ({ id: u.id, username: u.username, isAdmin: false, scopes: null })), { id: users[0]!.id, username: users[0]!.username, isAdmin: true, scopes: null }];
    const targets: Array<[string, number | string]> = [[PUBLIC, 1], [PUBLIC, 2], ['ACME/Tandem', '3'], [PUBLIC, 999_999], ['acme/platform/secret-plans', 1], ['acme/no-such-project', 1]];
    const outcome = (p: Promise<LoadedIssue>) =>
      p.then(
        (l) => ({ project: l.project.id, issue: l.issue.id, projectFacts: l.projectFacts, facts: l.facts, assignees: l.assigneeIds, actor: l.actorUser?.id ?? null, hydrated: l.hydrated }),
        (e: unknown) => ({ error: e instanceof AppError ? e.code : String(e) }),
      );
    const cases = actors.flatMap((a) => targets.map(([path, iid]) => [a, path, iid] as const));
    const one: unknown[] = [];
    for (const [a, path, iid] of cases) one.push(await outcome(loader.findReadable(a, path, iid)));

    const query = vi.spyOn(pgPool(app.ds), 'query');
    try {
      const together = await Promise.all(cases.map(([a, path, iid]) => outcome(loader.readableInTurn(a, path, iid))));
      expect(together).toEqual(one);
      expect(query.mock.calls.map(([q]) => q.name)).toEqual(['issue.readable.path.many']);
      // Alone in its turn: the single read's own statement
      query.mockClear();
      expect(await outcome(loader.readableInTurn(actors[1]!, PUBLIC, 1))).toEqual(one[targets.length]);
      expect(query.mock.calls.map(([q]) => q.name)).toEqual(['issue.readable.path']);
    } finally {
      query.mockRestore();
    }
    // Not a vacuous comparison: reads, and each refusal, are among the answers
    const kinds = new Set(one.map((o) => ('error' in (o as object) ? (o as { error: string }).error : 'read')));
    expect([...kinds].sort()).toEqual(['ISSUE_NOT_FOUND', 'PROJECT_NOT_FOUND', 'read']);
  });
});
