import { describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { RepositoryService } from '../../../repository';
import type { LoadedMergeRequest } from '../../merge-request.loader';
import { MergeRequestDiffs } from '../merge-request-diffs.service';

const BASE = 'b'.repeat(40);
const HEAD = 'h'.repeat(40);

/**
 * A repository port that answers the merge request's range at once and each `git diff` only when
 * the test lets it finish, counting them: what `present` asks of git, call by call.
 */
function fakeRepos() {
  const diffs: Array<{ ignoreWhitespace: boolean; finish: () => void }> = [];
  const repo = {
    branch: async (name: string) => ({ name, commit: { id: name === 'feature' ? HEAD : 'm'.repeat(40) } }),
    resolve: async (sha: string) => sha,
    mergeBase: async () => BASE,
    blobLineCounts: async () => new Map<string, number>(),
    blob: async () => ({ size: 0, content: Buffer.alloc(0) }),
    diff: (_base: string, _head: string, opts: { ignoreWhitespace?: boolean } = {}) =>
      new Promise((resolve) =>
        diffs.push({
          ignoreWhitespace: opts.ignoreWhitespace === true,
          finish: () =>
            resolve([{ oldPath: 'a.ts', newPath: 'a.ts', aMode: '100644', bMode: '100644', newFile: false, renamedFile: false, deletedFile: false, binary: false, additions: 1, deletions: 1, diff: '@@ -1 +1 @@\n-old\n+new\n', newBlobId: null }]),
        }),
      ),
  };
  return { repos: { open: async () => repo } as unknown as RepositoryService, diffs };
}

const mr = {
  project: { id: 1, fullPath: 'acme/tandem' },
  mr: { state: 'opened', sourceBranch: 'feature', targetBranch: 'main', sourceProjectId: 1, targetProjectId: 1, headSha: HEAD, mergeCommitSha: null, iid: 1 },
} as unknown as LoadedMergeRequest;

/** Lets every pending promise callback run (the fake's answers are all immediate but the diff). */
const settle = () => new Promise((r) => setTimeout(r, 10));

describe('MergeRequestDiffs.present', () => {
  it('callers asking for the same presentation while it is computed share one git diff, and later ones read the cache', async () => {
    const { repos, diffs } = fakeRepos();
    const service = new MergeRequestDiffs(repos, {} as DataSource);
    // A review's diff notes planned together: four at once, the same diff
    const asked = Array.from({ length: 4 }, () => service.present(mr, { ignoreWhitespace: false }));
    await settle();
    expect(diffs).toHaveLength(1);
    diffs[0]!.finish();
    const answers = await Promise.all(asked);
    expect(answers.map((a) => a.diff_files.map((f) => f.new_path))).toEqual(Array.from({ length: 4 }, () => ['a.ts']));
    expect(answers.map((a) => a.diff_refs)).toEqual(Array.from({ length: 4 }, () => ({ base_sha: BASE, start_sha: BASE, head_sha: HEAD })));
    // Computed once: the next caller is answered from the cache, without git
    await service.present(mr, { ignoreWhitespace: false });
    expect(diffs).toHaveLength(1);
  });

  it('a different presentation (whitespace hidden) is its own computation, and a failed one is not kept', async () => {
    const { repos, diffs } = fakeRepos();
    const service = new MergeRequestDiffs(repos, {} as DataSource);
    const plain = service.present(mr, { ignoreWhitespace: false });
    const hidden = service.present(mr, { ignoreWhitespace: true });
    await settle();
    expect(diffs.map((d) => d.ignoreWhitespace)).toEqual([false, true]);
    for (const d of diffs) d.finish();
    expect((await plain).whitespace_hidden).toBe(false);
    expect((await hidden).whitespace_hidden).toBe(true);

    // A build that fails is forgotten: the next caller computes it again rather than sharing the failure
    const failing = fakeRepos();
    let fail = true;
    const flaky = {
      open: async () => {
        const repo = await failing.repos.open(1);
        return { ...repo, diff: (...a: Parameters<typeof repo.diff>) => (fail ? Promise.reject(new Error('git failed')) : repo.diff(...a)) };
      },
    } as unknown as RepositoryService;
    const again = new MergeRequestDiffs(flaky, {} as DataSource);
    await expect(again.present(mr, { ignoreWhitespace: false })).rejects.toThrow('git failed');
    fail = false;
    const retried = again.present(mr, { ignoreWhitespace: false });
    await settle();
    expect(failing.diffs).toHaveLength(1);
    failing.diffs[0]!.finish();
    expect((await retried).diff_files).toHaveLength(1);
  });
});
