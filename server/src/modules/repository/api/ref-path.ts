import { RepositoryError } from '../git/errors';
import type { GitRepository } from '../git-repository';

/**
 * Splits `<ref>/<path>` where the ref may hold slashes (`feature/x/README.md`): a sha first,
 * else the longest leading run of segments that names a revision (GitLab's ExtractsRef).
 */
export async function splitRefAndPath(repo: GitRepository, segments: string[]): Promise<{ sha: string; path: string } | null> {
  for (let i = segments.length - 1; i >= 1; i--) {
    const ref = segments.slice(0, i).join('/');
    let sha: string | null = null;
    try {
      sha = await repo.resolve(ref);
    } catch (e) {
      if (!(e instanceof RepositoryError)) throw e;
    }
    if (sha) return { sha, path: segments.slice(i).join('/') };
  }
  return null;
}
