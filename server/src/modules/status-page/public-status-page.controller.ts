import { Controller, Get, Header, Param } from '@nestjs/common';
import type { StatusPageIncident } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { StatusPageFinder } from './status-page.finder';

/**
 * The public status page's JSON (GitLab's published `data/list.json` and
 * `data/incident/<id>.json`), served without sign-in: what StatusPageFinder lets out only.
 * The page itself is the client's route at `/-/status_page/<project>`.
 */
@Controller()
export class PublicStatusPageController {
  constructor(private readonly finder: StatusPageFinder) {}

  /** Policy: public (the project's status page must be enabled; only published, non-confidential incidents). */
  @Get('-/status_page/*project/data/list.json')
  @Header('Cache-Control', 'no-cache')
  list(@Param('project') project: string[]): Promise<StatusPageIncident[]> {
    return this.finder.list(project.join('/'));
  }

  /** Policy: public (as list). */
  @Get('-/status_page/*project/data/incident/:file')
  @Header('Cache-Control', 'no-cache')
  incident(@Param('project') project: string[], @Param('file') file: string): Promise<StatusPageIncident> {
    const m = /^(\d{1,9})\.json$/.exec(file);
    if (!m) throw new AppError('STATUS_PAGE_NOT_FOUND');
    return this.finder.incident(project.join('/'), Number(m[1]));
  }
}
