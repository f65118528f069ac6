import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { IssueFieldsChanged, UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { MarkdownService, taskCompletionStatus } from '../../core/markdown/markdown.service';
import { canIssue, canProject, canReadIssue, type Actor, type IssueAbility, type IssueFacts, type ProjectFacts } from '../../core/policy/policy';
import { EventLogService, type Noteable } from '../../core/realtime/event-log.service';
import { Label } from '../label/label.entity';
import { Milestone } from '../milestone/milestone.entity';
import { NoteService } from '../note/note.service';
import { escapeLike, ProjectService } from '../project/project.service';
import { Project } from '../project/project.entity';
import { User } from '../user/user.entity';
import { toUserBasic } from '../user/user.mapper';
import { Issue } from './issue.entity';
import type { IssueCreateInput, IssueUpdateInput } from './issue.validation';

export interface IssueContext {
  project: Project;
  projectFacts: ProjectFacts;
  issue: Issue;
  assigneeIds: number[];
  facts: IssueFacts;
}

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
  orderBy?: 'created_at' | 'updated_at' | 'title';
  sort?: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** An issue with everything its API shapes need, loaded in batches. */
export interface HydratedIssue {
  issue: Issue;
  project: Project;
  author: User | null;
  closedBy: User | null;
  updatedBy: User | null;
  assignees: User[];
  labels: Label[];
  milestone: Milestone | null;
  userNotesCount: number;
}

const noteableOf = (issue: Issue, project: Project): Noteable => ({
  type: 'Issue',
  id: issue.id,
  ref: { id: issue.id, iid: issue.iid, project_path: project.fullPath },
});

@Injectable()
export class IssueService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectService,
    private readonly markdown: MarkdownService,
    private readonly events: EventLogService,
    private readonly notes: NoteService,
  ) {}

  // ---------- reading ----------

  /** Loads an issue the actor may read; confidential or private ones are "not found". */
  async findReadable(actor: Actor | null, projectIdOrPath: string | number, iid: number | string): Promise<IssueContext> {
    const n = parseIid(iid);
    // The project, its namespace, the actor's level, the issue and its assignees: one statement
    const { project, facts: projectFacts, row } = await this.projects.findReadable<{ assignee_ids: number[] }>(actor, projectIdOrPath, (qb) => {
      if (n !== null) qb.leftJoinAndMapOne(`p.${JOINED_ISSUE}`, Issue, 'i', 'i.project_id = p.id AND i.iid = :iid', { iid: n }).addSelect(ASSIGNEE_IDS_SQL, 'assignee_ids');
    });
    const joined = project as Project & { [JOINED_ISSUE]?: Issue | null };
    const issue = joined[JOINED_ISSUE];
    delete joined[JOINED_ISSUE];
    if (!issue) throw new AppError('ISSUE_NOT_FOUND');
    const assigneeIds = (row.assignee_ids ?? []).map(Number);
    const ctx: IssueContext = { project, projectFacts, issue, assigneeIds, facts: this.factsOf(issue, assigneeIds) };
    if (!canReadIssue(actor, projectFacts, ctx.facts)) throw new AppError('ISSUE_NOT_FOUND');
    return ctx;
  }

  async contextFor(project: Project, projectFacts: ProjectFacts, iid: number | string, manager: EntityManager = this.ds.manager): Promise<IssueContext | null> {
    const n = parseIid(iid);
    if (n === null) return null;
    // The issue and its assignees in one statement (one snapshot)
    const { entities, raw } = await manager
      .getRepository(Issue)
      .createQueryBuilder('i')
      .addSelect(ASSIGNEE_IDS_SQL, 'assignee_ids')
      .where('i.project_id = :pid AND i.iid = :iid', { pid: project.id, iid: n })
      .getRawAndEntities<{ assignee_ids: number[] }>();
    const issue = entities[0];
    if (!issue) return null;
    const assigneeIds = (raw[0]?.assignee_ids ?? []).map(Number);
    return { project, projectFacts, issue, assigneeIds, facts: this.factsOf(issue, assigneeIds) };
  }

  factsOf(issue: Issue, assigneeIds: number[]): IssueFacts {
    return {
      confidential: issue.confidential,
      authorId: issue.authorId,
      assigneeIds,
      discussionLocked: issue.discussionLocked,
      state: issue.state,
    };
  }

  can(actor: Actor | null, ability: IssueAbility, ctx: IssueContext): boolean {
    return canIssue(actor, ability, ctx.projectFacts, ctx.facts);
  }

  /** Throws 401 for anonymous, 403 for a reader without the right. */
  authorize(actor: Actor | null, ability: IssueAbility, ctx: IssueContext): void {
    if (this.can(actor, ability, ctx)) return;
    throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
  }

  private async assigneeIds(issueId: number, manager: EntityManager = this.ds.manager): Promise<number[]> {
    const rows: Array<{ user_id: number }> = await manager.query(
      'SELECT user_id FROM issue_assignees WHERE issue_id = $1 ORDER BY position, user_id',
      [issueId],
    );
    return rows.map((r) => r.user_id);
  }

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
        `(p.visibility = 'public' OR (p.visibility = 'internal' AND :uid > 0) OR p.id IN (${MEMBER_PROJECTS_SQL(0)}))`,
      );
      qb.andWhere(`(${confidentialOk} OR p.id IN (${MEMBER_PROJECTS_SQL(20)})))`);
    }
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
    const orderCol = filters.orderBy === 'updated_at' ? 'i.updated_at' : filters.orderBy === 'title' ? 'i.title' : 'i.created_at';
    const dir = filters.sort === 'asc' ? 'ASC' : 'DESC';
    qb.orderBy(orderCol, dir).addOrderBy('i.id', dir);
    qb.offset((filters.page - 1) * filters.perPage).limit(filters.perPage);
    const [issues, total] = await qb.getManyAndCount();
    return { issues, total };
  }

  /** Loads authors, assignees, labels, milestones and counts for many issues at once. */
  async hydrate(issues: Issue[], projectsById?: Map<number, Project>): Promise<HydratedIssue[]> {
    if (!issues.length) return [];
    const ids = issues.map((i) => i.id);
    const roleUserIds = [...new Set(issues.flatMap((i) => [i.authorId, i.closedById, i.lastEditedById]).filter((x): x is number => !!x))];
    // One statement (one snapshot): a row per issue (assignees, labels, user-note count), then
    // a row per user those issues name (author, closer, last editor, assignees)
    const rows: Array<{ kind: 'issue' | 'user'; id: number; assignee_ids: number[] | null; labels: LabelRow[] | string | null; user_notes_count: number | null; usr: UserRow | string | null }> =
      await this.ds.query(
        `SELECT 'issue' AS kind, x.id,
           ARRAY(SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = x.id ORDER BY ia.position, ia.user_id) AS assignee_ids,
           (SELECT json_agg(json_build_object('id', l.id, 'title', l.title, 'color', l.color, 'description', l.description,
                     'project_id', l.project_id, 'group_id', l.group_id, 'priority', l.priority) ORDER BY l.title)
              FROM label_links ll JOIN labels l ON l.id = ll.label_id WHERE ll.target_type = 'Issue' AND ll.target_id = x.id) AS labels,
           (SELECT count(*)::int FROM notes n WHERE n.noteable_type = 'Issue' AND n.noteable_id = x.id AND NOT n.system) AS user_notes_count,
           NULL::json AS usr
         FROM unnest($1::int[]) AS x(id)
         UNION ALL
         SELECT 'user', u.id, NULL, NULL, NULL,
           json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'email', u.email, 'avatar_url', u.avatar_url,
             'state', u.state, 'is_admin', u.is_admin, 'created_at', u.created_at, 'updated_at', u.updated_at)
         FROM users u
         WHERE u.id = ANY($2::int[]) OR u.id IN (SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = ANY($1::int[]))`,
        [ids, roleUserIds],
      );
    const issueRows = rows.filter((r) => r.kind === 'issue');
    const byIssue = new Map(issueRows.map((r) => [Number(r.id), r]));
    const assignRows = issueRows.flatMap((r) => (r.assignee_ids ?? []).map((u) => ({ issue_id: Number(r.id), user_id: Number(u) })));
    const labelRows = issueRows.flatMap((r) => {
      const ls = typeof r.labels === 'string' ? (JSON.parse(r.labels) as LabelRow[]) : (r.labels ?? []);
      return ls.map((l) => ({ ...l, issue_id: Number(r.id) }));
    });
    const userById = new Map(
      rows
        .filter((r) => r.kind === 'user' && r.usr)
        .map((r) => {
          const u = userFromRow(typeof r.usr === 'string' ? (JSON.parse(r.usr) as UserRow) : r.usr!);
          return [u.id, u] as const;
        }),
    );
    const milestoneIds = [...new Set(issues.map((i) => i.milestoneId).filter((x): x is number => !!x))];
    const milestones = milestoneIds.length ? await this.ds.getRepository(Milestone).createQueryBuilder('m').whereInIds(milestoneIds).getMany() : [];
    const projects = projectsById ?? new Map<number, Project>();
    const missing = [...new Set(issues.map((i) => i.projectId))].filter((id) => !projects.has(id));
    if (missing.length) {
      const found = await this.ds.getRepository(Project).createQueryBuilder('p').leftJoinAndSelect('p.namespace', 'n').whereInIds(missing).getMany();
      for (const p of found) projects.set(p.id, p);
    }
    const counts = new Map([...byIssue].map(([id, r]) => [id, Number(r.user_notes_count)]));
    return issues.map((issue) => ({
      issue,
      project: projects.get(issue.projectId)!,
      author: issue.authorId ? (userById.get(issue.authorId) ?? null) : null,
      closedBy: issue.closedById ? (userById.get(issue.closedById) ?? null) : null,
      updatedBy: issue.lastEditedById ? (userById.get(issue.lastEditedById) ?? null) : null,
      assignees: assignRows.filter((r) => r.issue_id === issue.id).map((r) => userById.get(r.user_id)!).filter(Boolean),
      labels: labelRows
        .filter((r) => r.issue_id === issue.id)
        .map((r) => Object.assign(new Label(), { id: r.id, title: r.title, color: r.color, description: r.description, projectId: r.project_id, groupId: r.group_id, priority: r.priority })),
      milestone: issue.milestoneId ? (milestones.find((m) => m.id === issue.milestoneId) ?? null) : null,
      userNotesCount: counts.get(issue.id) ?? 0,
    }));
  }

  // ---------- writing ----------

  async create(actor: Actor | null, project: Project, projectFacts: ProjectFacts, input: IssueCreateInput): Promise<Issue> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (!canProject(actor, 'create_issue', projectFacts)) throw new AppError('FORBIDDEN');
    const adminFields = input.confidential !== undefined || input.labels !== undefined || input.assigneeIds !== undefined || input.discussionLocked !== undefined || input.dueDate !== undefined;
    // Reporters and up may set metadata at creation; others may only mark their own issue confidential
    const reporter = canProject(actor, 'read_confidential_issues', projectFacts);
    if (adminFields && !reporter && (input.labels || input.assigneeIds || input.discussionLocked || input.dueDate)) throw new AppError('FORBIDDEN');
    const ctx = { projectPath: project.fullPath };
    return this.events.transaction(async (tx) => {
      const m = tx.manager;
      const [rows] = (await m.query('UPDATE projects SET last_issue_iid = last_issue_iid + 1 WHERE id = $1 RETURNING last_issue_iid', [project.id])) as [Array<{ last_issue_iid: number }>, number];
      const iid = rows[0]!.last_issue_iid;
      const repo = m.getRepository(Issue);
      const issue = await repo.save(
        repo.create({
          projectId: project.id,
          iid,
          issueType: input.issueType ?? 'issue',
          title: input.title,
          description: input.description ?? null,
          descriptionHtml: this.markdown.render(input.description, ctx),
          state: 'opened',
          confidential: input.confidential ?? false,
          discussionLocked: input.discussionLocked ?? false,
          lockVersion: 0,
          authorId: actor.id,
          updatedById: actor.id,
          dueDate: input.dueDate ?? null,
          severity: 'UNKNOWN',
          timeEstimate: 0,
          totalTimeSpent: 0,
          eventSeq: 0,
        }),
      );
      if (input.labels?.length) await this.setLabels(m, project, issue, input.labels);
      if (input.assigneeIds?.length) await this.setAssignees(m, project, issue, input.assigneeIds);
      const actorBasic = await this.actorBasic(m, actor);
      const fresh = await repo.findOneByOrFail({ id: issue.id });
      await tx.record(noteableOf(fresh, project), 'issue.created', { fields: this.fieldsOf(fresh, ['title', 'description', 'state', 'confidential', 'issue_type'], actorBasic) }, actorBasic);
      return fresh;
    });
  }

  /**
   * Applies an update in one transaction: row lock, lock_version check (when the caller sent
   * one), changes, system notes, and the events. Returns the fresh issue.
   */
  async update(actor: Actor | null, ctx: IssueContext, input: IssueUpdateInput, opts: { lockVersion?: number } = {}): Promise<Issue> {
    this.authorizeUpdate(actor, ctx, input);
    const project = ctx.project;
    const render = { projectPath: project.fullPath };
    return this.events.transaction(async (tx) => {
      const m = tx.manager;
      const repo = m.getRepository(Issue);
      const a = actor!;
      // The row, locked, and the actor's profile (for the events) in one statement
      const { entities, raw } = await repo
        .createQueryBuilder('i')
        .addSelect(
          `(SELECT json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'state', u.state, 'avatar_url', u.avatar_url) FROM users u WHERE u.id = :actorId)`,
          'actor_json',
        )
        .setLock('pessimistic_write')
        .where('i.id = :id', { id: ctx.issue.id, actorId: a.id })
        .getRawAndEntities<{ actor_json: ActorRow | string | null }>();
      const current = entities[0];
      if (!current) throw new AppError('ISSUE_NOT_FOUND');
      if (opts.lockVersion !== undefined && opts.lockVersion !== current.lockVersion) throw new AppError('ISSUE_STALE');
      // Re-check against the locked row: a concurrent change may have altered who may write.
      // Every change of assignees bumps lock_version under this lock, so an unchanged
      // lock_version means the assignees read before the transaction are still current.
      const assigneeIds = current.lockVersion === ctx.issue.lockVersion ? ctx.assigneeIds : await this.assigneeIds(current.id, m);
      const lockedCtx: IssueContext = { ...ctx, issue: current, assigneeIds, facts: this.factsOf(current, assigneeIds) };
      this.authorizeUpdate(actor, lockedCtx, input);
      const actorBasic = toUserBasic(userFromActorRow(raw[0]?.actor_json ?? null, a), this.config.publicUrl);
      const changed: Array<keyof IssueFieldsChanged> = [];
      const systemNotes: Array<{ body: string; icon: string }> = [];
      const now = new Date();
      const patch: Partial<Issue> = {};

      if (input.title !== undefined && input.title !== current.title) {
        systemNotes.push({ body: `changed title from **${escapeMd(current.title)}** to **${escapeMd(input.title)}**`, icon: 'pencil-square' });
        patch.title = input.title;
        changed.push('title', 'title_html');
      }
      if (input.description !== undefined && (input.description ?? '') !== (current.description ?? '')) {
        patch.description = input.description;
        patch.descriptionHtml = this.markdown.render(input.description, render);
        changed.push('description', 'description_html', 'task_completion_status');
        systemNotes.push({ body: 'changed the description', icon: 'pencil-square' });
      }
      if (patch.title !== undefined || patch.description !== undefined) {
        patch.lastEditedAt = now;
        patch.lastEditedById = a.id;
      }
      if (input.stateEvent === 'close' && current.state === 'opened') {
        Object.assign(patch, { state: 'closed', closedAt: now, closedById: a.id });
        changed.push('state', 'closed_at', 'closed_by');
        systemNotes.push({ body: 'closed', icon: 'issue-close' });
      } else if (input.stateEvent === 'reopen' && current.state === 'closed') {
        Object.assign(patch, { state: 'opened', closedAt: null, closedById: null });
        changed.push('state', 'closed_at', 'closed_by');
        systemNotes.push({ body: 'reopened', icon: 'issue-reopen' });
      }
      if (input.confidential !== undefined && input.confidential !== current.confidential) {
        patch.confidential = input.confidential;
        changed.push('confidential');
        systemNotes.push({ body: input.confidential ? 'made the issue confidential' : 'made the issue visible to everyone', icon: input.confidential ? 'eye-slash' : 'eye' });
      }
      if (input.discussionLocked !== undefined && input.discussionLocked !== current.discussionLocked) {
        patch.discussionLocked = input.discussionLocked;
        changed.push('discussion_locked');
        systemNotes.push({ body: input.discussionLocked ? 'locked the discussion in this issue' : 'unlocked the discussion in this issue', icon: 'lock' });
      }
      if (input.issueType !== undefined && input.issueType !== current.issueType) {
        patch.issueType = input.issueType;
        changed.push('issue_type');
      }
      if (input.dueDate !== undefined && input.dueDate !== current.dueDate) {
        patch.dueDate = input.dueDate;
        changed.push('due_date');
        systemNotes.push({ body: input.dueDate ? `changed due date to ${input.dueDate}` : 'removed due date', icon: 'calendar' });
      }

      let labelsChanged = false;
      if (input.labels !== undefined || input.addLabels !== undefined || input.removeLabels !== undefined) {
        labelsChanged = await this.changeLabels(m, project, current, input);
      }
      let assigneesChanged = false;
      if (input.assigneeIds !== undefined) {
        const before = lockedCtx.assigneeIds;
        const after = input.assigneeIds;
        if (before.length !== after.length || before.some((id, k) => id !== after[k])) {
          await this.setAssignees(m, project, current, after);
          assigneesChanged = true;
        }
      }

      if (!changed.length && !labelsChanged && !assigneesChanged) return current;

      patch.lockVersion = current.lockVersion + 1;
      patch.updatedAt = now;
      patch.updatedById = a.id;
      await repo.update({ id: current.id }, patch);
      // We hold the row lock: the row is now exactly what we read plus what we wrote
      const fresh = Object.assign(new Issue(), current, patch);
      const noteable = noteableOf(fresh, project);

      // Events are queued and appended in one statement before COMMIT (EventLogService.transaction)
      for (const note of await this.notes.createSystemNotes(m, fresh, project, a.id, systemNotes)) {
        tx.recordLater(noteable, 'note.created', { note: this.notes.toRealtime(note, actorBasic, fresh) }, actorBasic);
      }
      if (changed.length) tx.recordLater(noteable, 'issue.updated', { fields: this.fieldsOf(fresh, changed, actorBasic) }, actorBasic);
      if (assigneesChanged) {
        const users = await this.usersByIds(m, await this.assigneeIds(fresh.id, m));
        tx.recordLater(noteable, 'issue.assignees', { assignees: users.map((u) => toUserBasic(u, this.config.publicUrl)), lock_version: fresh.lockVersion }, actorBasic);
      }
      if (labelsChanged) {
        const labels: Array<{ id: number; title: string; color: string; description: string | null }> = await m.query(
          `SELECT l.id, l.title, l.color, l.description FROM label_links ll JOIN labels l ON l.id = ll.label_id WHERE ll.target_type = 'Issue' AND ll.target_id = $1 ORDER BY l.title`,
          [fresh.id],
        );
        tx.recordLater(noteable, 'issue.labels', { labels: labels.map((l) => ({ id: l.id, name: l.title, color: l.color, text_color: textColor(l.color), description: l.description })) }, actorBasic);
      }
      return fresh;
    });
  }

  async destroy(actor: Actor | null, ctx: IssueContext): Promise<void> {
    this.authorize(actor, 'destroy_issue', ctx);
    await this.events.transaction(async (tx) => {
      const actorBasic = await this.actorBasic(tx.manager, actor!);
      // The event is recorded before the row goes, so live watchers learn of the deletion
      await tx.record(noteableOf(ctx.issue, ctx.project), 'issue.deleted', {}, actorBasic);
      await tx.manager.query(`DELETE FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1`, [ctx.issue.id]);
      await tx.manager.query(`DELETE FROM label_links WHERE target_type = 'Issue' AND target_id = $1`, [ctx.issue.id]);
      await tx.manager.query('DELETE FROM issues WHERE id = $1', [ctx.issue.id]);
    });
  }

  private authorizeUpdate(actor: Actor | null, ctx: IssueContext, input: IssueUpdateInput): void {
    const adminOnly =
      input.confidential !== undefined || input.discussionLocked !== undefined || input.labels !== undefined ||
      input.addLabels !== undefined || input.removeLabels !== undefined || input.assigneeIds !== undefined ||
      input.dueDate !== undefined || input.issueType !== undefined;
    this.authorize(actor, input.stateEvent === 'reopen' ? 'reopen_issue' : 'update_issue', ctx);
    if (adminOnly) this.authorize(actor, 'admin_issue', ctx);
  }

  /** The fields of an issue.updated event: the new server state of what changed. */
  fieldsOf(issue: Issue, changed: Array<keyof IssueFieldsChanged>, updatedBy: UserBasic | null): IssueFieldsChanged {
    const f: IssueFieldsChanged = { lock_version: issue.lockVersion, updated_at: issue.updatedAt.toISOString(), updated_by: updatedBy };
    const render = {};
    for (const k of new Set(changed)) {
      switch (k) {
        case 'title': f.title = issue.title; f.title_html = this.markdown.renderInline(issue.title, render); break;
        case 'title_html': f.title_html = this.markdown.renderInline(issue.title, render); break;
        case 'description': f.description = issue.description ?? ''; break;
        case 'description_html': f.description_html = issue.descriptionHtml ?? ''; break;
        case 'task_completion_status': f.task_completion_status = taskCompletionStatus(issue.description); break;
        case 'state': f.state = issue.state; break;
        case 'closed_at': f.closed_at = issue.closedAt?.toISOString() ?? null; break;
        case 'closed_by': f.closed_by = issue.closedById ? updatedBy : null; break;
        case 'confidential': f.confidential = issue.confidential; break;
        case 'discussion_locked': f.discussion_locked = issue.discussionLocked; break;
        case 'due_date': f.due_date = issue.dueDate; break;
        case 'issue_type': f.issue_type = issue.issueType; break;
        default: break;
      }
    }
    return f;
  }

  private async changeLabels(m: EntityManager, project: Project, issue: Issue, input: IssueUpdateInput): Promise<boolean> {
    const currentRows: Array<{ title: string }> = await m.query(
      `SELECT l.title FROM label_links ll JOIN labels l ON l.id = ll.label_id WHERE ll.target_type = 'Issue' AND ll.target_id = $1`,
      [issue.id],
    );
    const current = new Map(currentRows.map((r) => [r.title.toLowerCase(), r.title]));
    let next: Map<string, string>;
    if (input.labels !== undefined) next = new Map(input.labels.map((t) => [t.toLowerCase(), t]));
    else {
      next = new Map(current);
      for (const t of input.addLabels ?? []) next.set(t.toLowerCase(), t);
      for (const t of input.removeLabels ?? []) next.delete(t.toLowerCase());
    }
    const same = next.size === current.size && [...next.keys()].every((k) => current.has(k));
    if (same) return false;
    await this.setLabels(m, project, issue, [...next.values()]);
    return true;
  }

  /** Replaces the labels; unknown titles become new project labels (as GitLab's API does). */
  private async setLabels(m: EntityManager, project: Project, issue: Issue, titles: string[]): Promise<void> {
    await m.query(`DELETE FROM label_links WHERE target_type = 'Issue' AND target_id = $1`, [issue.id]);
    for (const title of titles) {
      const existing: Array<{ id: number }> = await m.query(
        `WITH RECURSIVE anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $3
           UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
         SELECT id FROM labels WHERE lower(title) = lower($1) AND (project_id = $2 OR group_id IN (SELECT id FROM anc))
         ORDER BY project_id NULLS LAST LIMIT 1`,
        [title, project.id, project.namespaceId],
      );
      let labelId = existing[0]?.id;
      if (!labelId) {
        const ins: Array<{ id: number }> = await m.query(
          `INSERT INTO labels (project_id, title, color) VALUES ($1, $2, $3) RETURNING id`,
          [project.id, title, defaultLabelColor(title)],
        );
        labelId = ins[0]!.id;
      }
      await m.query(`INSERT INTO label_links (label_id, target_type, target_id) VALUES ($1, 'Issue', $2) ON CONFLICT DO NOTHING`, [labelId, issue.id]);
    }
  }

  private async setAssignees(m: EntityManager, project: Project, issue: Issue, userIds: number[]): Promise<void> {
    if (userIds.length) {
      const found = await this.usersByIds(m, userIds);
      const missing = userIds.filter((id) => !found.some((u) => u.id === id));
      if (missing.length) throw new AppError('VALIDATION', { assignee_ids: [`user ${missing.join(', ')} not found`] });
      for (const u of found) {
        const level = await this.projects.accessLevel(u.id, project, m);
        if (project.visibility === 'private' && level === 0) throw new AppError('VALIDATION', { assignee_ids: [`Cannot assign @${u.username} to #${issue.iid}`] });
      }
    }
    await m.query('DELETE FROM issue_assignees WHERE issue_id = $1', [issue.id]);
    for (const [pos, id] of userIds.entries()) {
      await m.query('INSERT INTO issue_assignees (issue_id, user_id, position) VALUES ($1, $2, $3)', [issue.id, id, pos]);
    }
  }

  private usersByIds(m: EntityManager, ids: number[]): Promise<User[]> {
    if (!ids.length) return Promise.resolve([]);
    return m.getRepository(User).createQueryBuilder('u').whereInIds(ids).getMany().then((us) => ids.map((id) => us.find((u) => u.id === id)!).filter(Boolean));
  }

  private async actorBasic(m: EntityManager, actor: Actor): Promise<UserBasic> {
    const u = await m.getRepository(User).findOneByOrFail({ id: actor.id });
    return toUserBasic(u, this.config.publicUrl);
  }
}

