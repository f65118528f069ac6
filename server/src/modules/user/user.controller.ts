import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import type { ApiProject, UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { toApiProject } from '../project/project.mapper';
import { ProjectService } from '../project/project.service';
import { User } from './user.entity';
import { toUserBasic } from './user.mapper';

/**
 * GitLab's public user lookups: the basic profile (no e-mail) that issue pages already show for
 * every author, assignee and participant, so user links and clients can resolve a username.
 */
@Controller('api/v4/users')
export class UserController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectService,
  ) {}

  /** Policy: public (basic profiles only). `username` matches exactly, ignoring case; `search` matches username or name. */
  @Get()
  async list(@Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UserBasic[]> {
    const p = pageParams(q);
    const errors: Record<string, string[]> = {};
    const text = (name: string) => {
      const v = q[name];
      if (v === undefined || v === '') return undefined;
      if (typeof v !== 'string' || v.length > 255) errors[name] = ['is invalid'];
      return typeof v === 'string' ? v : undefined;
    };
    const username = text('username');
    const search = text('search');
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const qb = this.ds.getRepository(User).createQueryBuilder('u').orderBy('u.id', 'DESC');
    if (username !== undefined) qb.andWhere('lower(u.username) = lower(:username)', { username });
    if (search !== undefined) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.andWhere('(u.username ILIKE :like OR u.name ILIKE :like)', { like });
    }
    const [users, total] = await qb.skip((p.page - 1) * p.perPage).take(p.perPage).getManyAndCount();
    setPaginationHeaders(req, res, this.config.publicUrl, p, total);
    return users.map((u) => toUserBasic(u, this.config.publicUrl));
  }

  /** Policy: public (basic profile only). */
  @Get(':id')
  async show(@Param('id') id: string): Promise<UserBasic> {
    const user = /^\d{1,9}$/.test(id) ? await this.ds.getRepository(User).findOneBy({ id: Number(id) }) : null;
    if (!user) throw new AppError('USER_NOT_FOUND');
    return toUserBasic(user, this.config.publicUrl);
  }

  /**
   * Policy: read_project (only projects the viewer can read are listed). `:id` is a user id or
   * username. GitLab lists the user's personal-namespace projects here; Tandem's projects live in
   * groups, so it lists every project the user is a member of (directly, by group, or owned),
   * which is what the user page shows as "their projects".
   */
  @Get(':id/projects')
  async projectsOf(
    @CurrentActor() actor: Actor | null,
    @Param('id') id: string,
    @Query() q: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiProject[]> {
    const p = pageParams(q);
    const repo = this.ds.getRepository(User);
    const user = /^\d{1,9}$/.test(id)
      ? await repo.findOneBy({ id: Number(id) })
      : id.length <= 255
        ? await repo.createQueryBuilder('u').where('lower(u.username) = lower(:id)', { id }).getOne()
        : null;
    if (!user) throw new AppError('USER_NOT_FOUND');
    const { projects, total } = await this.projects.listReadable(actor, { ...p, memberId: user.id });
    const counts = await this.projects.openIssuesCount(projects.map((x) => x.id));
    const branches = await this.projects.defaultBranches(projects.map((x) => x.id));
    setPaginationHeaders(req, res, this.config.publicUrl, p, total);
    return projects.map((x) => toApiProject(x, this.config.publicUrl, counts.get(x.id) ?? 0, undefined, undefined, undefined, branches.get(x.id)));
  }
}
