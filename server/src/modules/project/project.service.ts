import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { ACCESS_LEVEL, VALIDATION, VISIBILITIES, type Visibility } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { entityFromJson } from '../../core/database/entity-json';
import { pgPool } from '../../core/database/pg-pool';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { memberProjectIdsSql, projectLevelSql } from '../../core/policy/membership-sql';
import { canProject, canReadProject, type Actor, type ProjectAbility, type ProjectFacts } from '../../core/policy/policy';
import { AccessChanges } from '../../core/realtime/access-changes';
import { Namespace } from '../group/namespace.entity';
import { Project } from './project.entity';
import { PROJECT_REPOSITORY_PORT, type ProjectRepositoryPort } from './project-repository.port';
import type { ProjectUpdateInput } from './project.validation';

/** private < internal < public */
const visibilityRank = (v: Visibility) => VISIBILITIES.indexOf(v);

export interface ProjectWithAccess {
  project: Project;
  facts: ProjectFacts;
}

@Injectable()
export class ProjectService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) readonly config: AppConfig,
    private readonly access: AccessChanges,
    @Inject(PROJECT_REPOSITORY_PORT) private readonly repository: ProjectRepositoryPort,
  ) {}

  /** The actor's effective level: max of the project's and every ancestor group's membership. */
  async accessLevel(userId: number | null, project: Project, manager: EntityManager = this.ds.manager): Promise<number> {
    if (userId === null) return ACCESS_LEVEL.NO_ACCESS;
    const values = [userId, project.id, project.namespaceId];
    // Outside a transaction a named statement (prepared once per connection)
    const rows: Array<{ level: number | null }> =
      manager === this.ds.manager ? (await pgPool(this.ds).query<{ level: number | null }>({ name: 'project.access_level', text: ACCESS_LEVEL_SQL, values })).rows : await manager.query(ACCESS_LEVEL_SQL, values);
    return effectiveLevel(rows[0]?.level ?? ACCESS_LEVEL.NO_ACCESS, project, userId);
  }

  /**
   * Several users' effective levels in one statement (the role badges of note authors): the
   * same rule as accessLevel, project and ancestor groups plus shares. Unknown ids are absent.
   */
  async accessLevels(userIds: readonly number[], project: Project, manager: EntityManager = this.ds.manager): Promise<Map<number, number>> {
    const ids = [...new Set(userIds)];
    const levels = new Map<number, number>();
    if (!ids.length) return levels;
    const rows: Array<{ user_id: number; level: number | null }> = await manager.query(
      `SELECT u.id AS user_id, ${projectLevelSql('$2::int', '$3::int', 'u.id')} AS level FROM users u WHERE u.id = ANY($1::int[])`,
      [ids, project.id, project.namespaceId],
    );
    for (const r of rows) levels.set(Number(r.user_id), effectiveLevel(Number(r.level ?? ACCESS_LEVEL.NO_ACCESS), project, Number(r.user_id)));
    return levels;
  }

  async facts(actor: Actor | null, project: Project, manager?: EntityManager): Promise<ProjectFacts> {
    return {
      visibility: project.visibility,
      archived: project.archived,
      accessLevel: await this.accessLevel(actor?.id ?? null, project, manager),
    };
  }

  /**
   * Finds by numeric id or (URL-decoded) full path; unreadable projects are "not found".
   * `extend` may join more to the same statement (e.g. an issue); its selections
   * come back in `row`, and the access check is the same.
   */
  async findReadable<R extends object = object>(
    actor: Actor | null,
    idOrPath: string | number,
    extend?: (qb: SelectQueryBuilder<Project>) => void,
  ): Promise<ProjectWithAccess & { row: Partial<R> }> {
    const uid = actor?.id ?? null;
    if (!extend) return { ...(await this.readable(actor, idOrPath)), row: {} };
    // The project, its namespace and the actor's effective level in one statement
    const qb = this.lookup(idOrPath);
    if (!qb) throw new AppError('PROJECT_NOT_FOUND');
    if (uid !== null) qb.addSelect(EFFECTIVE_LEVEL_SQL, 'access_level').setParameter('uid', uid);
    extend?.(qb);
    const { entities, raw } = await qb.getRawAndEntities<{ access_level?: number | null } & Partial<R>>();
    const project = entities[0];
    if (!project) throw new AppError('PROJECT_NOT_FOUND');
    const facts: ProjectFacts = {
      visibility: project.visibility,
      archived: project.archived,
      accessLevel: uid === null ? ACCESS_LEVEL.NO_ACCESS : effectiveLevel(Number(raw[0]?.access_level ?? ACCESS_LEVEL.NO_ACCESS), project, uid),
    };
    if (!canReadProject(actor, facts)) throw new AppError('PROJECT_NOT_FOUND');
    return { project, facts, row: raw[0] ?? {} };
  }

  /**
   * findReadable without joins: one named statement (prepared once per connection) returning one
   * json column. Through TypeORM's query builder, unnamed, Postgres parsed and planned it at every
   * request naming a project (0.3 + 0.7-1.0 ms of its CPU in the statement log, more than the
   * read itself); this is the read nearly every project-scoped request starts with.
   */
  private async readable(actor: Actor | null, idOrPath: string | number): Promise<ProjectWithAccess> {
    const s = String(idOrPath);
    const byId = /^\d+$/.test(s);
    if (byId && Number(s) > 2_147_483_647) throw new AppError('PROJECT_NOT_FOUND');
    const uid = actor?.id ?? null;
    const { rows } = await pgPool(this.ds).query<{ r: unknown }>({
      name: byId ? 'project.readable.id' : 'project.readable.path',
      text: byId ? READABLE_BY_ID : READABLE_BY_PATH,
      values: [byId ? Number(s) : s, uid],
    });
    const r = rows[0]?.r;
    const row = (typeof r === 'string' ? JSON.parse(r) : r) as { p: Record<string, unknown>; n: Record<string, unknown> | null; access_level: number | null } | undefined;
    if (!row) throw new AppError('PROJECT_NOT_FOUND');
    const project = entityFromJson(this.ds, this.ds.getMetadata(Project), row.p) as Project;
    if (row.n) project.namespace = entityFromJson(this.ds, this.ds.getMetadata(Namespace), row.n) as Namespace;
    const facts: ProjectFacts = {
      visibility: project.visibility,
      archived: project.archived,
      accessLevel: uid === null ? ACCESS_LEVEL.NO_ACCESS : effectiveLevel(Number(row.access_level ?? ACCESS_LEVEL.NO_ACCESS), project, uid),
    };
    if (!canReadProject(actor, facts)) throw new AppError('PROJECT_NOT_FOUND');
    return { project, facts };
  }

  async findByIdOrPath(idOrPath: string | number): Promise<Project | null> {
    return (await this.lookup(idOrPath)?.getOne()) ?? null;
  }

  /** The query for a project by id or path with its namespace (QueryBuilder: one statement). */
  private lookup(idOrPath: string | number) {
    const s = String(idOrPath);
    const qb = this.ds.getRepository(Project).createQueryBuilder('p').leftJoinAndSelect('p.namespace', 'n');
    if (/^\d+$/.test(s)) return Number(s) > 2_147_483_647 ? null : qb.where('p.id = :id', { id: Number(s) });
    return qb.where('lower(p.full_path) = lower(:path)', { path: s });
  }

  can(actor: Actor | null, ability: ProjectAbility, facts: ProjectFacts): boolean {
    return canProject(actor, ability, facts);
  }

  /** Throws 401 for anonymous, 403 for a reader without the right. */
  authorize(actor: Actor | null, ability: ProjectAbility, facts: ProjectFacts): void {
    if (canProject(actor, ability, facts)) return;
    throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
  }

  /**
   * Changes name, description and visibility in one transaction on the locked row. Settings
   * need a maintainer; a visibility change needs an owner, and may not exceed the group's.
   * After the commit, a lowered visibility makes every node re-check the project's sockets.
   */
  async update(actor: Actor, project: Project, input: ProjectUpdateInput): Promise<{ project: Project; facts: ProjectFacts }> {
    let lowered = false;
    const result = await this.ds.transaction(async (m) => {
      const current = await m.getRepository(Project).createQueryBuilder('p').setLock('pessimistic_write').where('p.id = :id', { id: project.id }).getOne();
      if (!current) throw new AppError('PROJECT_NOT_FOUND');
      current.namespace = project.namespace;
      const facts = await this.facts(actor, current, m);
      if (!canReadProject(actor, facts)) throw new AppError('PROJECT_NOT_FOUND');
      this.authorize(actor, 'admin_project', facts);
      const patch: Partial<Pick<Project, 'name' | 'description' | 'visibility' | 'serviceDeskEnabled'>> = {};
      if (input.serviceDeskEnabled !== undefined && input.serviceDeskEnabled !== current.serviceDeskEnabled) {
        this.authorize(actor, 'admin_service_desk', facts);
        patch.serviceDeskEnabled = input.serviceDeskEnabled;
      }
      if (input.name !== undefined && input.name !== current.name) patch.name = input.name;
      if (input.description !== undefined && input.description !== current.description) patch.description = input.description;
      if (input.visibility !== undefined && input.visibility !== current.visibility) {
        this.authorize(actor, 'change_visibility_level', facts);
        const ns = current.namespace;
        if (ns?.type === 'Group' && visibilityRank(input.visibility) > visibilityRank(ns.visibility))
          throw new ValidationError({ visibility: [VALIDATION.visibilityAboveGroup(input.visibility, ns.visibility)] });
        patch.visibility = input.visibility;
        lowered = visibilityRank(input.visibility) < visibilityRank(current.visibility);
      }
      if (Object.keys(patch).length) {
        await m.getRepository(Project).update({ id: current.id }, patch);
        Object.assign(current, patch);
      }
      return { project: current, facts: { ...facts, visibility: current.visibility } };
    });
    // After the commit: who may no longer read the project leaves its issue rooms, on every node
    if (lowered) this.access.notify({ kind: 'project', projectId: project.id });
    return result;
  }

  /**
   * Projects the actor can read, with optional filters: the actor's own memberships, another
   * user's memberships (`memberId`: GET /users/:id/projects), and search.
   */
  async listReadable(
    actor: Actor | null,
    opts: {
      search?: string;
      membership?: boolean;
      memberId?: number;
      groupId?: number;
      includeSubgroups?: boolean;
      activeOnly?: boolean;
      /** GET /projects/:id/forks: the direct forks of this project. */
      forkedFrom?: number;
      /** The actor's effective level at least this (GitLab's min_access_level). */
      minAccessLevel?: number;
      visibility?: Visibility;
      /** Only projects that take merge requests (GitLab's with_merge_requests_enabled). */
      mergeRequestsEnabled?: boolean;
      page: number;
      perPage: number;
    },
  ): Promise<{ projects: Project[]; total: number }> {
    const qb = this.ds.getRepository(Project).createQueryBuilder('p').leftJoinAndSelect('p.namespace', 'n');
    const uid = actor?.id ?? -1;
    if (opts.membership) qb.where(memberOfSql('uid'), { uid });
    else if (!actor) qb.where(`p.visibility = 'public'`);
    else if (!actor.isAdmin) qb.where(`(p.visibility IN ('public','internal') OR ${memberOfSql('uid')})`, { uid });
    if (opts.memberId !== undefined) qb.andWhere(memberOfSql('mid'), { mid: opts.memberId });
    if (opts.groupId !== undefined)
      qb.andWhere(
        opts.includeSubgroups
          ? `p.namespace_id IN (WITH RECURSIVE sub(id) AS (SELECT CAST(:gid AS int) UNION SELECT n2.id FROM namespaces n2 JOIN sub ON n2.parent_id = sub.id) SELECT id FROM sub)`
          : 'p.namespace_id = :gid',
        { gid: opts.groupId },
      );
    if (opts.activeOnly) qb.andWhere('NOT p.archived');
    if (opts.forkedFrom !== undefined) qb.andWhere('p.forked_from_project_id = :upstream', { upstream: opts.forkedFrom });
    if (opts.visibility) qb.andWhere('p.visibility = :vis', { vis: opts.visibility });
    if (opts.mergeRequestsEnabled) qb.andWhere('p.merge_requests_enabled');
    if (opts.minAccessLevel !== undefined)
      qb.andWhere(`(COALESCE(${EFFECTIVE_LEVEL_SQL}, 0) >= :min OR (n.type = 'User' AND n.owner_id = :uid))`, { min: opts.minAccessLevel, uid });
    if (opts.search) qb.andWhere('(p.name ILIKE :s OR p.full_path ILIKE :s)', { s: `%${escapeLike(opts.search)}%` });
    qb.orderBy('p.id', 'DESC').skip((opts.page - 1) * opts.perPage).take(opts.perPage);
    const [projects, total] = await qb.getManyAndCount();
    return { projects, total };
  }

  /** The upstreams of forks among `projects` that the actor may read (GitLab shows forked_from_project only then). */
  async upstreamsOf(actor: Actor | null, projects: readonly Project[]): Promise<Map<number, Project>> {
    const out = new Map<number, Project>();
    for (const id of new Set(projects.flatMap((p) => (p.forkedFromProjectId ? [p.forkedFromProjectId] : [])))) {
      const found = await this.findReadable(actor, id).catch(() => null);
      if (found) out.set(id, found.project);
    }
    return out;
  }

  /** GitLab's `default_branch` of each project: null while its repository is empty. */
  async defaultBranches(projectIds: number[]): Promise<Map<number, string | null>> {
    const names = await Promise.all(projectIds.map((id) => this.repository.defaultBranch(id)));
    return new Map(projectIds.map((id, i) => [id, names[i]]));
  }

  async openIssuesCount(projectIds: number[]): Promise<Map<number, number>> {
    if (!projectIds.length) return new Map();
    const rows: Array<{ project_id: number; n: number }> = await this.ds.query(
      `SELECT project_id, count(*)::int AS n FROM issues WHERE state = 'opened' AND project_id = ANY($1) GROUP BY project_id`,
      [projectIds],
    );
    return new Map(rows.map((r) => [r.project_id, r.n]));
  }
}