/** Where IssueService.findReadable's statement maps the joined issue on the project (removed after). */
const JOINED_ISSUE = 'joinedIssue';

/** An iid from a route or an API argument, or null when it cannot name an issue (int4, > 0). */
function parseIid(iid: number | string): number | null {
  const n = typeof iid === 'number' ? iid : /^\d+$/.test(iid) ? Number(iid) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/** An issue's assignee ids, in order, as a column of a query over `issues i`. */
const ASSIGNEE_IDS_SQL = 'ARRAY(SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = i.id ORDER BY ia.position, ia.user_id)';

interface LabelRow {
  id: number;
  title: string;
  color: string;
  description: string | null;
  project_id: number | null;
  group_id: number | null;
  priority: number | null;
}

interface UserRow {
  id: number;
  username: string;
  name: string;
  email: string;
  avatar_url: string | null;
  state: User['state'];
  is_admin: boolean;
  created_at: string;
  updated_at: string;
}

const userFromRow = (r: UserRow): User =>
  Object.assign(new User(), {
    id: Number(r.id), username: r.username, name: r.name, email: r.email, avatarUrl: r.avatar_url, state: r.state,
    isAdmin: r.is_admin, createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at),
  });

interface ActorRow {
  id: number;
  username: string;
  name: string;
  state: User['state'];
  avatar_url: string | null;
}

