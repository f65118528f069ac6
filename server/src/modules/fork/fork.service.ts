import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ACCESS_LEVEL, VISIBILITIES, type Visibility } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { canGroup, canProject, type Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { Namespace } from '../group/namespace.entity';
import { Project } from '../project/project.entity';
import { ProjectService } from '../project/project.service';
import { RepositoryService } from '../repository';
import type { ForkInput } from './fork.validation';

const rank = (v: Visibility) => VISIBILITIES.indexOf(v);
const lowest = (...vs: Visibility[]): Visibility => vs.reduce((a, b) => (rank(b) < rank(a) ? b : a));

/**
 * GitLab's Projects::ForkService: a new project in a namespace the actor may create projects in
 * (their personal namespace by default, made on first use), pointing at its upstream
 * (`forked_from_project_id`), owned by the forker (an owner membership), no more visible than the
 * upstream or its group, with a repository cloned from the upstream's (RepositoryService.fork).
 * The row and the repository land together: the clone runs inside the transaction, and a
 * failed commit removes it again.
 */
@Injectable()
export class ForkService {
  private readonly log = new Logger('ForkService');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly projects: ProjectService,
    private readonly groups: GroupService,
    private readonly repos: RepositoryService,
  ) {}

  async fork(actor: Actor, idOrPath: string, input: ForkInput): Promise<{ fork: Project; upstream: Project }> {
    const { project: upstream, facts } = await this.projects.findReadable(actor, idOrPath);
    // GitLab answers 404 to those who may see the project but not fork it (guests of a private one)
    if (!canProject(actor, 'fork_project', facts)) throw new AppError(canProject(actor, 'read_code', facts) ? 'FORBIDDEN' : 'PROJECT_NOT_FOUND');
    const target = input.namespace === undefined ? null : await this.targetNamespace(actor, input.namespace);
    const path = input.path ?? upstream.path;
    const name = input.name ?? upstream.name;
    const visibility = lowest(upstream.visibility, ...(target?.type === 'Group' ? [target.visibility] : []), ...(input.visibility ? [input.visibility] : []));
    let forkId: number | null = null;
    try {
      forkId = await this.ds.transaction(async (m) => {
        const ns = target ?? (await this.personalNamespace(m, actor));
        const fullPath = `${ns.fullPath}/${path}`;
        const taken: Record<string, string[]> = {};
        const clash = (await m.query(`SELECT lower(full_path) = lower($1) AS by_path, lower(name) = lower($2) AS by_name FROM projects WHERE namespace_id = $3 AND (lower(full_path) = lower($1) OR lower(name) = lower($2))`, [
          fullPath, name, ns.id,
        ])) as Array<{ by_path: boolean; by_name: boolean }>;
        if (clash.some((c) => c.by_name)) taken.name = ['has already been taken'];
        if (clash.some((c) => c.by_path)) taken.path = ['has already been taken'];
        if (Object.keys(taken).length) throw new AppError('PROJECT_TAKEN', taken);
        const [row] = (await m.query(
          `INSERT INTO projects (namespace_id, name, path, full_path, description, visibility, creator_id, forked_from_project_id, merge_requests_enabled, merge_method)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [ns.id, name, path, fullPath, input.description === undefined ? upstream.description : input.description, visibility, actor.id, upstream.id, upstream.mergeRequestsEnabled, upstream.mergeMethod],
        )) as Array<{ id: number }>;
        const id = Number(row!.id);
        await m.query(`INSERT INTO members (source_type, source_id, user_id, access_level) VALUES ('Project', $1, $2, $3)`, [id, actor.id, ACCESS_LEVEL.OWNER]);
        forkId = id;
        await this.repos.fork(upstream.id, id);
        return id;
      });
    } catch (e) {
      if (forkId !== null) await this.repos.remove(forkId).catch((err: Error) => this.log.error(`removing the repository of failed fork ${forkId}: ${err.message}`));
      // Two forks racing for one path: the unique index answers for the slower
      if ((e as { code?: string }).code === '23505') throw new AppError('PROJECT_TAKEN', { path: ['has already been taken'] });
      throw e;
    }
    const { project: fork } = await this.projects.findReadable(actor, forkId);
    return { fork, upstream };
  }

  /** The namespace asked for, when the actor may make projects there; 404 "Target Namespace" otherwise (GitLab's answer). */
  private async targetNamespace(actor: Actor, idOrPath: number | string): Promise<Namespace> {
    const s = String(idOrPath);
    const qb = this.ds.getRepository(Namespace).createQueryBuilder('n');
    const ns = await (/^\d+$/.test(s) ? qb.where('n.id = :id', { id: Number(s) }) : qb.where('lower(n.full_path) = lower(:p)', { p: s })).getOne();
    if (!ns) throw new AppError('TARGET_NAMESPACE_NOT_FOUND');
    if (ns.type === 'User') {
      if (ns.ownerId !== actor.id && !actor.isAdmin) throw new AppError('TARGET_NAMESPACE_NOT_FOUND');
      return ns;
    }
    if (!canGroup(actor, 'create_projects', await this.groups.facts(actor, ns))) throw new AppError('TARGET_NAMESPACE_NOT_FOUND');
    return ns;
  }

  /** The actor's personal namespace (`<username>`), made on first use. */
  private async personalNamespace(m: EntityManager, actor: Actor): Promise<Namespace> {
    const repo = m.getRepository(Namespace);
    const own = await repo.findOne({ where: { type: 'User', ownerId: actor.id } });
    if (own) return own;
    const [user] = (await m.query(`SELECT username, name FROM users WHERE id = $1`, [actor.id])) as Array<{ username: string; name: string }>;
    const taken = (await m.query(`SELECT 1 FROM namespaces WHERE lower(full_path) = lower($1)`, [user!.username])) as unknown[];
    if (taken.length) throw new AppError('PROJECT_TAKEN', { namespace: ['has already been taken'] });
    return repo.save(repo.create({ type: 'User', name: user!.name, path: user!.username, fullPath: user!.username, ownerId: actor.id, parentId: null, visibility: 'public', description: null }));
  }
}
