import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { INCIDENT_SORT_FIELDS, type IncidentListPage } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { IssueFinder } from '../issue/issue.finder';
import { IssueLoader } from '../issue/issue.loader';
import { toApiIssue } from '../issue/issue.mapper';
import { ProjectService } from '../project/project.service';
import { publishedAtByIssue } from '../status-page/status-page.store';

const PER_PAGE = 20;

const incidentListQuery = z.object({
  state: z.enum(['opened', 'closed', 'all']).default('opened'),
  order_by: z.enum(INCIDENT_SORT_FIELDS).default('created_at'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
});

/** The incident list page's data: a project's incidents (issue_type incident) with severity, SLA due time and status page publication. */
@Controller()
export class IncidentListController {
  constructor(
    private readonly projects: ProjectService,
    private readonly finder: IssueFinder,
    private readonly loader: IssueLoader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /** Policy: read_project; confidential incidents by the issue finder's read rule. */
  @Get('*project/-/incidents.json')
  async list(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Query() q: Record<string, unknown>): Promise<IncidentListPage> {
    const parsed = incidentListQuery.safeParse(q);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? 'query')] ??= []).push('is invalid');
      throw new ValidationError(fields);
    }
    const { state, order_by, sort, page } = parsed.data;
    const scope = await this.projects.findReadable(actor, project.join('/'));
    const base = { issueType: 'incident', scope: 'all' as const, perPage: PER_PAGE };
    const { issues, total } = await this.finder.list(actor, { ...base, state, orderBy: order_by, sort, page }, scope);
    // The empty state tells "no incidents at all" from "none in this tab"
    const allCount = state === 'all' ? total : (await this.finder.list(actor, { ...base, state: 'all', page: 1, perPage: 1 }, scope)).total;
    const due = new Map<number, string>();
    if (issues.length) {
      const rows = (await this.ds.query('SELECT issue_id, due_at FROM issuable_slas WHERE issue_id = ANY($1)', [issues.map((i) => i.id)])) as Array<{ issue_id: number | string; due_at: string | Date }>;
      for (const r of rows) due.set(Number(r.issue_id), new Date(r.due_at).toISOString());
    }
    const published = await publishedAtByIssue(this.ds, issues.map((i) => i.id));
    const hydrated = await this.loader.hydrate(issues, new Map([[scope.project.id, scope.project]]), actor);
    const incidents = hydrated.map((h) => {
      const a = toApiIssue(h, this.config.publicUrl);
      return {
        id: a.id,
        iid: a.iid,
        title: a.title,
        state: a.state,
        severity: a.severity ?? 'UNKNOWN',
        created_at: a.created_at,
        closed_at: a.closed_at,
        web_url: a.web_url,
        confidential: a.confidential,
        assignees: a.assignees.map((u) => ({ id: u.id, name: u.name, username: u.username, avatar_url: u.avatar_url })),
        sla_due_at: due.get(a.id) ?? null,
        published_at: published.get(a.id) ?? null,
      };
    });
    return { incidents, total, all_count: allCount, page, per_page: PER_PAGE };
  }
}