/** accessLevel's statement: user $1's level on project $2 of namespace $3. */
const ACCESS_LEVEL_SQL = `SELECT ${projectLevelSql('$2::int', '$3::int', '$1::int')} AS level`;

/** The user's (:uid) effective level on project `p` (membership-sql.ts), as a scalar subquery over `projects p`. */
const EFFECTIVE_LEVEL_SQL = projectLevelSql('p.id', 'p.namespace_id', ':uid');

/** findReadable's statement ($1 the id or path, $2 the actor or null): the project, its namespace and the level as one json column. */
const readableSql = (where: string) => `SELECT json_build_object('p', row_to_json(p), 'n', row_to_json(n), 'access_level', ${projectLevelSql('p.id', 'p.namespace_id', '$2::int')}) AS r
  FROM projects p LEFT JOIN namespaces n ON n.id = p.namespace_id WHERE ${where} LIMIT 1`;
const READABLE_BY_ID = readableSql('p.id = $1::int');
const READABLE_BY_PATH = readableSql('lower(p.full_path) = lower($1::text)');

/** `p.id` is a project the user in parameter `:param` is a current member of (membership-sql.ts: direct, group, share, personal namespace). */
const memberOfSql = (param: string) => `p.id IN (${memberProjectIdsSql(`:${param}`)})`;

/** A personal namespace's owner owns its projects. */
function effectiveLevel(level: number, project: Project, userId: number): number {
  if (level < ACCESS_LEVEL.OWNER && project.namespace?.type === 'User' && project.namespace.ownerId === userId) return ACCESS_LEVEL.OWNER;
  return level;
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
