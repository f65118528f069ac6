import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ACCESS_LEVEL, ACCESS_LEVEL_NAMES, VALIDATION } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import type { PageParams } from '../../core/http/pagination';
import {
  canChangeGroupMember,
  canChangeProjectMember,
  canGroup,
  canProject,
  type Actor,
  type GroupFacts,
  type MembershipChange,
  type ProjectFacts,
} from '../../core/policy/policy';
import { currentMembership, groupShareMemberRowsSql, sharedGroupMemberRowsSql, sharedGroupMembershipsSql } from '../../core/policy/membership-sql';
import { AccessChanges } from '../../core/realtime/access-changes';
import { GroupService } from '../group/group.service';
import type { Namespace } from '../group/namespace.entity';
import type { Project } from '../project/project.entity';
import { escapeLike, ProjectService } from '../project/project.service';
import type { MemberRow, RelatedMemberRow } from './member.mapper';
import type { MemberCreateInput, MemberUpdateInput } from './member.validation';

/** Where memberships live: a project, or a group (a `namespaces` row). */
export interface MemberSource {
  type: 'Project' | 'Namespace';
  id: number;
  /** The group whose memberships, with its ancestors', are inherited (null: none). */
  inheritFrom: number | null;
}

/** A project or group with what the mutations need: how to lock it and ask the policy. */
interface Target {
  source: MemberSource;
  notFound: 'PROJECT_NOT_FOUND' | 'GROUP_NOT_FOUND';
  /** May the actor make this change? (Facts are re-read inside the transaction.) */
  allowed(actor: Actor, change: MembershipChange, m: EntityManager): Promise<boolean>;
  /** Groups keep at least one owner; a project belongs to its namespace and needs none. */
  keepsOwner: boolean;
}

export interface MemberList {
  members: MemberRow[];
  total: number;
}

const MAX_ID = 2_147_483_647;

const MEMBER_COLUMNS = `m.user_id, u.username, u.name, u.state, u.avatar_url, m.access_level, m.expires_at::text AS expires_at, m.created_at`;

/** The ancestor groups from $1 up (depth 1 = $1 itself), for inherited memberships. */
const ANCESTORS = (param: string) => `anc(id, parent_id, name, depth) AS (
  SELECT id, parent_id, name, 1 FROM namespaces WHERE id = ${param} AND type = 'Group'
  UNION ALL SELECT n.id, n.parent_id, n.name, a.depth + 1 FROM namespaces n JOIN anc a ON n.id = a.parent_id)`;

const UNEXPIRED = currentMembership('m');

/** Ranks shared-group memberships after direct and inherited ones of the same level. */
const SHARED_DEPTH = 1_000;
/** Ranks subgroups' memberships last. */
const DESCENDANT_DEPTH = 2_000;

/** GraphQL member relations (GitLab's ProjectMemberRelation and GroupMemberRelation, those Tandem has data for). */
export type MemberRelation = 'DIRECT' | 'INHERITED' | 'INVITED_GROUPS' | 'DESCENDANTS' | 'SHARED_FROM_GROUPS' | 'SHARED_INTO_ANCESTORS';

/** The groups a group's shares reach members through, split as GitLab's relations are (the invited groups' ids). */
export interface GroupShareSources {
  /** Groups the group itself is shared with (SHARED_FROM_GROUPS). */
  fromGroups: number[];
  /** Groups one of its ancestors is shared with (SHARED_INTO_ANCESTORS), with the ancestors' ids. */
  intoAncestors: number[];
  ancestors: number[];
}

/**
 * Project and group memberships (GitLab's members API). Services own the transaction: the
 * source row is locked, the actor's level re-read, the change checked against the policy and
 * the data (owner level, last owner, inherited level), written, and only after the commit
 * every node is told to re-check the sockets of a user whose access may have dropped.
 */
