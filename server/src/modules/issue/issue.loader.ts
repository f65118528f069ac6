import { Injectable } from '@nestjs/common';
import { projectLevelSql } from '../../core/policy/membership-sql';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type EntityMetadata } from 'typeorm';
import { ACCESS_LEVEL } from '@tandem/shared-types';
import { entityFromJson } from '../../core/database/entity-json';
import { pgPool, type PgPool } from '../../core/database/pg-pool';
import { TurnBatch } from '../../core/database/turn-batch';
import { AppError } from '../../core/errors/app-error';
import { issuePermissions } from '../../core/policy/issue-permissions';
import { canReadIssue, canReadProject, type Actor, type ProjectFacts } from '../../core/policy/policy';
import { Namespace } from '../group/namespace.entity';
import { Label } from '../label/label.entity';
import { ITERATION_COLUMNS, normIterationRow, type IterationRow } from '../iteration/iteration.queries';
import { Milestone } from '../milestone/milestone.entity';
import { Project } from '../project/project.entity';
import type { User } from '../user/user.entity';
import { userFromRow, type UserRow } from '../user/user.row';
import { issueFacts, parseIid, type HydratedIssue, type IssueContext } from './issue-context';
import { Issue } from './issue.entity';
import type { IssueEpicFacts } from '../epic/epic.mapper';
import { subscribedSql } from './subscribed-sql';

/** A readable issue, and (when asked) everything its API shape needs, from one statement. */
export interface LoadedIssue extends IssueContext {
  /** Present when asked for (`hydrate`). */
  hydrated: HydratedIssue | null;
  /** The acting user's row, read in the same statement (for events and "closed by"). */
  actorUser: User | null;
}

/**
 * Loads issues by reference: the project, the actor's effective access, the issue, its
 * assignees and (for API answers) its labels, users, milestone and note count, in ONE
 * prepared statement. Raw SQL through TypeORM's column metadata: this is the read that
 * every issue request (GET, PUT, subscribe) starts with.
 */
@Injectable()
export class IssueLoader {
  private readonly sql: { byId: string; byPath: string; byIdHydrated: string; byPathHydrated: string; byPathMany: string; ctx: string; hydrate: string; hydrateOne: string };
  /** readableInTurn's reads of one turn of the event loop, read together. */
  private readonly checksInTurn = new TurnBatch(TURN_READS_MAX, (part: ReadonlyArray<{ path: string; actorId: number | null; iid: number }>) => this.readableRows(part));
  private readonly meta: { issue: EntityMetadata; project: EntityMetadata; namespace: EntityMetadata };

