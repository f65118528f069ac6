import { runGit } from './run-git';
import { RepositoryError } from './errors';
import { isOid } from './validate';
import { readRef, updateRef } from './refs';

/**
 * Copies what `sourceRef` of another repository on this volume reaches into `targetRef` here
 * (GitLab's FetchSourceBranch into refs/merge-requests/<iid>/head): git's own local fetch, so
 * only missing objects are copied and the ref update is git's locked compare-and-swap. With
 * `sha`, the ref is set to that commit (a push may have moved the branch beyond it meanwhile;
 * its objects came along because the newer head reaches them, or it was forced away: then the
 * branch's head is kept). Returns the commit the ref points at, null if the source has no such ref.
 */
export async function fetchRef(gitDir: string, sourceGitDir: string, sourceRef: string, targetRef: string, sha?: string): Promise<string | null> {
  if (!(await readRef(sourceGitDir, sourceRef))) return null;
  const r = await runGit(gitDir, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--no-auto-gc', '--end-of-options', sourceGitDir, `+${sourceRef}:${targetRef}`], { okCodes: [1, 128] });
  // The branch vanished between our read and the fetch: nothing to follow
  if (r.code !== 0) {
    if (/couldn't find remote ref|not our ref|does not appear to be a git repository/i.test(r.stderr)) return null;
    throw new RepositoryError('not_found', `fetch failed: ${r.stderr.trim().slice(0, 200)}`);
  }
  const fetched = await readRef(gitDir, targetRef);
  if (sha && isOid(sha) && sha !== fetched) {
    const has = await runGit(gitDir, ['cat-file', '-e', `${sha}^{commit}`], { okCodes: [1, 128] });
    if (has.code === 0 && fetched) {
      await updateRef(gitDir, targetRef, sha, fetched, 'tandem: merge request head');
      return sha;
    }
  }
  return fetched;
}
