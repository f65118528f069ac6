import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ACCESS_LEVEL } from '@tandem/shared-types';
import { memberProjectIdsSql } from '../../core/policy/membership-sql';
import { canProject, type Actor, type ProjectFacts } from '../../core/policy/policy';
import type { Project } from '../project/project.entity';
import { escapeLike } from '../project/project.service';
import { Issue } from './issue.entity';

export interface IssueListFilters {
  state?: 'opened' | 'closed' | 'all';
  search?: string;
  labels?: string[];
  assigneeId?: number | 'None' | 'Any';
  assigneeUsername?: string;
  authorId?: number;
  authorUsername?: string;
  iids?: number[];
  confidential?: boolean;
  issueType?: string;
  scope?: 'created_by_me' | 'assigned_to_me' | 'all';
  /** Only the projects of this group and its subgroups (GET /groups/:id/issues; not a query parameter). */
  groupId?: number;
  /** severity and sla_due_at are the incident list's (not REST parameters). */
  orderBy?: 'created_at' | 'updated_at' | 'title' | 'severity' | 'sla_due_at' | 'published';
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
    if (filters.iids?.length) qb.andWhere('i.iid = ANY(:iids)', { iids: filters.iids });
    if (filters.confidential !== undefined) qb.andWhere('i.confidential = :conf', { conf: filters.confidential });
    if (filters.issueType) qb.andWhere('i.issue_type = :itype', { itype: filters.issueType });
    if (filters.authorId) qb.andWhere('i.author_id = :author', { author: filters.authorId });
    if (filters.authorUsername)
      qb.andWhere('i.author_id IN (SELECT id FROM users WHERE lower(username) = lower(:aun))', { aun: filters.authorUsername });
    if (filters.assigneeId === 'None') qb.andWhere('NOT EXISTS (SELECT 1 FROM issue_assignees a WHERE a.issue_id = i.id)');
    else if (filters.assigneeId === 'Any') qb.andWhere('EXISTS (SELECT 1 FROM issue_assignees a WHERE a.issue_id = i.id)');
    else if (typeof filters.assigneeId === 'number')
      qb.andWhere('EXISTS (SELECT 1 FROM issue_assignees a WHERE a.issue_id = i.id AND a.user_id = :asg)', { asg: filters.assigneeId });
    if (filters.assigneeUsername)
      qb.andWhere(
        'EXISTS (SELECT 1 FROM issue_assignees a JOIN users u ON u.id = a.user_id WHERE a.issue_id = i.id AND lower(u.username) = lower(:asgu))',
        { asgu: filters.assigneeUsername },
      );
    if (filters.labels?.length) {
      const names = filters.labels;
      if (names.length === 1 && names[0]!.toLowerCase() === 'none')
        qb.andWhere(`NOT EXISTS (SELECT 1 FROM label_links ll WHERE ll.target_type = 'Issue' AND ll.target_id = i.id)`);
      else if (names.length === 1 && names[0]!.toLowerCase() === 'any')
        qb.andWhere(`EXISTS (SELECT 1 FROM label_links ll WHERE ll.target_type = 'Issue' AND ll.target_id = i.id)`);
      else
        names.forEach((name, k) =>
          qb.andWhere(
            `EXISTS (SELECT 1 FROM label_links ll JOIN labels l ON l.id = ll.label_id WHERE ll.target_type = 'Issue' AND ll.target_id = i.id AND lower(l.title) = lower(:lbl${k}))`,
            { [`lbl${k}`]: name },
          ),
        );
    }
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
      qb.orderBy(filters.orderBy === 'updated_at' ? 'i.updated_at' : filters.orderBy === 'title' ? 'i.title' : 'i.created_at', dir);
    }
    qb.addOrderBy('i.id', dir);
    qb.offset((filters.page - 1) * filters.perPage).limit(filters.perPage);
    const [issues, total] = await qb.getManyAndCount();
    return { issues, total };
  }
}

const SEVERITY_RANK_SQL = `CASE i.severity WHEN 'CRITICAL' THEN 4 WHEN 'HIGH' THEN 3 WHEN 'MEDIUM' THEN 2 WHEN 'LOW' THEN 1 ELSE 0 END`;
