import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import type { Actor } from '../../../core/policy/policy';
import { RepositoryError } from '../git/errors';
import type { GitRepository } from '../git-repository';
import { cleanRepoPath } from '../git/validate';
import { sendBlob } from './raw-content';
import { answerRepo, RepositoryAccess } from './repository-access';

/**
 * Splits `<ref>/<path>` where the ref may hold slashes (`feature/x/README.md`): a sha first,
 * else the longest leading run of segments that names a revision (GitLab's ExtractsRef).
 */
async function splitRefAndPath(repo: GitRepository, segments: string[]): Promise<{ sha: string; path: string } | null> {
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

/** The page route of raw files: `/{project path}/-/raw/{sha or ref}/{path}`. */
@Controller()
export class RawPageController {
  constructor(private readonly access: RepositoryAccess) {}

  /**
   * Policy: read_code (an unreadable project or a file that is not there: 404, alike). Served
   * as raw-content.ts says: images inline, HTML/SVG as sandboxed attachments, text as text/plain.
   */
  @Get('*project/-/raw/*file')
  async raw(@CurrentActor() actor: Actor | null, @Param('project') projectPath: string[], @Param('file') file: string[], @Res() res: Response) {
    const { repo } = await this.access.open(actor, projectPath.join('/')).catch((e: unknown) => {
      throw e instanceof AppError ? new AppError('NOT_FOUND') : e;
    });
    if (file.some((s) => s === '..' || s === '.')) throw new AppError('REPOSITORY_PATH_INVALID');
    const found = await splitRefAndPath(repo, file);
    if (!found) throw new AppError('NOT_FOUND');
    const path = await answerRepo(Promise.resolve().then(() => cleanRepoPath(found.path)));
    const blob = await answerRepo(repo.blob(found.sha, path), 'NOT_FOUND');
    sendBlob(res, blob.name, blob.content);
  }
}
