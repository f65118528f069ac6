import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../core/config/config';
import { RepositoryService } from '../repository.service';
import { MergeConflictError, RepositoryError } from '../git/errors';
import { ZERO_OID } from '../git/validate';
import type { GitRepository } from '../git-repository';
import type { FileAction } from '../git/write';
import { FILE_EDIT_TEXTS } from '@tandem/shared-types';

const who = { name: 'Alice', email: 'alice@example.com' };
let root: string;
let svc: RepositoryService;
let repo: GitRepository;

const file = (p: string, s: string) => ({ action: 'create' as const, path: p, content: Buffer.from(s) });
const gitIn = (dir: string, ...args: string[]) => execFileSync('/usr/bin/git', [`--git-dir=${dir}`, ...args], { encoding: 'utf8' });

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-repo-'));
  svc = new RepositoryService({ repositoriesDir: root } as AppConfig);
  await svc.create(1, { readme: { projectName: 'Demo', description: 'A demo', author: who } });
  repo = await svc.open(1);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// Each case runs several git processes; on a loaded 2-core machine one can take longer than
// vitest's 5 s default, which is a timeout, not a failure of the port.
describe('repository port', { timeout: 30_000 }, () => {
  it('creates a bare repository by hashed project id, with a README commit on main', async () => {
    expect(repo.gitDir.startsWith(path.join(root, '@hashed'))).toBe(true);
    expect(gitIn(repo.gitDir, 'rev-parse', '--is-bare-repository').trim()).toBe('true');
    expect(await repo.defaultBranch()).toBe('main');
    const blob = await repo.blob('main', 'README.md');
    expect(blob.content.toString()).toBe('# Demo\n\nA demo\n');
    const [c] = await repo.commits();
    expect(c).toMatchObject({ title: 'Initial commit', author: { name: 'Alice', email: 'alice@example.com' }, parentIds: [] });
    // an empty one on first open
    const empty = await svc.open(2);
    expect(await empty.isEmpty()).toBe(true);
    expect(await empty.branches()).toEqual([]);
    expect(await empty.commits()).toEqual([]);
  });

  it('answers GitLab\'s default_branch: HEAD\'s branch once it has a commit, null while empty or without a repository', async () => {
    expect(await svc.defaultBranch(1)).toBe('main');
    expect(await svc.defaultBranch(2)).toBeNull();
    // Asking creates nothing
    expect(await svc.defaultBranch(99)).toBeNull();
    expect(svc.exists(99)).toBe(false);
  });

  it('writes commits, lists, pages and filters them by path, diffs with renames and binary flags', async () => {
    const c1 = await repo.writeCommit({ branch: 'main', message: 'Add app', author: who, actions: [file('src/app.ts', 'a\nb\nc\n'), { action: 'create', path: 'logo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]) }] });
    const c2 = await repo.writeCommit({ branch: 'main', expectedOldSha: c1.sha, message: 'Rename and edit', author: who, actions: [{ action: 'move', path: 'src/main.ts', previousPath: 'src/app.ts' }, { action: 'update', path: 'logo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9]) }] });
    expect((await repo.commits({ perPage: 2 })).map((c) => c.title)).toEqual(['Rename and edit', 'Add app']);
    expect((await repo.commits({ perPage: 2, page: 2 })).map((c) => c.title)).toEqual(['Initial commit']);
    expect((await repo.commits({ path: 'README.md' })).map((c) => c.title)).toEqual(['Initial commit']);
    const diff = await repo.commitDiff(c2.sha);
    const moved = diff.find((d) => d.newPath === 'src/main.ts')!;
    expect(moved).toMatchObject({ oldPath: 'src/app.ts', renamedFile: true, newFile: false, additions: 0, deletions: 0 });
    expect(diff.find((d) => d.newPath === 'logo.png')).toMatchObject({ binary: true, diff: '' });
    const first = await repo.commitDiff(c1.sha);
    expect(first.find((d) => d.newPath === 'src/app.ts')).toMatchObject({ newFile: true, additions: 3, diff: '@@ -0,0 +1,3 @@\n+a\n+b\n+c\n' });
    // a stale expected head is refused and moves nothing
    await expect(repo.writeCommit({ branch: 'main', expectedOldSha: c1.sha, message: 'x', author: who, actions: [file('x', 'x')] })).rejects.toMatchObject({ kind: 'stale_ref' });
    expect(await repo.resolve('main')).toBe(c2.sha);
  });

  it('lists the tree (root, subdir, recursive) and refuses traversal before git runs', async () => {
    expect((await repo.tree('main')).map((e) => `${e.type}:${e.path}`)).toEqual(['tree:src', 'blob:README.md', 'blob:logo.png']);
    expect((await repo.tree('main', 'src')).map((e) => e.path)).toEqual(['src/main.ts']);
    expect((await repo.tree('main', '', true)).map((e) => e.path)).toContain('src/main.ts');
    for (const bad of ['../etc/passwd', '/etc/passwd', 'src/../../x', 'a\0b', 'a\nb', '.git/config', 'C:/x']) {
      await expect(repo.blob('main', bad)).rejects.toMatchObject({ kind: 'invalid_path' });
    }
    await expect(repo.blob('main', 'nope.txt')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(repo.blob('--output=/tmp/x', 'README.md')).rejects.toMatchObject({ kind: 'invalid_ref' });
    // pathspec magic is a literal name here
    await expect(repo.blob('main', ':(top)README.md')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('creates and deletes branches with git rules and old-value checks; searches like GitLab', async () => {
    await repo.createBranch('feature/one', 'main');
    await repo.createBranch('20-fix-bug', 'main~1');
    await expect(repo.createBranch('feature/one', 'main')).rejects.toMatchObject({ kind: 'ref_exists' });
    for (const bad of ['a..b', 'x~y', 'end.lock', '-x', 'sp ace', '@{-1}', 'a/']) {
      await expect(repo.createBranch(bad, 'main')).rejects.toMatchObject({ kind: 'invalid_branch_name' });
    }
    await expect(repo.createBranch('ok', 'nosuchref')).rejects.toMatchObject({ kind: 'not_found' });
    expect((await repo.branches()).map((b) => [b.name, b.isDefault])).toEqual([['20-fix-bug', false], ['feature/one', false], ['main', true]]);
    expect(await repo.branchNames('^20-')).toEqual(['20-fix-bug']);
    expect(await repo.branchNames('one$')).toEqual(['feature/one']);
    await expect(repo.deleteBranch('feature/one', ZERO_OID.replace(/0/g, 'a'))).rejects.toMatchObject({ kind: 'stale_ref' });
    for (const odd of ['../../config', '../HEAD', 'a..b', '-x', 'x y', 'x\nmain']) {
      expect(await repo.branch(odd)).toBeNull();
      await expect(repo.deleteBranch(odd)).rejects.toMatchObject({ kind: 'not_found' });
    }
    await repo.deleteBranch('feature/one');
    expect(await repo.branch('feature/one')).toBeNull();
    await repo.createTag('v1.0', 'main');
    expect((await repo.tags()).map((t) => t.name)).toEqual(['v1.0']);
  });

  it('merges: fast-forward, merge commit, squash; conflicts move nothing', async () => {
    const base = (await repo.resolve('main'))!;
    await repo.createBranch('ff', 'main');
    const f = await repo.writeCommit({ branch: 'ff', message: 'On ff', author: who, actions: [file('ff.txt', 'ff\n')] });
    const ff = await repo.merge({ targetBranch: 'main', sourceSha: f.sha, method: 'ff', message: 'm', author: who });
    expect(ff).toMatchObject({ fastForward: true, sha: f.sha, oldSha: base });

    await repo.createBranch('side', 'main');
    await repo.writeCommit({ branch: 'main', message: 'main edits', author: who, actions: [file('main.txt', 'm\n')] });
    const s = await repo.writeCommit({ branch: 'side', message: 'side edits', author: who, actions: [file('side.txt', 's\n')] });
    const mc = await repo.merge({ targetBranch: 'main', sourceSha: s.sha, method: 'merge', message: "Merge branch 'side' into 'main'", author: who });
    const merged = (await repo.commit(mc.sha))!;
    expect(merged.parentIds).toEqual([mc.oldSha, s.sha]);
    expect((await repo.tree('main')).map((e) => e.name)).toEqual(expect.arrayContaining(['main.txt', 'side.txt']));
    expect(await repo.isAncestor(s.sha, 'main')).toBe(true);

    await repo.createBranch('sq', 'main');
    await repo.writeCommit({ branch: 'sq', message: 'sq 1', author: who, actions: [file('sq1', '1')] });
    const sq2 = await repo.writeCommit({ branch: 'sq', message: 'sq 2', author: who, actions: [file('sq2', '2')] });
    const sq = await repo.merge({ targetBranch: 'main', sourceSha: sq2.sha, method: 'ff', squash: true, squashMessage: 'Squashed', message: 'm', author: who });
    expect((await repo.commit(sq.sha))!).toMatchObject({ title: 'Squashed', parentIds: [sq.oldSha] });

    await repo.createBranch('c1', 'main');
    await repo.createBranch('c2', 'main');
    await repo.writeCommit({ branch: 'c1', message: 'c1', author: who, actions: [{ action: 'update', path: 'README.md', content: Buffer.from('one\n') }] });
    const c2 = await repo.writeCommit({ branch: 'c2', message: 'c2', author: who, actions: [{ action: 'update', path: 'README.md', content: Buffer.from('two\n') }] });
    const before = await repo.resolve('c1');
    const err = await repo.merge({ targetBranch: 'c1', sourceSha: c2.sha, method: 'merge', message: 'm', author: who }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MergeConflictError);
    expect((err as MergeConflictError).conflictedFiles).toEqual(['README.md']);
    expect(await repo.resolve('c1')).toBe(before);
    expect(err).toBeInstanceOf(RepositoryError);
  });

  it('compares two refs from their merge base and reports the same ref', async () => {
    await repo.createBranch('cmp', 'main');
    await repo.writeCommit({ branch: 'cmp', message: 'cmp change', author: who, actions: [file('cmp.txt', 'x\n')] });
    const c = await repo.compare('main', 'cmp');
    expect(c.commits.map((x) => x.title)).toEqual(['cmp change']);
    expect(c.diffs.map((d) => d.newPath)).toEqual(['cmp.txt']);
    expect((await repo.compare('main', 'main')).compareSameRef).toBe(true);
    expect(await repo.countBetween('main', 'cmp')).toBe(1);
    expect(await repo.mergeBase('main', 'cmp')).toBe(await repo.resolve('main'));
  });

  it('calls refs-changed listeners after the fact and survives a failing one', async () => {
    const seen: number[] = [];
    const off = svc.onRefsChanged(() => {
      throw new Error('boom');
    });
    svc.onRefsChanged((e) => void seen.push(e.updates.length));
    await svc.refsChanged({ projectId: 1, actorId: null, source: 'api', updates: [{ ref: 'refs/heads/x', oldSha: ZERO_OID, newSha: ZERO_OID }] });
    off();
    expect(seen).toEqual([1]);
  });

  it('imports a whole history into an empty repository in one fast-import (odd paths quoted), and only into an empty one', async () => {
    const r = await svc.open(3);
    const date = new Date(Date.UTC(2026, 0, 1));
    await r.importHistory([
      { commit: { branch: 'main', message: 'one', author: who, date, changes: [{ path: 'a "quoted" name.txt', content: Buffer.from('q\n') }, { path: 'dir/x.txt', content: Buffer.from('x\n') }] } },
      { tag: { name: 'v1', at: 'main' } },
      { commit: { branch: 'side', startFrom: 'main', message: 'two', author: who, date, changes: [{ path: 'dir/y.txt', renameFrom: 'dir/x.txt' }, { path: 'a "quoted" name.txt', delete: true }] } },
    ]);
    expect((await r.tree('main', '', true)).map((e) => e.path)).toEqual(['a "quoted" name.txt', 'dir', 'dir/x.txt']);
    expect((await r.tree('side', '', true)).map((e) => e.path)).toEqual(['dir', 'dir/y.txt']);
    expect((await r.commitDiff('side'))).toEqual(expect.arrayContaining([expect.objectContaining({ renamedFile: true, oldPath: 'dir/x.txt', newPath: 'dir/y.txt' })]));
    expect((await r.tags()).map((t) => t.name)).toEqual(['v1']);
    await expect(r.importHistory([{ commit: { branch: 'main', message: 'x', author: who, date, changes: [] } }])).rejects.toMatchObject({ kind: 'ref_exists' });
    const empty = await svc.open(4);
    await expect(empty.importHistory([{ commit: { branch: 'x', message: 'x', author: who, date, changes: [{ path: '../out', content: Buffer.from('') }] } }])).rejects.toMatchObject({ kind: 'invalid_path' });
    expect(await empty.isEmpty()).toBe(true);
  });

  it('writes files only where no folder is and under no file, deletes and moves files only, and moves a file created in the same commit', async () => {
    const start = await repo.writeCommit({ branch: 'paths', startSha: await repo.resolve('main'), message: 'Paths', author: who, actions: [file('pkg/a.ts', 'a\n'), file('pkg/b.ts', 'b\n'), file('notes.txt', 'n\n')] });
    const paths = async () => (await repo.tree('paths', '', true)).filter((e) => e.type === 'blob').map((e) => e.path).sort();
    const before = await paths();
    const refused = async (actions: FileAction[], kind: string, message: string) => {
      await expect(repo.writeCommit({ branch: 'paths', expectedOldSha: start.sha, message: 'refused', author: who, actions })).rejects.toMatchObject({ kind, message });
    };
    // A folder named as a file: the folder and its files stay
    await refused([{ action: 'delete', path: 'pkg' }], 'not_found', FILE_EDIT_TEXTS.fileMissing);
    await refused([{ action: 'update', path: 'pkg', content: Buffer.from('x') }], 'not_found', FILE_EDIT_TEXTS.fileMissing);
    await refused([file('pkg', 'x')], 'ref_exists', FILE_EDIT_TEXTS.directoryExists);
    await refused([{ action: 'move', path: 'elsewhere', previousPath: 'pkg' }], 'not_found', FILE_EDIT_TEXTS.fileMissing);
    // A file under a file: the file stays a file
    await refused([file('notes.txt/inner', 'x')], 'ref_exists', FILE_EDIT_TEXTS.fileExists);
    await refused([{ action: 'move', path: 'notes.txt/b.ts', previousPath: 'pkg/b.ts' }], 'ref_exists', FILE_EDIT_TEXTS.fileExists);
    // A file moved onto a folder or an existing file
    await refused([{ action: 'move', path: 'pkg', previousPath: 'notes.txt' }], 'ref_exists', FILE_EDIT_TEXTS.directoryExists);
    await refused([{ action: 'move', path: 'pkg/a.ts', previousPath: 'notes.txt' }], 'ref_exists', FILE_EDIT_TEXTS.fileExists);
    expect(await repo.resolve('paths')).toBe(start.sha);
    expect(await paths()).toEqual(before);

    // Created, then moved, in one commit: only the moved file, with the content given at creation
    await repo.writeCommit({ branch: 'paths', expectedOldSha: start.sha, message: 'Create and move', author: who, actions: [file('draft.md', 'draft\n'), { action: 'move', path: 'docs/final.md', previousPath: 'draft.md' }] });
    expect(await paths()).toEqual([...before, 'docs/final.md'].sort());
    expect((await repo.blob('paths', 'docs/final.md')).content.toString()).toBe('draft\n');
    // A folder emptied by a move frees its name for a file
    await repo.writeCommit({ branch: 'paths', message: 'Flatten', author: who, actions: [{ action: 'move', path: 'final.md', previousPath: 'docs/final.md' }, file('docs', 'now a file\n')] });
    expect((await repo.blob('paths', 'docs')).content.toString()).toBe('now a file\n');
  });

  it('leaves the repository consistent (git fsck clean)', () => {
    expect(() => gitIn(repo.gitDir, 'fsck', '--strict', '--no-progress')).not.toThrow();
  });
});