  constructor(@InjectDataSource() private readonly ds: DataSource) {
    this.meta = { issue: ds.getMetadata(Issue), project: ds.getMetadata(Project), namespace: ds.getMetadata(Namespace) };
    const cols = (m: EntityMetadata, alias: string) => m.columns.map((c) => `${alias}.${c.databaseName} AS "${alias}_${c.databaseName}"`).join(', ');
    // One json column: node-postgres describes and parses every column of every execution, and
    // this read starts every issue request; JSON.parse of one value is the cheaper way in.
    // Two texts, with and without the API's hydration, not one switched by a `CASE WHEN $4`: a
    // read without hydration then neither plans nor starts (ExecutorStart) the hydration's
    // subplans, and no parameter decides a branch, which can keep Postgres from settling on the
    // generic plan (docs/decisions.md, "A prepared statement's text has no switch")
    // `user` and `iid`: the actor's and the issue's expressions (parameters, or a batch's columns)
    const readable = (where: string, hydrate: boolean, user = '$2', iid = '$3', level = EFFECTIVE_LEVEL_SQL) => `SELECT json_build_object(
        'p', row_to_json(p), 'n', row_to_json(n), 'i', CASE WHEN i.id IS NOT NULL THEN row_to_json(i) END,
        'access_level', lv.level, 'assignee_ids', lv.assignee_ids,${
          hydrate
            ? `
        'hydrated', CASE WHEN i.id IS NOT NULL THEN ${hydrateSql('lv.level', 'lv.assignee_ids')} END,
        'subscribed', CASE WHEN i.id IS NOT NULL AND $2::int IS NOT NULL THEN ${subscribedSql('$2::int')} END,`
            : ''
        }
        'actor', (SELECT ${USER_JSON} FROM users u WHERE u.id = ${user})) AS r
      FROM projects p JOIN namespaces n ON n.id = p.namespace_id
      LEFT JOIN issues i ON i.project_id = p.id AND i.iid = ${iid}
      CROSS JOIN LATERAL (SELECT ${level} AS level, ${ASSIGNEE_IDS_SQL} AS assignee_ids OFFSET 0) lv
      WHERE ${where}`;
    this.sql = {
      byId: readable('p.id = $1::int', false),
      byPath: readable('lower(p.full_path) = lower($1::text)', false),
      byIdHydrated: readable('p.id = $1::int', true),
      byPathHydrated: readable('lower(p.full_path) = lower($1::text)', true),
      // Many (project path, actor, iid) at once: byPath's read for each, in the given order
      byPathMany: `SELECT (${readable('lower(p.full_path) = lower(k.path)', false, 'k.actor', 'k.iid', projectLevelSql('p.id', 'p.namespace_id', 'k.actor'))} LIMIT 1) AS r
        FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY AS k(path, actor, iid, ord) ORDER BY k.ord`,
      ctx: `SELECT ${cols(this.meta.issue, 'i')}, ${ASSIGNEE_IDS_SQL} AS assignee_ids FROM issues i WHERE i.project_id = $1 AND i.iid = $2`,
      // $2: the viewer, whose level decides whether internal notes count (hydrateSql's notes_count)
      hydrate: `SELECT ${cols(this.meta.issue, 'i')}, ${hydrateSql(EFFECTIVE_LEVEL_SQL, ASSIGNEE_IDS_SQL)} AS hydrated FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = ANY($1::int[])`,
      // One issue by `=`: with `= ANY($1)` Postgres planned every execution again (its custom plan
      // of a one-element array always looked cheaper than the generic one, costed for ten), about
      // 1 ms of the database's CPU each time an issue is answered after a write
      hydrateOne: `SELECT ${cols(this.meta.issue, 'i')}, ${hydrateSql(EFFECTIVE_LEVEL_SQL, ASSIGNEE_IDS_SQL)} AS hydrated FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = $1::int`,
    };
  }

  /**
   * The issue if the actor may read it (confidential or private ones are "not found"), with
   * its hydration when `hydrate` is set (API answers), in one statement.
   */
  async findReadable(actor: Actor | null, projectIdOrPath: string | number, iid: number | string, opts: { hydrate?: boolean } = {}): Promise<LoadedIssue> {
    const ref = String(projectIdOrPath);
    const byId = /^\d+$/.test(ref);
    if (byId && Number(ref) > 2_147_483_647) throw new AppError('PROJECT_NOT_FOUND');
    const n = parseIid(iid);
    const hydrate = opts.hydrate ?? false;
    const { rows } = await this.pool().query<Row>({
      name: `issue.readable.${byId ? 'id' : 'path'}${hydrate ? '.hydrated' : ''}`,
      text: hydrate ? (byId ? this.sql.byIdHydrated : this.sql.byPathHydrated) : byId ? this.sql.byId : this.sql.byPath,
      values: [byId ? Number(ref) : ref, actor?.id ?? null, n ?? 0],
    });
    return this.loaded(actor, rows[0], n, hydrate);
  }

  /**
   * findReadable by project path, without hydration, for a burst of callers (the subscribe
   * check: a node's restart brings thousands of sockets back within a few seconds): the reads
   * asked for in one turn of the event loop go to Postgres as ONE statement (byPathMany), each
   * answered and checked as findReadable answers and checks it. A read alone in its turn is
   * findReadable's own statement.
   */
  readableInTurn(actor: Actor | null, projectPath: string, iid: number | string): Promise<LoadedIssue> {
    const n = parseIid(iid);
    if (/^\d+$/.test(projectPath) || n === null) return this.findReadable(actor, projectPath, iid);
    return this.checksInTurn.ask({ path: projectPath, actorId: actor?.id ?? null, iid: n }).then((row) => this.loaded(actor, row, n, false));
  }

