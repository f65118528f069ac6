import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ACCESS_LEVEL, type ApiSharedWithGroup } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { currentMembership, groupLevelSql } from '../../core/policy/membership-sql';
import { canReadGroup, type Actor, type GroupFacts } from '../../core/policy/policy';
import { Namespace } from './namespace.entity';

export interface GroupWithAccess {
  group: Namespace;
  facts: GroupFacts;
}

/** Groups: rows of `namespaces` with type 'Group', nested through parent_id. */
@Injectable()
export class GroupService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) readonly config: AppConfig,
  ) {}

  /** By numeric id or (URL-decoded) full path; personal namespaces are not groups. */
  async findByIdOrPath(idOrPath: string | number, manager: EntityManager = this.ds.manager): Promise<Namespace | null> {
    const s = String(idOrPath);
    const qb = manager.getRepository(Namespace).createQueryBuilder('n').where(`n.type = 'Group'`);
    if (/^\d+$/.test(s)) return Number(s) > 2_147_483_647 ? null : qb.andWhere('n.id = :id', { id: Number(s) }).getOne();
    return qb.andWhere('lower(n.full_path) = lower(:path)', { path: s }).getOne();
  }

  /** The actor's effective level in a group: max of its and every ancestor group's unexpired memberships. */
  async accessLevel(userId: number | null, groupId: number, manager: EntityManager = this.ds.manager): Promise<number> {
    if (userId === null) return ACCESS_LEVEL.NO_ACCESS;
    const rows: Array<{ level: number | null }> = await manager.query(`SELECT ${groupLevelSql('$2::int', '$1::int')} AS level`, [userId, groupId]);
    return rows[0]?.level ?? ACCESS_LEVEL.NO_ACCESS;
  }

  /** "Acme / Platform": the names from the top-level group down. */
  async fullName(group: Namespace): Promise<string> {
    if (group.parentId === null) return group.name;
    const rows: Array<{ name: string }> = await this.ds.query(
      `WITH RECURSIVE ancestors(id, parent_id, name, depth) AS (
         SELECT id, parent_id, name, 0 FROM namespaces WHERE id = $1
         UNION ALL SELECT n.id, n.parent_id, n.name, a.depth + 1 FROM namespaces n JOIN ancestors a ON n.id = a.parent_id
       )
       SELECT name FROM ancestors ORDER BY depth DESC`,
      [group.id],
    );
    return rows.map((r) => r.name).join(' / ');
  }

  async facts(actor: Actor | null, group: Namespace, manager?: EntityManager): Promise<GroupFacts> {
    return { visibility: group.visibility, accessLevel: await this.accessLevel(actor?.id ?? null, group.id, manager) };
  }

  /**
   * The groups a group is shared with, as GitLab's group answer lists them (`shared_with_groups`:
   * links in force, oldest first), only those the actor may read (GitLab shows no private group
   * to an outsider).
   */
  async sharedWithGroups(actor: Actor | null, groupId: number): Promise<ApiSharedWithGroup[]> {
    const rows = (await this.ds.query(
      `SELECT n.id, n.name, n.full_path, n.visibility, l.group_access, l.expires_at::text AS expires_at, ${groupLevelSql('n.id', '$2::int')} AS level
       FROM group_group_links l JOIN namespaces n ON n.id = l.shared_with_group_id
       WHERE l.shared_group_id = $1 AND ${currentMembership('l')} ORDER BY l.id`,
      [groupId, actor?.id ?? null],
    )) as Array<{ id: number; name: string; full_path: string; visibility: GroupFacts['visibility']; group_access: number; expires_at: string | null; level: number | null }>;
    return rows
      .filter((r) => canReadGroup(actor, { visibility: r.visibility, accessLevel: r.level ?? ACCESS_LEVEL.NO_ACCESS }))
      .map((r) => ({ group_id: Number(r.id), group_name: r.name, group_full_path: r.full_path, group_access_level: Number(r.group_access), expires_at: r.expires_at }));
  }

  /**
   * Groups the actor may see (public; internal when signed in; private through a membership of
   * it or an ancestor; all for admins), matching `search` in the name or full path, by path.
   */
  async listReadable(actor: Actor | null, opts: { search?: string; page: number; perPage: number; descendantsOf?: number }): Promise<{ groups: Namespace[]; total: number }> {
    const qb = this.ds.getRepository(Namespace).createQueryBuilder('n').where(`n.type = 'Group'`);
    // GET /groups/:id/descendant_groups: the subgroups at any depth under it
    if (opts.descendantsOf !== undefined)
      qb.andWhere(
        `n.id IN (WITH RECURSIVE d(id) AS (SELECT id FROM namespaces WHERE parent_id = :under UNION ALL SELECT c.id FROM namespaces c JOIN d ON c.parent_id = d.id) SELECT id FROM d)`,
        { under: opts.descendantsOf },
      );
    if (!actor) qb.andWhere(`n.visibility = 'public'`);
    else if (!actor.isAdmin)
      qb.andWhere(
        `(n.visibility IN ('public', 'internal') OR ${groupLevelSql('n.id', ':uid')} IS NOT NULL)`,
        { uid: actor.id },
      );
    if (opts.search) qb.andWhere('(n.name ILIKE :s OR n.full_path ILIKE :s)', { s: `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    qb.orderBy('n.full_path', 'ASC').skip((opts.page - 1) * opts.perPage).take(opts.perPage);
    const [groups, total] = await qb.getManyAndCount();
    return { groups, total };
  }

  /** A group the actor may see; unreadable ones are "not found", as unknown ones. */
  async findReadable(actor: Actor | null, idOrPath: string | number): Promise<GroupWithAccess> {
    const group = await this.findByIdOrPath(idOrPath);
    if (!group) throw new AppError('GROUP_NOT_FOUND');
    const facts = await this.facts(actor, group);
    if (!canReadGroup(actor, facts)) throw new AppError('GROUP_NOT_FOUND');
    return { group, facts };
  }
}
