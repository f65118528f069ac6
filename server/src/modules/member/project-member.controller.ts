import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { ProjectService } from '../project/project.service';
import { toApiMember } from './member.mapper';
import { MemberService } from './member.service';
import { parseMemberCreate, parseMemberUpdate, parseUserIdParam } from './member.validation';

const searchOf = (q: Record<string, unknown>) => (typeof q.query === 'string' && q.query.trim() ? q.query.trim() : undefined);

/**
 * GitLab REST v4 project members (`:id` is a number or a URL-encoded full path). Unreadable
 * projects are 404; readers who may not manage members get 403; anonymous writers 401.
 */
@Controller('api/v4/projects/:id/members')
export class ProjectMemberController {
  constructor(
    private readonly members: MemberService,
    private readonly projects: ProjectService,
  ) {}

  /** Policy: read_project_member. Direct members only. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const p = pageParams(q);
    const { project } = await this.projects.findReadable(actor, id);
    const { members, total } = await this.members.listDirect(this.members.projectSource(project), { ...p, query: searchOf(q) });
    setPaginationHeaders(req, res, this.members.config.publicUrl, p, total);
    return members.map((m) => toApiMember(m, this.members.config.publicUrl));
  }

  /** Policy: read_project_member. Direct and inherited members, each with their highest level. */
  @Get('all')
  async listAll(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const p = pageParams(q);
    const { project } = await this.projects.findReadable(actor, id);
    const { members, total } = await this.members.listAll(this.members.projectSource(project), { ...p, query: searchOf(q) });
    setPaginationHeaders(req, res, this.members.config.publicUrl, p, total);
    return members.map((m) => toApiMember(m, this.members.config.publicUrl));
  }

  /** Policy: read_project_member. A direct or inherited member. */
  @Get('all/:user_id')
  async showEffective(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('user_id') userId: string) {
    const { project } = await this.projects.findReadable(actor, id);
    const uid = parseUserIdParam(userId);
    const member = uid === null ? null : await this.members.findEffective(this.members.projectSource(project), uid);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    return toApiMember(member, this.members.config.publicUrl);
  }

  /** Policy: read_project_member. A direct member. */
  @Get(':user_id')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('user_id') userId: string) {
    const { project } = await this.projects.findReadable(actor, id);
    const uid = parseUserIdParam(userId);
    const member = uid === null ? null : await this.members.findDirect(this.members.projectSource(project), uid);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    return toApiMember(member, this.members.config.publicUrl);
  }

  /** Policy: admin_project_member (maintainers; the owner level only by owners). */
  @Post()
  async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: Record<string, unknown>) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const { project, facts } = await this.projects.findReadable(actor, id);
    this.members.precheckProject(actor, facts, null, 'add');
    const input = parseMemberCreate(body ?? {});
    const member = await this.members.add(actor, this.members.projectTarget(project), input);
    return toApiMember(member, this.members.config.publicUrl);
  }

  /** Policy: admin_project_member (maintainers; the owner level only by owners). */
  @Put(':user_id')
  async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('user_id') userId: string, @Body() body: Record<string, unknown>) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const { project, facts } = await this.projects.findReadable(actor, id);
    const uid = parseUserIdParam(userId);
    this.members.precheckProject(actor, facts, uid, 'update');
    const input = parseMemberUpdate(body ?? {});
    if (uid === null) throw new AppError('MEMBER_NOT_FOUND');
    const member = await this.members.update(actor, this.members.projectTarget(project), uid, input);
    return toApiMember(member, this.members.config.publicUrl);
  }

  /** Policy: admin_project_member (maintainers; owners only by owners); any member may remove themselves. */
  @Delete(':user_id')
  @HttpCode(204)
  async destroy(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('user_id') userId: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const { project, facts } = await this.projects.findReadable(actor, id);
    const uid = parseUserIdParam(userId);
    this.members.precheckProject(actor, facts, uid, 'remove');
    if (uid === null) throw new AppError('MEMBER_NOT_FOUND');
    await this.members.remove(actor, this.members.projectTarget(project), uid);
  }
}
