import { Body, Controller, Param, Put } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { bulkUpdateSchema, TAXONOMY_ERRORS, validationErrorMap } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { AVAILABLE_MILESTONES_SQL } from '../milestone/milestone.queries';
import { ProjectService } from '../project/project.service';
import { UpdateIssueAction } from './actions/update-issue';
import type { IssueUpdateInput } from './fields/issue-input';
import { canOnIssue } from './issue-context';
import { IssueLoader } from './issue.loader';
import { validationErrorOf } from './issue.validation';
import { SubscriptionStore } from './subscription.store';

/**
 * The issue list's bulk update (GitLab's Issuable::BulkUpdateService): each issue of the
 * project named in `issuable_ids` goes through UpdateIssueAction (its policy, system notes and
 * live events); issues the actor may not change are skipped, as GitLab skips them.
 */
@Controller('api/v4/projects/:id/issues')
export class IssueBulkController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly projects: ProjectService,
    private readonly loader: IssueLoader,
    private readonly update: UpdateIssueAction,
    private readonly subscriptions: SubscriptionStore,
  ) {}

  /** Policy: read_project; then per issue update_issue (state), admin_issue (assignees, labels, milestone), update_subscription. */
  @Put('bulk_update')
  async bulkUpdate(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: Record<string, unknown> | undefined): Promise<{ count: number }> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    // The web form nests it under `update` (GitLab's bulk update form)
    const raw = body && typeof body.update === 'object' && body.update !== null ? { issuable_ids: body.issuable_ids, ...(body.update as object) } : (body ?? {});
    const parsed = bulkUpdateSchema.safeParse(raw, { errorMap: validationErrorMap });
    if (!parsed.success) throw validationErrorOf(parsed.error);
    const p = parsed.data;
    const { project, facts } = await this.projects.findReadable(actor, id);
    const input: IssueUpdateInput = {};
    if (p.state_event) input.stateEvent = p.state_event;
    // GitLab: assignee_ids [0] (or empty) unassigns everyone
    if (p.assignee_ids) input.assigneeIds = p.assignee_ids.filter((x) => x > 0);
    if (p.add_label_ids?.length || p.remove_label_ids?.length) {
      input.labels = { add: (p.add_label_ids ?? []).map((x) => ({ id: x })), remove: (p.remove_label_ids ?? []).map((x) => ({ id: x })) };
    }
    if (p.milestone_id !== undefined) {
      // Checked once up front, so a milestone the project may not use changes no issue
      if (p.milestone_id > 0 && !(await this.ds.query(`${AVAILABLE_MILESTONES_SQL} AND m.id = $3`, [project.id, project.namespaceId, p.milestone_id])).length)
        throw new ValidationError({ milestone_id: [TAXONOMY_ERRORS.milestoneNotFound] });
      input.milestone = p.milestone_id > 0 ? { id: p.milestone_id } : null;
    }
    const rows = (await this.ds.query('SELECT iid FROM issues WHERE project_id = $1 AND id = ANY($2::int[]) ORDER BY id', [project.id, p.issuable_ids])) as Array<{ iid: number }>;
    let count = 0;
    for (const { iid } of rows) {
      const ctx = await this.loader.contextFor(project, facts, iid);
      if (!ctx || !canOnIssue(actor, 'read_issue', ctx)) continue;
      let changed = false;
      if (Object.keys(input).length) {
        const needs = input.assigneeIds !== undefined || input.labels || input.milestone !== undefined ? 'admin_issue' : input.stateEvent === 'reopen' ? 'reopen_issue' : 'update_issue';
        if (!canOnIssue(actor, needs, ctx) || !canOnIssue(actor, 'update_issue', ctx)) continue;
        await this.update.execute(actor, ctx, input);
        changed = true;
      }
      if (p.subscription_event && canOnIssue(actor, 'update_subscription', ctx)) {
        await this.subscriptions.set(ctx.issue.id, actor.id, p.subscription_event === 'subscribe', { projectPath: project.fullPath, iid });
        changed = true;
      }
      if (changed) count++;
    }
    return { count };
  }
}
