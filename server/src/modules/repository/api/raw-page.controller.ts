import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import type { Actor } from '../../../core/policy/policy';
import { cleanRepoPath } from '../git/validate';
import { sendBlob } from './raw-content';
import { splitRefAndPath } from './ref-path';
import { answerRepo, RepositoryAccess } from './repository-access';

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