  /** The rows of readableInTurn's reads, in their order: byPath's statement for one, byPathMany for more. */
  private async readableRows(part: ReadonlyArray<{ path: string; actorId: number | null; iid: number }>): Promise<Array<Row | undefined>> {
    const { rows } =
      part.length === 1
        ? await this.pool().query<Row>({ name: 'issue.readable.path', text: this.sql.byPath, values: [part[0]!.path, part[0]!.actorId, part[0]!.iid] })
        : await this.pool().query<Row>({ name: 'issue.readable.path.many', text: this.sql.byPathMany, values: [part.map((q) => q.path), part.map((q) => q.actorId), part.map((q) => q.iid)] });
    return part.map((_, k) => rows[k]);
  }

  /** A readable-issue row as findReadable answers it: checked with the read policy (not found otherwise). */
  private loaded(actor: Actor | null, rowOf: Row | undefined, n: number | null, hydrate: boolean): LoadedIssue {
    const row = json<ReadableRow>(rowOf?.r);
    if (!row) throw new AppError('PROJECT_NOT_FOUND');
    const project = this.fromJson(this.meta.project, row.p) as Project;
    project.namespace = this.fromJson(this.meta.namespace, row.n) as Namespace;
    const projectFacts: ProjectFacts = {
      visibility: project.visibility,
      archived: project.archived,
      accessLevel: actor ? effectiveLevel(Number(row.access_level ?? 0), project, actor.id) : ACCESS_LEVEL.NO_ACCESS,
    };
    if (!canReadProject(actor, projectFacts)) throw new AppError('PROJECT_NOT_FOUND');
    if (!row.i || n === null) throw new AppError('ISSUE_NOT_FOUND');
    const issue = this.fromJson(this.meta.issue, row.i) as Issue;
    const assigneeIds = row.assignee_ids.map(Number);
    const facts = issueFacts(issue, assigneeIds);
    if (!canReadIssue(actor, projectFacts, facts)) throw new AppError('ISSUE_NOT_FOUND');
    const actorJson = row.actor;
    return {
      project,
      projectFacts,
      issue,
      assigneeIds,
      facts,
      hydrated: hydrate ? { ...hydratedFrom(issue, project, row.hydrated!, actor), subscribed: row.subscribed === true } : null,
      actorUser: actorJson ? userFromRow(actorJson) : null,
    };
  }

  /** The issue of an already-authorised project (no access check of its own); `lock` (in a transaction's manager): FOR UPDATE. */
  async contextFor(project: Project, projectFacts: ProjectFacts, iid: number | string, manager?: EntityManager, opts: { lock?: boolean } = {}): Promise<IssueContext | null> {
    const n = parseIid(iid);
    if (n === null) return null;
    const values = [project.id, n];
    const rows: Row[] = manager
      ? await manager.query(opts.lock ? `${this.sql.ctx} FOR UPDATE OF i` : this.sql.ctx, values)
      : (await this.pool().query<Row>({ name: 'issue.context', text: this.sql.ctx, values })).rows;
    if (!rows[0]) return null;
    const issue = this.entity(this.meta.issue, rows[0], 'i') as Issue;
    const assigneeIds = (rows[0].assignee_ids as number[]).map(Number);
    return { project, projectFacts, issue, assigneeIds, facts: issueFacts(issue, assigneeIds) };
  }

