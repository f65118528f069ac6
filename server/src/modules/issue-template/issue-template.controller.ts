import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { z } from 'zod';
import { issueTemplateCreateSchema, issueTemplateUpdateSchema, validationErrorMap, type IssueTemplate, type IssueTemplateListItem } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { validationErrorOf } from '../issue/issue.validation';
import { ProjectService } from '../project/project.service';
import { RepositoryService, repositoryTemplate, repositoryTemplateNames } from '../repository';
import { IssueTemplateStore } from './issue-template.store';

const parse = <T extends z.ZodTypeAny>(schema: T, raw: unknown): z.output<T> => {
  const r = schema.safeParse(raw ?? {}, { errorMap: validationErrorMap });
  if (!r.success) throw validationErrorOf(r.error);
  return r.data;
};

/**
 * Description templates of a project, in GitLab's REST shapes (GET templates/issues lists
 * {key, name}; GET templates/issues/:name is {name, content}); maintainers manage them.
 */
@Controller('api/v4/projects/:id/templates/issues')
export class IssueTemplateController {
  constructor(
    private readonly projects: ProjectService,
    private readonly store: IssueTemplateStore,
    private readonly repos: RepositoryService,
  ) {}

  /** Policy: read_project. The stored templates, and the repository's `.gitlab/issue_templates/*.md` beside them (a stored one wins a name). */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string): Promise<IssueTemplateListItem[]> {
    const { project } = await this.projects.findReadable(actor, id);
    const stored = (await this.store.list(project.id)).map((t) => t.name);
    const fromRepo = (await repositoryTemplateNames(this.repos, project.id, 'issues')).filter((n) => !stored.some((s) => s.toLowerCase() === n.toLowerCase()));
    return [...stored, ...fromRepo].map((name) => ({ key: name, name }));
  }

  /** Policy: read_project. */
  @Get(':name')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('name') name: string): Promise<IssueTemplate> {
    const { project } = await this.projects.findReadable(actor, id);
    try {
      return await this.store.get(project.id, name);
    } catch (e) {
      const content = e instanceof AppError && e.status === 404 ? await repositoryTemplate(this.repos, project.id, 'issues', name) : null;
      if (content === null) throw e;
      return { name, content } as IssueTemplate;
    }
  }

  /** Policy: admin_project (maintainers). */
  @Post()
  async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: unknown): Promise<IssueTemplate> {
    const project = await this.managed(actor, id);
    return this.store.create(project, parse(issueTemplateCreateSchema, body));
  }

  /** Policy: admin_project (maintainers). */
  @Put(':name')
  async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('name') name: string, @Body() body: unknown): Promise<IssueTemplate> {
    const project = await this.managed(actor, id);
    return this.store.update(project, name, parse(issueTemplateUpdateSchema, body).content);
  }

  /** Policy: admin_project (maintainers). */
  @Delete(':name')
  @HttpCode(204)
  async remove(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('name') name: string): Promise<void> {
    await this.store.remove(await this.managed(actor, id), name);
  }

  private async managed(actor: Actor | null, id: string): Promise<number> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const { project, facts } = await this.projects.findReadable(actor, id);
    this.projects.authorize(actor, 'admin_project', facts);
    return project.id;
  }
}