/** The acting user's profile read with the locked row (drivers hand json back parsed or as text). */
function userFromActorRow(row: ActorRow | string | null, actor: Actor): User {
  const r = typeof row === 'string' ? (JSON.parse(row) as ActorRow) : row;
  if (!r) throw new AppError('UNAUTHORIZED');
  return Object.assign(new User(), { id: r.id ?? actor.id, username: r.username, name: r.name, state: r.state, avatarUrl: r.avatar_url });
}

/** Projects where the user's effective access (direct or via ancestor groups) is at least `min`. */
function MEMBER_PROJECTS_SQL(min: number): string {
  return `SELECT mp.source_id FROM members mp WHERE mp.source_type = 'Project' AND mp.user_id = :uid AND mp.access_level >= ${min}
    UNION SELECT px.id FROM projects px WHERE px.namespace_id IN (
      WITH RECURSIVE sub(id) AS (
        SELECT mg.source_id FROM members mg WHERE mg.source_type = 'Namespace' AND mg.user_id = :uid AND mg.access_level >= ${min}
        UNION SELECT nn.id FROM namespaces nn JOIN sub ON nn.parent_id = sub.id)
      SELECT id FROM sub)`;
}

const escapeMd = (s: string) => s.replace(/([\\*_`[\]~])/g, '\\$1');

const PALETTE = ['#009966', '#8fbc8f', '#3cb371', '#6699cc', '#0000ff', '#6a5acd', '#9400d3', '#cc338b', '#dc143c', '#ed9121', '#c39953', '#808080'];
function defaultLabelColor(title: string): string {
  let h = 0;
  for (const ch of title) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

/** Dark or light text for a label background, so a label's name stays readable on any color. */
export function textColor(bg: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(bg);
  if (!m) return '#FFFFFF';
  const n = parseInt(m[1]!, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return (r * 299 + g * 587 + b * 114) / 1000 > 128 ? '#333333' : '#FFFFFF';
}
