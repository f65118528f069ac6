import { Controller, Get, Param } from '@nestjs/common';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { RepositoryService, repositoryTemplate, repositoryTemplateNames } from '../repository';
import { MergeRequestLoader } from './merge-request.loader';

/** Merge request description templates: the repository's `.gitlab/merge_request_templates/*.md` (GitLab's templates/merge_requests). */
@Controller('api/v4/projects/:id/templates/merge_requests')
export class MergeRequestTemplatesController {
  constructor(
    private readonly loader: MergeRequestLoader,
    private readonly repos: RepositoryService,
  ) {}

  /** Policy: read_merge_request (the project's code). */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string): Promise<Array<{ key: string; name: string }>> {
    const { project } = await this.loader.project(actor, id);
    return (await repositoryTemplateNames(this.repos, project.id, 'merge_requests')).map((name) => ({ key: name, name }));
  }

  /** Policy: read_merge_request. */
  @Get(':name')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('name') name: string): Promise<{ name: string; content: string }> {
    const { project } = await this.loader.project(actor, id);
    const content = await repositoryTemplate(this.repos, project.id, 'merge_requests', name);
    if (content === null) throw new AppError('TEMPLATE_NOT_FOUND');
    return { name, content };
  }
}
