import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { moveIssueSchema, validationErrorMap, type ApiIssue } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { SignedInActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { MoveIssueAction } from './actions/move-issue';
import { IssueLoader } from './issue.loader';
import { toApiIssue } from './issue.mapper';
import { validationErrorOf } from './issue.validation';

/** GitLab REST: POST {issue}/move {to_project_id}; answers the new issue. */
@Controller('api/v4/projects/:id/issues/:iid')
export class IssueMoveController {
  constructor(
    private readonly loader: IssueLoader,
    private readonly move: MoveIssueAction,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: admin_issue on the issue, create_issue in the target project (MoveIssueAction). */
  @Post('move')
  @HttpCode(201)
  async moveIssue(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('iid') iid: string, @Body() body: unknown): Promise<ApiIssue> {
    const parsed = moveIssueSchema.safeParse(body ?? {}, { errorMap: validationErrorMap });
    if (!parsed.success) throw validationErrorOf(parsed.error);
    const source = await this.loader.findReadable(actor, id, iid);
    const { issue, project } = await this.move.execute(actor, source, parsed.data.to_project_id).catch((e: unknown) => {
      // GitLab answers a refused move as {"message": "Cannot move issue ..."}
      if (e instanceof ValidationError && e.fields.base) throw new AppError('VALIDATION', e.fields.base[0]);
      throw e;
    });
    const [h] = await this.loader.hydrate([issue], new Map([[project.id, project]]), actor);
    return toApiIssue(h!, this.config.publicUrl);
  }
}
