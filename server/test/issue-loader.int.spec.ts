import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, DB_MODES, enc, insertPat, tokenAuth, type TestApp } from './harness';
import { Issue } from '../src/modules/issue/issue.entity';
import { Project } from '../src/modules/project/project.entity';
import { IssueLoader } from '../src/modules/issue/issue.loader';

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
});
