import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ACCESS_LEVEL } from '@tandem/shared-types';
import { memberProjectIdsSql } from '../../core/policy/membership-sql';
import { canProject, type Actor, type ProjectFacts } from '../../core/policy/policy';
import type { Project } from '../project/project.entity';
import { escapeLike } from '../project/project.service';
import { Issue } from './issue.entity';
import { attributeConditions, ORDER_EXPRESSIONS, type IssueAttributeFilters, type IssueOrderBy } from './issue-list-conditions';

export interface IssueListFilters extends IssueAttributeFilters {
  state?: 'opened' | 'closed' | 'all';
  search?: string;
  /** GitLab's `not[...]`: issues matching none of these. */
  not?: IssueAttributeFilters;
  confidential?: boolean;
  scope?: 'created_by_me' | 'assigned_to_me' | 'all';
  /** Only the projects of this group and its subgroups (GET /groups/:id/issues; not a query parameter). */
  groupId?: number;
  /** severity, sla_due_at and published are the incident list's (not REST parameters). */
  orderBy?: IssueOrderBy | 'severity' | 'sla_due_at' | 'published';
  sort?: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** Issue lists and their filters (GitLab's IssuesFinder): what the actor may see, filtered, sorted, one page. */
@Injectable()
export class IssueFinder {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Lists issues of one project, or across every project the actor can read. */
  async list(actor: Actor | null, filters: IssueListFilters, scope?: { project: Project; facts: ProjectFacts }): Promise<{ issues: Issue[]; total: number }> {
    const qb = this.ds.getRepository(Issue).createQueryBuilder('i');
    const uid = actor?.id ?? -1;
    qb.setParameter('uid', uid);
    const confidentialOk = `(NOT i.confidential OR i.author_id = :uid OR EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = i.id AND ia.user_id = :uid)`;
    if (scope) {
      qb.where('i.project_id = :pid', { pid: scope.project.id });
      if (!canProject(actor, 'read_confidential_issues', scope.facts)) qb.andWhere(`${confidentialOk})`);
    } else if (!actor?.isAdmin) {
      // every project the actor can read, and confidential issues only where they are reporter+
      qb.innerJoin('projects', 'p', 'p.id = i.project_id');
      qb.andWhere(
        `(p.visibility = 'public' OR (p.visibility = 'internal' AND :uid > 0) OR p.id IN (${memberProjectIdsSql(':uid')}))`,
      );
      qb.andWhere(`(${confidentialOk} OR p.id IN (${memberProjectIdsSql(':uid', ACCESS_LEVEL.REPORTER)})))`);
    }
    if (!scope && filters.groupId !== undefined)
      qb.andWhere(
        `i.project_id IN (SELECT gp.id FROM projects gp WHERE gp.namespace_id IN (WITH RECURSIVE gsub(id) AS (SELECT CAST(:gid AS int) UNION SELECT gn.id FROM namespaces gn JOIN gsub ON gn.parent_id = gsub.id) SELECT id FROM gsub))`,
        { gid: filters.groupId },
      );
    // Issues submitted as spam are for admins only
    if (!actor?.isAdmin) qb.andWhere('NOT i.hidden');
    if (!scope) {
      const s = filters.scope ?? 'created_by_me';
      if (s === 'created_by_me') qb.andWhere('i.author_id = :uid');
      if (s === 'assigned_to_me') qb.andWhere('EXISTS (SELECT 1 FROM issue_assignees ia2 WHERE ia2.issue_id = i.id AND ia2.user_id = :uid)');
    }
    if (filters.state && filters.state !== 'all') qb.andWhere('i.state = :state', { state: filters.state });
    if (filters.search) qb.andWhere('(i.title ILIKE :q OR i.description ILIKE :q)', { q: `%${escapeLike(filters.search)}%` });
    if (filters.confidential !== undefined) qb.andWhere('i.confidential = :conf', { conf: filters.confidential });
    for (const c of attributeConditions(filters, 'f')) qb.andWhere(c.sql, c.params);
    for (const c of attributeConditions(filters.not ?? {}, 'n')) qb.andWhere(`(${c.sql}) IS NOT TRUE`, c.params);
    const dir = filters.sort === 'asc' ? 'ASC' : 'DESC';
    if (filters.orderBy === 'severity') {
      // Ascending = least severe first (UNKNOWN < LOW < .. < CRITICAL), as GitLab's SEVERITY_ASC
      qb.addSelect(SEVERITY_RANK_SQL, 'sev_rank').orderBy('sev_rank', dir);
    } else if (filters.orderBy === 'sla_due_at') {
      qb.addSelect('(SELECT s.due_at FROM issuable_slas s WHERE s.issue_id = i.id)', 'sla_due').orderBy('sla_due', dir, 'NULLS LAST');
    } else if (filters.orderBy === 'published') {
      // Descending: published first (latest first), then unpublished; ascending the reverse (status page)
      qb.addSelect('(SELECT sp.published_at FROM status_page_published_incidents sp WHERE sp.issue_id = i.id)', 'published_at').orderBy('published_at', dir, dir === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST');
    } else {
      const order = ORDER_EXPRESSIONS[filters.orderBy ?? 'created_at'];
      qb.addSelect(order.sql, 'sort_key').orderBy('sort_key', dir, order.nullsLast ? 'NULLS LAST' : undefined);
      if (filters.orderBy === 'priority') qb.addSelect(ORDER_EXPRESSIONS.milestone_due.sql, 'sort_key2').addOrderBy('sort_key2', dir, 'NULLS LAST');
    }
    qb.addOrderBy('i.id', dir);
    qb.offset((filters.page - 1) * filters.perPage).limit(filters.perPage);
    // The page and the total at once, each on its own pooled connection: a filtered list's
    // conditions run in both statements, and one after the other they doubled its answer time
    // (docs/benchmarks.md, "Issue list, 10,000 issues")
    const [issues, total] = await Promise.all([qb.getMany(), qb.clone().getCount()]);
    return { issues, total };
  }
}

const SEVERITY_RANK_SQL = `CASE i.severity WHEN 'CRITICAL' THEN 4 WHEN 'HIGH' THEN 3 WHEN 'MEDIUM' THEN 2 WHEN 'LOW' THEN 1 ELSE 0 END`;