@Injectable()
export class MemberService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) readonly config: AppConfig,
    private readonly projects: ProjectService,
    private readonly groups: GroupService,
    private readonly access: AccessChanges,
  ) {}

  projectSource(project: Project): MemberSource {
    return { type: 'Project', id: project.id, inheritFrom: project.namespace?.type === 'Group' ? project.namespaceId : null };
  }

  groupSource(group: Namespace): MemberSource {
    return { type: 'Namespace', id: group.id, inheritFrom: group.parentId };
  }

  // ---------- reading ----------

  /** Direct members, optionally filtered by name/username (`query`), by user id. */
  async listDirect(source: MemberSource, opts: PageParams & { query?: string }): Promise<MemberList> {
    const search = opts.query ? `%${escapeLike(opts.query)}%` : null;
    const where = `m.source_type = $1 AND m.source_id = $2 AND ($3::text IS NULL OR u.username ILIKE $3 OR u.name ILIKE $3)`;
    const [count] = (await this.ds.query(`SELECT count(*)::int AS n FROM members m JOIN users u ON u.id = m.user_id WHERE ${where}`, [source.type, source.id, search])) as Array<{ n: number }>;
    const members: MemberRow[] = await this.ds.query(
      `SELECT ${MEMBER_COLUMNS} FROM members m JOIN users u ON u.id = m.user_id WHERE ${where} ORDER BY m.user_id LIMIT $4 OFFSET $5`,
      [source.type, source.id, search, opts.perPage, (opts.page - 1) * opts.perPage],
    );
    return { members, total: count?.n ?? 0 };
  }

  async findDirect(source: MemberSource, userId: number, m: EntityManager = this.ds.manager): Promise<MemberRow | null> {
    if (userId > MAX_ID) return null;
    const rows: MemberRow[] = await m.query(
      `SELECT ${MEMBER_COLUMNS} FROM members m JOIN users u ON u.id = m.user_id WHERE m.source_type = $1 AND m.source_id = $2 AND m.user_id = $3`,
      [source.type, source.id, userId],
    );
    return rows[0] ?? null;
  }

  /**
   * Effective members: direct and inherited from ancestor groups, one row per user with the
   * highest unexpired level (the nearest membership on a tie).
   */
  async listAll(source: MemberSource, opts: PageParams & { query?: string; userId?: number }): Promise<MemberList> {
    const search = opts.query ? `%${escapeLike(opts.query)}%` : null;
    const sql = `WITH RECURSIVE ${ANCESTORS('$3')},
      memb AS (
        SELECT m.user_id, m.access_level, m.expires_at, m.created_at, 0 AS depth FROM members m
        WHERE m.source_type = $1 AND m.source_id = $2 AND ${UNEXPIRED}
        UNION ALL
        SELECT m.user_id, m.access_level, m.expires_at, m.created_at, a.depth FROM members m
        JOIN anc a ON m.source_type = 'Namespace' AND m.source_id = a.id WHERE ${UNEXPIRED}
        UNION ALL
        -- a project's members through the groups it is shared with (GitLab lists invited groups' members here too)
        SELECT s.user_id, s.access_level, s.expires_at, s.created_at, ${SHARED_DEPTH} FROM (${sharedGroupMembershipsSql('$2')}) s WHERE $1 = 'Project'),
      eff AS (
        SELECT DISTINCT ON (user_id) user_id, access_level, expires_at, created_at FROM memb
        ORDER BY user_id, access_level DESC, depth)
      SELECT ${MEMBER_COLUMNS}, count(*) OVER ()::int AS total FROM eff m JOIN users u ON u.id = m.user_id
      WHERE ($4::text IS NULL OR u.username ILIKE $4 OR u.name ILIKE $4) AND ($5::int IS NULL OR m.user_id = $5)
      ORDER BY m.user_id LIMIT $6 OFFSET $7`;
    const params = [source.type, source.id, source.inheritFrom, search, opts.userId ?? null, opts.perPage, (opts.page - 1) * opts.perPage];
    const rows: Array<MemberRow & { total: number }> = await this.ds.query(sql, params);
    let total = rows[0]?.total;
    if (total === undefined) {
      // A page past the end has no row to carry the count
      total = opts.page > 1 ? (await this.listAll(source, { ...opts, page: 1, perPage: 1 })).total : 0;
    }
    return { members: rows.map(({ total: _t, ...r }) => r), total };
  }

  /**
   * Members by relation (GraphQL `projectMembers` / `groupMembers`, GitLab's MembersFinder with
   * `relations`): DIRECT, INHERITED (ancestor groups), INVITED_GROUPS (a project's shares, the
   * link's level capped at the member's), DESCENDANTS (a group's subgroups: those in
   * `descendantIds`, the ones the actor may read, so a private subgroup's members stay
   * private), SHARED_FROM_GROUPS and SHARED_INTO_ANCESTORS (the members of the groups the group,
   * or one of its ancestors, is shared with: those in `shares`, the invited groups the actor may
   * read; the link's level capped at the member's). One row per user, their highest current level (the nearest relation on a tie); active users only (the user
   * search excludes inactive users, sidebar spec §6), matching `search` in name or username.
   */
  async listByRelations(source: MemberSource, relations: ReadonlySet<MemberRelation>, opts: { search?: string; offset: number; limit: number; descendantIds?: readonly number[]; shares?: GroupShareSources }): Promise<{ members: RelatedMemberRow[]; total: number }> {
    const params: unknown[] = [];
    // Parameters are numbered as used: every one the query is given is referenced
    const p = (v: unknown) => `$${params.push(v)}`;
    const cols = (type: 'ProjectMember' | 'GroupMember', depth: string) =>
      `m.id AS member_id, '${type}'::text AS member_type, m.user_id, m.access_level, m.expires_at, m.created_at, m.updated_at, ${depth} AS depth`;
    const ctes: string[] = [];
    const parts: string[] = [];
    if (relations.has('DIRECT'))
      parts.push(`SELECT ${cols(source.type === 'Project' ? 'ProjectMember' : 'GroupMember', '0')} FROM members m WHERE m.source_type = ${p(source.type)} AND m.source_id = ${p(source.id)}::int AND ${UNEXPIRED}`);
    if (relations.has('INHERITED') && source.inheritFrom !== null) {
      ctes.push(ANCESTORS(`${p(source.inheritFrom)}::int`));
      parts.push(`SELECT ${cols('GroupMember', 'a.depth')} FROM members m JOIN anc a ON m.source_type = 'Namespace' AND m.source_id = a.id WHERE ${UNEXPIRED}`);
    }
    if (relations.has('DESCENDANTS') && source.type === 'Namespace' && opts.descendantIds?.length)
      parts.push(`SELECT ${cols('GroupMember', String(DESCENDANT_DEPTH))} FROM members m WHERE m.source_type = 'Namespace' AND m.source_id = ANY(${p([...opts.descendantIds])}::int[]) AND ${UNEXPIRED}`);
    if (relations.has('INVITED_GROUPS') && source.type === 'Project')
      parts.push(`SELECT s.member_id, 'GroupMember'::text AS member_type, s.user_id, s.access_level, s.expires_at, s.created_at, s.updated_at, ${SHARED_DEPTH} AS depth FROM (${sharedGroupMemberRowsSql(`${p(source.id)}::int`)}) s`);
    const shares = source.type === 'Namespace' ? opts.shares : undefined;
    const shared = (links: string) =>
      `SELECT s.member_id, 'GroupMember'::text AS member_type, s.user_id, s.access_level, s.expires_at, s.created_at, s.updated_at, ${SHARED_DEPTH} AS depth FROM (${groupShareMemberRowsSql(links)}) s`;
    if (relations.has('SHARED_FROM_GROUPS') && shares?.fromGroups.length)
      parts.push(shared(`ggl.shared_group_id = ${p(source.id)}::int AND ggl.shared_with_group_id = ANY(${p(shares.fromGroups)}::int[])`));
    if (relations.has('SHARED_INTO_ANCESTORS') && shares?.intoAncestors.length)
      parts.push(shared(`ggl.shared_group_id = ANY(${p(shares.ancestors)}::int[]) AND ggl.shared_with_group_id = ANY(${p(shares.intoAncestors)}::int[])`));
    if (!parts.length) return { members: [], total: 0 };
    const search = opts.search ? p(`%${escapeLike(opts.search)}%`) : null;
    const sql = `WITH RECURSIVE ${[...ctes, `memb AS (${parts.join(' UNION ALL ')})`].join(', ')},
      eff AS (SELECT DISTINCT ON (user_id) * FROM memb ORDER BY user_id, access_level DESC, depth)
      SELECT e.member_id, e.member_type, e.user_id, u.username, u.name, u.state, u.avatar_url, e.access_level,
        e.expires_at::text AS expires_at, e.created_at, e.updated_at, count(*) OVER ()::int AS total
      FROM eff e JOIN users u ON u.id = e.user_id
      WHERE u.state = 'active'${search ? ` AND (u.username ILIKE ${search} OR u.name ILIKE ${search})` : ''}
      ORDER BY u.username LIMIT ${p(0)} OFFSET ${p(0)}`;
    const run = (offset: number, limit: number) =>
      this.ds.query(sql, [...params.slice(0, -2), limit, offset]) as Promise<Array<RelatedMemberRow & { total: number }>>;
    const rows = await run(opts.offset, opts.limit);
    // A page past the end (or an empty one) has no row to carry the count
    const total = rows[0]?.total ?? (opts.offset > 0 || opts.limit === 0 ? ((await run(0, 1))[0]?.total ?? 0) : 0);
    return { members: rows.map(({ total: _t, ...r }) => ({ ...r, member_id: Number(r.member_id) })), total };
  }

  /** The shares in force of the group and its ancestors: (shared group, invited group) pairs, the group's own first. */
  async groupShares(group: Namespace): Promise<Array<{ sharedGroupId: number; invitedId: number; own: boolean }>> {
    const rows = (await this.ds.query(
      `WITH RECURSIVE ${ANCESTORS('$2::int')}
       SELECT l.shared_group_id, l.shared_with_group_id, l.shared_group_id = $1 AS own FROM group_group_links l
       WHERE ${currentMembership('l')} AND (l.shared_group_id = $1 OR l.shared_group_id IN (SELECT id FROM anc)) ORDER BY own DESC, l.id`,
      [group.id, group.parentId],
    )) as Array<{ shared_group_id: number; shared_with_group_id: number; own: boolean }>;
    return rows.map((r) => ({ sharedGroupId: Number(r.shared_group_id), invitedId: Number(r.shared_with_group_id), own: r.own }));
  }

  async findEffective(source: MemberSource, userId: number): Promise<MemberRow | null> {
    if (userId > MAX_ID) return null;
    return (await this.listAll(source, { page: 1, perPage: 1, userId })).members[0] ?? null;
  }

  // ---------- project and group targets ----------

  projectTarget(project: Project): Target {
    return {
      source: this.projectSource(project),
      notFound: 'PROJECT_NOT_FOUND',
      keepsOwner: false,
      allowed: async (actor, change, m) => canChangeProjectMember(actor, await this.projects.facts(actor, project, m), change),
    };
  }

  groupTarget(group: Namespace): Target {
    return {
      source: this.groupSource(group),
      notFound: 'GROUP_NOT_FOUND',
      keepsOwner: true,
      allowed: async (actor, change, m) => canChangeGroupMember(actor, await this.groups.facts(actor, group, m), change),
    };
  }

  /**
   * Refuses (403) before any lookup an actor who may manage no member at all; removing
   * oneself (leaving) is checked with the membership in hand.
   */
  precheckProject(actor: Actor, facts: ProjectFacts, userId: number | null, op: 'add' | 'update' | 'remove'): void {
    if (op === 'remove' && userId === actor.id) return;
    if (!canProject(actor, 'admin_project_member', facts)) throw new AppError('FORBIDDEN');
  }

  precheckGroup(actor: Actor, facts: GroupFacts, userId: number | null, op: 'add' | 'update' | 'remove'): void {
    if (op === 'remove' && userId === actor.id) return;
    if (!canGroup(actor, 'admin_group_member', facts)) throw new AppError('FORBIDDEN');
  }

  // ---------- writing ----------

  /** Access only grows here: nobody's sockets need a re-check. */
  async add(actor: Actor, target: Target, input: MemberCreateInput): Promise<MemberRow> {
    const { source } = target;
    return this.ds.transaction(async (m) => {
      const today = await this.lock(m, target);
      const userId = await this.userIdOf(m, input);
      if (await this.findDirect(source, userId, m)) throw new AppError('MEMBER_EXISTS');
      if (!(await target.allowed(actor, { from: null, to: input.accessLevel, self: userId === actor.id }, m))) throw new AppError('FORBIDDEN');
      this.checkExpiry(input.expiresAt, today);
      await this.checkInherited(m, source, userId, input.accessLevel);
      await m.query(
        `INSERT INTO members (source_type, source_id, user_id, access_level, expires_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (source_type, source_id, user_id) DO NOTHING`,
        [source.type, source.id, userId, input.accessLevel, input.expiresAt],
      );
      const row = await this.findDirect(source, userId, m);
      if (!row) throw new AppError('MEMBER_EXISTS');
      return row;
    });
  }

  async update(actor: Actor, target: Target, userId: number, input: MemberUpdateInput): Promise<MemberRow> {
    const { source } = target;
    let reduced = false;
    const row = await this.ds.transaction(async (m) => {
      const today = await this.lock(m, target);
      const current = await this.findDirect(source, userId, m);
      if (!current) throw new AppError('MEMBER_NOT_FOUND');
      if (!(await target.allowed(actor, { from: current.access_level, to: input.accessLevel, self: userId === actor.id }, m))) throw new AppError('FORBIDDEN');
      this.checkExpiry(input.expiresAt, today);
      await this.checkInherited(m, source, userId, input.accessLevel);
      if (target.keepsOwner && current.access_level >= ACCESS_LEVEL.OWNER && input.accessLevel < ACCESS_LEVEL.OWNER) await this.checkOwnerLeft(m, source, userId);
      const expiresAt = input.expiresAt === undefined ? current.expires_at : input.expiresAt;
      await m.query(
        `UPDATE members SET access_level = $4, expires_at = $5, updated_at = now() WHERE source_type = $1 AND source_id = $2 AND user_id = $3`,
        [source.type, source.id, userId, input.accessLevel, expiresAt],
      );
      // Lowered, or given an (earlier) end: the user's sockets are re-checked
      reduced = input.accessLevel < current.access_level || (expiresAt !== null && expiresAt !== current.expires_at);
      return (await this.findDirect(source, userId, m))!;
    });
    if (reduced) this.access.notify({ kind: 'user', userId });
    return row;
  }

  async remove(actor: Actor, target: Target, userId: number): Promise<void> {
    const { source } = target;
    await this.ds.transaction(async (m) => {
      await this.lock(m, target);
      const current = await this.findDirect(source, userId, m);
      if (!current) throw new AppError('MEMBER_NOT_FOUND');
      if (!(await target.allowed(actor, { from: current.access_level, to: null, self: userId === actor.id }, m))) throw new AppError('FORBIDDEN');
      if (target.keepsOwner && current.access_level >= ACCESS_LEVEL.OWNER) await this.checkOwnerLeft(m, source, userId);
      await m.query(`DELETE FROM members WHERE source_type = $1 AND source_id = $2 AND user_id = $3`, [source.type, source.id, userId]);
    });
    // After the commit: every node drops this user's subscriptions that are no longer readable
    this.access.notify({ kind: 'user', userId });
  }

  // ---------- helpers (inside the transaction) ----------

  /**
   * Locks the project or group row, so changes to one source's members run one at a time
   * (the last-owner check cannot race), and returns the database's current date.
   */
  private async lock(m: EntityManager, target: Target): Promise<string> {
    const table = target.source.type === 'Project' ? 'projects' : 'namespaces';
    const rows: Array<{ today: string }> = await m.query(`SELECT current_date::text AS today FROM ${table} WHERE id = $1 FOR UPDATE`, [target.source.id]);
    if (!rows[0]) throw new AppError(target.notFound);
    return rows[0].today;
  }

  private async userIdOf(m: EntityManager, input: MemberCreateInput): Promise<number> {
    let rows: Array<{ id: number }> = [];
    if (input.userId !== undefined) {
      if (input.userId <= MAX_ID) rows = await m.query('SELECT id FROM users WHERE id = $1', [input.userId]);
    } else {
      rows = await m.query('SELECT id FROM users WHERE lower(username) = lower($1)', [input.username ?? '']);
    }
    if (!rows[0]) throw new AppError('USER_NOT_FOUND');
    return rows[0].id;
  }

  private checkExpiry(expiresAt: string | null | undefined, today: string): void {
    if (expiresAt && expiresAt < today) throw new ValidationError({ expires_at: [VALIDATION.dateInPast] });
  }

  /** A direct membership may not be below one inherited from an ancestor group (GitLab's rule). */
  private async checkInherited(m: EntityManager, source: MemberSource, userId: number, level: number): Promise<void> {
    if (source.inheritFrom === null) return;
    const rows: Array<{ access_level: number; name: string }> = await m.query(
      `WITH RECURSIVE ${ANCESTORS('$1')}
       SELECT m.access_level, a.name FROM members m JOIN anc a ON m.source_type = 'Namespace' AND m.source_id = a.id
       WHERE m.user_id = $2 AND ${UNEXPIRED} ORDER BY m.access_level DESC, a.depth LIMIT 1`,
      [source.inheritFrom, userId],
    );
    const inherited = rows[0];
    if (inherited && level < inherited.access_level)
      throw new ValidationError({ access_level: [VALIDATION.belowInherited(ACCESS_LEVEL_NAMES[inherited.access_level] ?? String(inherited.access_level), inherited.name)] });
  }

  /** Refuses to leave a group without an owner: another direct owner, or one inherited, must remain. */
  private async checkOwnerLeft(m: EntityManager, source: MemberSource, userId: number): Promise<void> {
    const rows: Array<{ n: number }> = await m.query(
      `WITH RECURSIVE ${ANCESTORS('$3')}
       SELECT count(*)::int AS n FROM members m
       WHERE m.access_level >= ${ACCESS_LEVEL.OWNER} AND ${UNEXPIRED} AND m.source_type = 'Namespace'
         AND ((m.source_id = $1 AND m.user_id <> $2) OR m.source_id IN (SELECT id FROM anc))`,
      [source.id, userId, source.inheritFrom],
    );
    if (!rows[0]?.n) throw new AppError('LAST_OWNER');
  }
}
