import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DIFF_TEXTS, type ApiMergeRequest, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { api, markDocument, sameDocument, signedInPage } from './support/session';

const run = promisify(execFile);

test('outdated on both pages: a push that changes a commented line marks its thread outdated live; a thread on an unchanged line follows', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const alice = await signedInPage(browser, 'alice');
  const bob = await signedInPage(browser, 'bob');
  const tag = `${Date.now()}`;
  const branch = `outdated-${tag}`;
  const P = 'acme%2Ftandem';

  // A branch of its own from the demo's review branch, pushed with the real git client
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-e2e-outdated-'));
  const work = path.join(dir, 'tandem');
  const env = { PATH: process.env.PATH, HOME: dir, GIT_TERMINAL_PROMPT: '0', GIT_AUTHOR_NAME: 'Alice', GIT_AUTHOR_EMAIL: 'alice@example.com', GIT_COMMITTER_NAME: 'Alice', GIT_COMMITTER_EMAIL: 'alice@example.com' };
  const git = (...args: string[]) => run('/usr/bin/git', ['-C', work, ...args], { env });
  const remote = `${baseURL!.replace('://', `://alice:${encodeURIComponent(DEMO_PASSWORD)}@`)}/acme/tandem.git`;
  try {
    await run('/usr/bin/git', ['clone', '-q', '--branch', 'refresh-banner', remote, work], { env });
    await git('checkout', '-q', '-b', branch);
    await git('push', '-q', 'origin', branch);
    const mr = await api<ApiMergeRequest>(alice, 'post', `/api/v4/projects/${P}/merge_requests`, { title: `Outdated ${tag}`, source_branch: branch, target_branch: 'main' });
    const page = `/acme/tandem/-/merge_requests/${mr.iid}`;

    // Two threads on src/search.ts: the changed line 12, and the unchanged line 15 below it
    const refs = ((await (await alice.request.get(`${page}/diffs.json`)).json()) as MergeRequestDiffsResponse).diff_refs;
    const at = (over: Record<string, number | null>) => ({ position_type: 'text', base_sha: refs.base_sha, start_sha: refs.start_sha, head_sha: refs.head_sha, old_path: 'src/search.ts', new_path: 'src/search.ts', ...over });
    await api(alice, 'post', `/api/v4/projects/${P}/merge_requests/${mr.iid}/discussions`, { body: `Changed soon ${tag}`, position: at({ new_line: 12, old_line: null }) });
    await api(alice, 'post', `/api/v4/projects/${P}/merge_requests/${mr.iid}/discussions`, { body: `Stays ${tag}`, position: at({ new_line: 15, old_line: 15 }) });

    for (const p of [alice, bob]) {
      await p.goto(page);
      await expect(p.getByTestId('discussion').filter({ hasText: `Changed soon ${tag}` }).getByTestId('diff-excerpt')).toContainText('src/search.ts line 12');
      await expect(p.getByTestId('diff-excerpt-outdated')).toHaveCount(0);
      await markDocument(p);
    }

    // Someone pushes a change to line 12
    const file = path.join(work, 'src/search.ts');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines[11] = 'export const step12 = (x: number) => x * 12 * 1;';
    fs.writeFileSync(file, lines.join('\n'));
    await git('commit', '-q', '-am', 'Change line 12');
    await git('push', '-q', 'origin', branch);

    // Both pages, without a reload: the thread on line 12 is on an old version of the diff, the other one follows
    for (const p of [alice, bob]) {
      const changed = p.getByTestId('discussion').filter({ hasText: `Changed soon ${tag}` });
      await expect(changed.getByTestId('diff-excerpt-outdated')).toHaveText(DIFF_TEXTS.outdated, { timeout: 10_000 });
      // It keeps the code it was written on
      await expect(changed.getByTestId('diff-excerpt').locator('tr.diff-line').last()).toContainText('x * 12');
      await expect(changed.getByTestId('diff-excerpt').locator('tr.diff-line').last()).not.toContainText('x * 12 * 1');
      const stays = p.getByTestId('discussion').filter({ hasText: `Stays ${tag}` });
      await expect(stays.getByTestId('diff-excerpt')).toContainText('src/search.ts line 15');
      await expect(stays.getByTestId('diff-excerpt-outdated')).toHaveCount(0);
      expect(await sameDocument(p)).toBe(true);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