  /**
   * Authors, assignees, labels, milestones and counts for many issues, in one statement (plus
   * their projects if not given). Counts are as `viewer` may see them (internal notes only for
   * those who may read them).
   */
  async hydrate(issues: Issue[], projectsById: Map<number, Project> | undefined, viewer: Actor | null): Promise<HydratedIssue[]> {
    if (!issues.length) return [];
    const one = issues.length === 1;
    const { rows } = await this.pool().query<Row>(
      one
        ? { name: 'issue.hydrate.one', text: this.sql.hydrateOne, values: [issues[0]!.id, viewer?.id ?? null] }
        : { name: 'issue.hydrate', text: this.sql.hydrate, values: [issues.map((i) => i.id), viewer?.id ?? null] },
    );
    const byId = new Map((rows as Row[]).map((r) => [Number(r.i_id), json<HydrateRow>(r.hydrated)!]));
    const projects = projectsById ?? new Map<number, Project>();
    const missing = [...new Set(issues.map((i) => i.projectId))].filter((id) => !projects.has(id));
    if (missing.length) {
      const found = await this.ds.getRepository(Project).createQueryBuilder('p').leftJoinAndSelect('p.namespace', 'n').whereInIds(missing).getMany();
      for (const p of found) projects.set(p.id, p);
    }
    return issues.map((issue) => {
      const h = byId.get(issue.id);
      const project = projects.get(issue.projectId)!;
      return h ? hydratedFrom(issue, project, h, viewer) : emptyHydration(issue, project);
    });
  }

  /**
   * Which issues of `refs` (project path and iid) the actor may read, in order: one statement
   * for all of them, the decision by the policy module (notes naming them are hidden from
   * those who may not: CrossReferenceVisibility). A missing issue is not readable.
   */
  async readableRefs(actor: Actor | null, refs: ReadonlyArray<{ path: string; iid: number }>): Promise<boolean[]> {
    if (!refs.length) return [];
    const { rows } = await this.pool().query<Row>({
      name: 'issue.readable-refs',
      text: READABLE_REFS_SQL,
      values: [refs.map((r) => r.path.toLowerCase()), actor?.id ?? null, refs.map((r) => (r.iid > 0 && r.iid <= 2_147_483_647 ? r.iid : 0))],
    });
    const found = new Map<string, boolean>();
    for (const r of rows) {
      const project = this.fromJson(this.meta.project, json<Row>(r.p)!) as Project;
      project.namespace = this.fromJson(this.meta.namespace, json<Row>(r.n)!) as Namespace;
      const issue = this.fromJson(this.meta.issue, json<Row>(r.i)!) as Issue;
      const facts: ProjectFacts = {
        visibility: project.visibility,
        archived: project.archived,
        accessLevel: actor ? effectiveLevel(Number(r.access_level ?? 0), project, actor.id) : ACCESS_LEVEL.NO_ACCESS,
      };
      found.set(`${String(r.path)}#${issue.iid}`, canReadIssue(actor, facts, issueFacts(issue, (r.assignee_ids as number[]).map(Number))));
    }
    return refs.map((r) => found.get(`${r.path.toLowerCase()}#${r.iid}`) ?? false);
  }

  private pool(): PgPool {
    return pgPool(this.ds);
  }

  private fromJson(meta: EntityMetadata, row: Row): object {
    return entityFromJson(this.ds, meta, row);
  }

  private entity(meta: EntityMetadata, row: Row, alias: string): object {
    const e = meta.create() as Record<string, unknown>;
    for (const c of meta.columns) e[c.propertyName] = this.ds.driver.prepareHydratedValue(row[`${alias}_${c.databaseName}`], c);
    return e;
  }
}

type Row = Record<string, unknown>;

/** The one json column of the readable-issue statement. */
interface ReadableRow {
  p: Row;
  n: Row;
  i: Row | null;
  access_level: number | null;
  assignee_ids: number[];
  hydrated: HydrateRow | null;
  subscribed: boolean | null;
  actor: UserRow | null;
}

/** An issue's assignee ids, in order, as a column of a query over `issues i`. */
export const ASSIGNEE_IDS_SQL = 'ARRAY(SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = i.id ORDER BY ia.position, ia.user_id)';

const USER_JSON = `json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'email', u.email, 'avatar_url', u.avatar_url,
  'state', u.state, 'is_admin', u.is_admin, 'created_at', u.created_at, 'updated_at', u.updated_at)`;

/** The actor's ($2) effective level on `p` (membership-sql.ts: current memberships of the project, its groups and its shares). */
export const EFFECTIVE_LEVEL_SQL = projectLevelSql('p.id', 'p.namespace_id', '$2');

