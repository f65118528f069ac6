import type { DataSource } from 'typeorm';
import type { RepositoryService } from '../repository';
import { DEMO_PROJECT } from './demo.seed';

/** Two 24x24 PNGs: the demo logo before and after "New logo colours" (an image changed between commits). */
const LOGO_V1 = 'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAALElEQVR42mPIijqLhv5jAGLUMIwaREeDyNOGqWbUIHoaNJqyR/PaqEF0MQgAQ38gDBEuaE4AAAAASUVORK5CYII=';
const LOGO_V2 =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAARklEQVR42mP4TyXAMHQMYpiZhguRYBAeU3CZxUCqEbiMo41BJJmCZhYDJaYgmzVq0KhB1DWIail7UGZaapZHVC4hB7LwBwBZsVnfiSKX1AAAAABJRU5ErkJggg==';

const alice = { name: 'Alice Adams', email: 'alice@example.com' };
const bob = { name: 'Bob Brown', email: 'bob@example.com' };
const text = (s: string) => Buffer.from(s);
/** Fixed dates, so the demo's commit shas are the same on every machine. */
const day = (n: number) => new Date(Date.UTC(2026, 0, 5 + n, 10, 0, 0));

/**
 * Every demo project gets its repository (GitLab makes one with each project); acme/tandem a
 * small history through the repository port: commits on main (a file renamed, the PNG logo
 * changed), a tag, and branches, one of them issue 1's related branch (`1-...`). Runs once:
 * a project whose repository exists is left alone.
 */
export async function seedDemoRepositories(ds: DataSource, repos: RepositoryService): Promise<void> {
  const projects = (await ds.query('SELECT id, full_path, name, description FROM projects ORDER BY id')) as Array<{ id: number; full_path: string; name: string; description: string | null }>;
  for (const p of projects) {
    if (repos.exists(p.id)) continue;
    if (p.full_path !== DEMO_PROJECT) {
      await repos.create(p.id);
      continue;
    }
    if (!(await repos.create(p.id, { readme: { projectName: p.name, description: p.description, author: alice, date: day(0) } }))) continue;
    const repo = await repos.open(p.id);
    const commit = (branch: string, message: string, author: typeof alice, n: number, actions: Parameters<typeof repo.writeCommit>[0]['actions']) =>
      repo.writeCommit({ branch, message, author, date: day(n), actions });
    await commit('main', 'Add the issue page server', alice, 1, [
      { action: 'create', path: 'src/server.ts', content: text("import http from 'node:http';\n\nhttp.createServer((req, res) => res.end('Tandem')).listen(3000);\n") },
      { action: 'create', path: 'docs/notes.md', content: text('# Notes\n\nEvery change is an event in the issue log.\n') },
    ]);
    await commit('main', 'Add the logo', bob, 2, [{ action: 'create', path: 'assets/logo.png', content: Buffer.from(LOGO_V1, 'base64') }]);
    const v01 = await commit('main', 'Rename notes to architecture', alice, 3, [{ action: 'move', path: 'docs/architecture.md', previousPath: 'docs/notes.md' }]);
    await repo.createTag('v0.1.0', v01.sha);
    await repo.createBranch('feature/polling-fallback', v01.sha);
    await commit('feature/polling-fallback', 'Poll with ETags when the socket is down', bob, 4, [
      { action: 'create', path: 'src/polling.ts', content: text("export const POLL_INTERVAL_MS = 3000;\n\nexport async function poll(url: string, etag?: string) {\n  return fetch(url, { headers: etag ? { 'If-None-Match': etag } : {} });\n}\n") },
    ]);
    await commit('main', 'New logo colours', bob, 5, [{ action: 'update', path: 'assets/logo.png', content: Buffer.from(LOGO_V2, 'base64') }]);
    const head = await commit('main', 'Describe the server in the README', alice, 6, [
      { action: 'update', path: 'README.md', content: text(`# ${p.name}\n\n${p.description ?? ''}\n\nRun \`node src/server.ts\` and open http://localhost:3000.\n`) },
    ]);
    await repo.createBranch('1-real-time-updates-for-the-issue-page', head.sha);
    await commit('1-real-time-updates-for-the-issue-page', 'Send issue events over Socket.IO', bob, 7, [
      { action: 'create', path: 'src/realtime.ts', content: text("export function broadcast(room: string, event: unknown) {\n  // every open issue page in the room receives the event\n  return { room, event };\n}\n") },
      { action: 'update', path: 'src/server.ts', content: text("import http from 'node:http';\nimport { broadcast } from './realtime';\n\nhttp.createServer((req, res) => res.end('Tandem')).listen(3000);\nbroadcast('issue:1', { type: 'issue.updated' });\n") },
    ]);
  }
}
