import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { loadLabelLookup } from '../../core/markdown/label-lookup';
import { MarkdownService } from '../../core/markdown/markdown.service';
import type { Actor } from '../../core/policy/policy';
import { parseInput } from '../../core/http/zod-input';
import { MERGE_REQUEST_QUICK_ACTION_NAMES } from '@tandem/shared-types';
import { explainQuickActions } from '../issue/quick-actions/explain-quick-actions';
import { GroupService } from '../group/group.service';
import { ProjectService } from '../project/project.service';
import { markdownPreviewSchema } from './markdown.schema';

/** POST /api/v4/markdown (GitLab's render endpoint), used by the editors' preview. */
@Controller('api/v4/markdown')
export class MarkdownController {
  constructor(
    private readonly markdown: MarkdownService,
    private readonly projects: ProjectService,
    private readonly groups: GroupService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /**
   * Policy: read_project when `project` is given, read_group when `group` is (references resolve
   * against them). `quick_actions`: also `commands`, the preview's explanations of the commands;
   * `target_type` MergeRequest: a merge request's commands (GitLab's preview_markdown target_type).
   */
  @Post()
  @HttpCode(201)
  async render(@CurrentActor() actor: Actor | null, @Body() body: unknown) {
    const { text: raw, project, group, quick_actions: qa, target_type: targetType } = parseInput(markdownPreviewSchema, body);
    // A comment's preview: its command lines are not text; GitLab explains them under the preview
    const parsed = qa === true || qa === 'true' || qa === '1' ? explainQuickActions(raw, targetType === 'MergeRequest' ? MERGE_REQUEST_QUICK_ACTION_NAMES : undefined) : null;
    const text = parsed ? parsed.body : raw;
    // references resolve against the project or group only when the caller may read it (404 otherwise)
    const readable = project ? (await this.projects.findReadable(actor, project)).project : null;
    const readableGroup = group ? (await this.groups.findReadable(actor, group)).group : null;
    const labelExists = readable ? await loadLabelLookup(this.ds, readable.id, text) : undefined;
    const html = this.markdown.render(text, { projectPath: readable?.fullPath, groupPath: readableGroup?.fullPath, labelExists });
    return parsed ? { html, commands: parsed.commands } : { html };
  }
}