/**
 * Everything an issue's API shape needs beyond its row, as one json column of a query over
 * `issues i`; `level` is the viewer's ($2) level on the project as SQL, read only when the
 * issue has internal comments, and `assignees` the issue's assignee ids (an int[] in order).
 * The single-issue read passes the ones it computed already (`lv`): copies of the same
 * subqueries made the plan Postgres initialises on every execution a third larger (issue #27,
 * write3). Users are looked up by id (`= ANY`), not by an OR with a subquery, which scanned
 * the whole users table.
 */
const hydrateSql = (level: string, assignees: string) => `json_build_object(
  'assignee_ids', ${assignees},
  'labels', (SELECT json_agg(json_build_object('id', l.id, 'title', l.title, 'color', l.color, 'description', l.description,
                'project_id', l.project_id, 'group_id', l.group_id, 'priority', l.priority) ORDER BY l.title)
             FROM label_links ll JOIN labels l ON l.id = ll.label_id WHERE ll.target_type = 'Issue' AND ll.target_id = i.id),
  'notes_count', (SELECT json_build_array(c.shown, c.internal, CASE WHEN c.internal > 0 AND $2::int IS NOT NULL THEN ${level} END)
             FROM (SELECT count(*) FILTER (WHERE NOT nt.internal) AS shown, count(*) FILTER (WHERE nt.internal) AS internal
                   FROM notes nt WHERE nt.noteable_type = 'Issue' AND nt.noteable_id = i.id AND NOT nt.system) c),
  'upvotes', (SELECT count(*)::int FROM award_emoji ae WHERE ae.awardable_type = 'Issue' AND ae.awardable_id = i.id AND ae.name = 'thumbsup'),
  'downvotes', (SELECT count(*)::int FROM award_emoji ae WHERE ae.awardable_type = 'Issue' AND ae.awardable_id = i.id AND ae.name = 'thumbsdown'),
  'merge_requests_count', (SELECT count(*)::int FROM merge_requests_closing_issues mc WHERE mc.issue_id = i.id),
  'users', (SELECT json_agg(${USER_JSON}) FROM users u
             WHERE u.id = ANY(ARRAY[i.author_id, i.closed_by_id, i.last_edited_by_id] || ${assignees})),
  'moved_to_path', (SELECT mp.full_path || '/-/issues/' || mi.iid FROM issues mi JOIN projects mp ON mp.id = mi.project_id WHERE mi.id = i.moved_to_id),
  'milestone', (SELECT json_build_object('id', m.id, 'iid', m.iid, 'title', m.title, 'state', m.state, 'due_date', m.due_date,
                  'start_date', m.start_date, 'project_id', m.project_id, 'group_id', m.group_id,
                  'owner_path', COALESCE((SELECT full_path FROM projects WHERE id = m.project_id), (SELECT full_path FROM namespaces WHERE id = m.group_id)))
                FROM milestones m WHERE m.id = i.milestone_id),
  'iteration', (SELECT row_to_json(itr) FROM (SELECT ${ITERATION_COLUMNS} WHERE it.id = i.iteration_id) itr),
  'epic', (SELECT json_build_object('id', e.id, 'iid', e.iid, 'title', e.title, 'groupId', e.group_id, 'groupPath', en.full_path,
             'endDate', e.end_date::text, 'confidential', e.confidential, 'state', e.state)
           FROM epic_issues ei JOIN epics e ON e.id = ei.epic_id JOIN namespaces en ON en.id = e.group_id WHERE ei.issue_id = i.id))`;

/** Issues by (lower-cased project path, iid) with the actor's level ($2) and assignees: CrossReferenceVisibility's read. */
const READABLE_REFS_SQL = `SELECT r.path, row_to_json(p) AS p, row_to_json(n) AS n, row_to_json(i) AS i,
    ${EFFECTIVE_LEVEL_SQL} AS access_level, ${ASSIGNEE_IDS_SQL} AS assignee_ids
  FROM (SELECT DISTINCT * FROM unnest($1::text[], $3::int[])) AS r(path, iid)
  JOIN projects p ON lower(p.full_path) = r.path
  JOIN namespaces n ON n.id = p.namespace_id
  JOIN issues i ON i.project_id = p.id AND i.iid = r.iid`;

