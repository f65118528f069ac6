import { Body, Controller, Param, Put } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { bulkUpdateSchema, validationErrorMap } from '@tandem/shared-types';
import { SignedInActor } from '../../core/http/current-actor.decorator';
import type { Actor, IssueAbility } from '../../core/policy/policy';
import { ProjectService } from '../project/project.service';
import { UpdateIssueAction } from './actions/update-issue';
import { ISSUE_FIELDS } from './fields';
import { canOnIssue } from './issue-context';
import { IssueLoader } from './issue.loader';
import { ValidationError } from '../../core/errors/app-error';
import { BULK_PARAM_NAMES, parseBulkFields, validationErrorOf } from './issue.validation';
import { SubscriptionStore } from './subscription.store';

/**
 * The issue list's bulk update (GitLab's Issuable::BulkUpdateService): each issue of the
 * project named in `issuable_ids` goes through UpdateIssueAction (its policy, system notes and
 * live events); issues the actor may not change are skipped, as GitLab skips them. The fields
 * it sets and their parameters are the registry's (fields declaring `bulk`).
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

  /** Policy: read_project; then per issue update_issue and each field's ability (reopen_issue, admin_issue for assignees, labels, milestone), update_subscription. */
  @Put('bulk_update')
  async bulkUpdate(@SignedInActor() actor: Actor, @Param('id') id: string, @Body() body: Record<string, unknown> | undefined): Promise<{ count: number }> {
    // The web form nests it under `update` (GitLab's bulk update form)
    const raw = body && typeof body.update === 'object' && body.update !== null ? { issuable_ids: body.issuable_ids, ...(body.update as object) } : (body ?? {});
    const form = Object.fromEntries(Object.entries(raw).filter(([k]) => !BULK_PARAM_NAMES.includes(k)));
    const parsed = bulkUpdateSchema.strict().safeParse(form, { errorMap: validationErrorMap });
    if (!parsed.success) throw validationErrorOf(parsed.error);
    const p = parsed.data;
    const input = parseBulkFields(raw);
    const fields = ISSUE_FIELDS.filter((f) => input[f.key] !== undefined);
    const { project, facts } = await this.projects.findReadable(actor, id);
    for (const f of fields) await f.bulk?.check?.(input[f.key] as never, project, this.ds);
    const rows = (await this.ds.query('SELECT iid FROM issues WHERE project_id = $1 AND id = ANY($2::int[]) ORDER BY id', [project.id, p.issuable_ids])) as Array<{ iid: number }>;
    let count = 0;
    for (const { iid } of rows) {
      const ctx = await this.loader.contextFor(project, facts, iid);
      if (!ctx || !canOnIssue(actor, 'read_issue', ctx)) continue;
      let changed = false;
      if (fields.length) {
        const needs = new Set<IssueAbility>(['update_issue', ...fields.map((f) => f.ability(input[f.key] as never, ctx.issue))]);
        if (![...needs].every((a) => canOnIssue(actor, a, ctx))) continue;
        try {
          await this.update.execute(actor, ctx, input);
        } catch (e) {
          // An issue the change cannot apply to (health status on a closed issue, a public issue
          // into a confidential epic) is left out of the count, as GitLab's bulk update does
          if (e instanceof ValidationError) continue;
          throw e;
        }
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
