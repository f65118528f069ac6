import type { DataSource } from 'typeorm';
import type { ImportChange, ImportStep, RepositoryService } from '../repository';
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
    if (!(await repos.create(p.id))) continue;
    const repo = await repos.open(p.id);
    const commit = (branch: string, message: string, author: typeof alice, n: number, changes: ImportChange[], startFrom?: string): ImportStep => ({
      commit: { branch, message, author, date: day(n), changes, ...(startFrom ? { startFrom } : {}) },
    });
    const readme = (extra: string) => text(`# ${p.name}\n\n${p.description ?? ''}\n${extra}`);
    // One git fast-import: a few git processes at boot, not one per file and commit
    await repo.importHistory([
      commit('main', 'Initial commit', alice, 0, [{ path: 'README.md', content: readme('') }]),
      commit('main', 'Add the issue page server', alice, 1, [
        { path: 'src/server.ts', content: text("import http from 'node:http';\n\nhttp.createServer((req, res) => res.end('Tandem')).listen(3000);\n") },
        { path: 'docs/notes.md', content: text('# Notes\n\nEvery change is an event in the issue log.\n') },
      ]),
      commit('main', 'Add the logo', bob, 2, [{ path: 'assets/logo.png', content: Buffer.from(LOGO_V1, 'base64') }]),
      commit('main', 'Rename notes to architecture', alice, 3, [{ path: 'docs/architecture.md', renameFrom: 'docs/notes.md' }]),
      { tag: { name: 'v0.1.0', at: 'main' } },
      commit('feature/polling-fallback', 'Poll with ETags when the socket is down', bob, 4, [
        { path: 'src/polling.ts', content: text("export const POLL_INTERVAL_MS = 3000;\n\nexport async function poll(url: string, etag?: string) {\n  return fetch(url, { headers: etag ? { 'If-None-Match': etag } : {} });\n}\n") },
      ], 'main'),
      commit('main', 'New logo colours', bob, 5, [{ path: 'assets/logo.png', content: Buffer.from(LOGO_V2, 'base64') }]),
      commit('main', 'Describe the server in the README', alice, 6, [{ path: 'README.md', content: readme('\nRun `node src/server.ts` and open http://localhost:3000.\n') }]),
      commit('1-real-time-updates-for-the-issue-page', 'Send issue events over Socket.IO', bob, 7, [
        { path: 'src/realtime.ts', content: text("export function broadcast(room: string, event: unknown) {\n  // every open issue page in the room receives the event\n  return { room, event };\n}\n") },
        { path: 'src/server.ts', content: text("import http from 'node:http';\nimport { broadcast } from './realtime';\n\nhttp.createServer((req, res) => res.end('Tandem')).listen(3000);\nbroadcast('issue:1', { type: 'issue.updated' });\n") },
      ], 'main'),
    ]);
  }
}