/** A personal namespace's owner owns its projects. */
export function effectiveLevel(level: number, project: Project, userId: number): number {
  if (level < ACCESS_LEVEL.OWNER && project.namespace?.type === 'User' && project.namespace.ownerId === userId) return ACCESS_LEVEL.OWNER;
  return level;
}


interface HydrateRow {
  assignee_ids: number[];
  labels: Array<{ id: number; title: string; color: string; description: string | null; project_id: number | null; group_id: number | null; priority: number | null }> | null;
  /**
   * Comments: [not internal, internal, the viewer's level in the project]. The level is read
   * only when there are internal comments, from the same count (one pass over the notes).
   */
  notes_count: [number, number, number | null];
  upvotes?: number;
  downvotes?: number;
  merge_requests_count?: number;
  users: UserRow[] | null;
  moved_to_path?: string | null;
  milestone: { id: number; iid: number; title: string; state: Milestone['state']; due_date: string | null; start_date: string | null; project_id: number | null; group_id: number | null; owner_path?: string } | null;
  iteration?: IterationRow | null;
  epic?: IssueEpicFacts | null;
}

/** Drivers hand json back parsed (pg) or as text. */
/** Reads of one turn in one statement, at most (readableInTurn). */
const TURN_READS_MAX = 500;

const json = <T>(v: unknown): T | null => (v === null || v === undefined ? null : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));


/**
 * user_notes_count as the viewer may see it: internal notes count only for those who may read
 * them (GitLab's Issue#user_notes_count is per viewer through the notes finder).
 */
function visibleNotesCount(issue: Issue, project: Project, h: HydrateRow, viewer: Actor | null): number {
  const shown = Number(h.notes_count?.[0] ?? 0);
  const internal = Number(h.notes_count?.[1] ?? 0);
  if (!internal || !viewer) return shown;
  const facts: ProjectFacts = { visibility: project.visibility, archived: project.archived, accessLevel: effectiveLevel(Number(h.notes_count?.[2] ?? 0), project, viewer.id) };
  return issuePermissions(viewer, facts, issueFacts(issue, h.assignee_ids.map(Number))).readInternalNote ? shown + internal : shown;
}

function hydratedFrom(issue: Issue, project: Project, h: HydrateRow, viewer: Actor | null): HydratedIssue {
  const users = new Map((h.users ?? []).map((r) => [Number(r.id), userFromRow(r)]));
  const pick = (id: number | null) => (id ? (users.get(id) ?? null) : null);
  return {
    issue,
    project,
    author: pick(issue.authorId),
    closedBy: pick(issue.closedById),
    updatedBy: pick(issue.lastEditedById),
    assignees: h.assignee_ids.map((id) => users.get(Number(id))).filter((u): u is User => !!u),
    labels: (h.labels ?? []).map((l) =>
      Object.assign(new Label(), { id: l.id, title: l.title, color: l.color, description: l.description, projectId: l.project_id, groupId: l.group_id, priority: l.priority }),
    ),
    milestone: h.milestone
      ? Object.assign(new Milestone(), {
          id: h.milestone.id, iid: h.milestone.iid, title: h.milestone.title, state: h.milestone.state, dueDate: h.milestone.due_date,
          startDate: h.milestone.start_date, projectId: h.milestone.project_id, groupId: h.milestone.group_id,
        })
      : null,
    movedToPath: h.moved_to_path ?? null,
    milestoneOwnerPath: h.milestone?.owner_path ?? null,
    iteration: h.iteration ? normIterationRow(h.iteration) : null,
    userNotesCount: visibleNotesCount(issue, project, h, viewer),
    upvotes: Number(h.upvotes ?? 0),
    downvotes: Number(h.downvotes ?? 0),
    mergeRequestsCount: Number(h.merge_requests_count ?? 0),
    epic: h.epic ?? null,
  };
}

function emptyHydration(issue: Issue, project: Project): HydratedIssue {
  return { issue, project, author: null, closedBy: null, updatedBy: null, assignees: [], labels: [], milestone: null, milestoneOwnerPath: null, iteration: null, userNotesCount: 0, upvotes: 0, downvotes: 0, mergeRequestsCount: 0, epic: null };
}
