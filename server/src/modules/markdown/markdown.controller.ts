import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { LIMITS } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { MarkdownService } from '../../core/markdown/markdown.service';
import type { Actor } from '../../core/policy/policy';
import { ProjectService } from '../project/project.service';

/** POST /api/v4/markdown (GitLab's render endpoint), used by the editors' preview. */
@Controller('api/v4/markdown')
export class MarkdownController {
  constructor(
    private readonly markdown: MarkdownService,
    private readonly projects: ProjectService,
  ) {}

  /** Policy: read_project when `project` is given (references resolve against it). */
  @Post()
  @HttpCode(201)
  async render(@CurrentActor() actor: Actor | null, @Body() body: Record<string, unknown>) {
    const text = body?.text;
    if (typeof text !== 'string') throw new ValidationError({ text: ['is missing'] });
    if (text.length > LIMITS.descriptionMaxLength) throw new ValidationError({ text: [`is too long (maximum is ${LIMITS.descriptionMaxLength} characters)`] });
    let projectPath: string | undefined;
    if (typeof body.project === 'string' && body.project) {
      projectPath = (await this.projects.findReadable(actor, body.project)).project.fullPath;
    }
    return { html: this.markdown.render(text, { projectPath }) };
  }
}
