import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { toApiMember } from './member.mapper';
import { MemberService } from './member.service';
import { parseMemberCreate, parseMemberUpdate, parseUserIdParam } from './member.validation';

const searchOf = (q: Record<string, unknown>) => (typeof q.query === 'string' && q.query.trim() ? q.query.trim() : undefined);

/**
 * GitLab REST v4 group members (`:id` is a number or a URL-encoded full path). Unreadable
 * groups are 404; readers who may not manage members get 403; anonymous writers 401.
 */
@Controller('api/v4/groups/:id/members')
export class GroupMemberController {
  constructor(
    private readonly members: MemberService,
    private readonly groups: GroupService,
  ) {}

  /** Policy: read_group_member. Direct members only. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const p = pageParams(q);
    const { group } = await this.groups.findReadable(actor, id);
    const { members, total } = await this.members.listDirect(this.members.groupSource(group), { ...p, query: searchOf(q) });
    setPaginationHeaders(req, res, this.members.config.publicUrl, p, total);
    return members.map((m) => toApiMember(m, this.members.config.publicUrl));
  }

  /** Policy: read_group_member. Direct and inherited members, each with their highest level. */
  @Get('all')
  async listAll(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const p = pageParams(q);
    const { group } = await this.groups.findReadable(actor, id);
    const { members, total } = await this.members.listAll(this.members.groupSource(group), { ...p, query: searchOf(q) });
    setPaginationHeaders(req, res, this.members.config.publicUrl, p, total);
    return members.map((m) => toApiMember(m, this.members.config.publicUrl));
  }

  /** Policy: read_group_member. A direct or inherited member. */
  @Get('all/:user_id')
  async showEffective(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('user_id') userId: string) {
    const { group } = await this.groups.findReadable(actor, id);
    const uid = parseUserIdParam(userId);
    const member = uid === null ? null : await this.members.findEffective(this.members.groupSource(group), uid);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    return toApiMember(member, this.members.config.publicUrl);
  }

  /** Policy: read_group_member. A direct member. */
  @Get(':user_id')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('user_id') userId: string) {
    const { group } = await this.groups.findReadable(actor, id);
    const uid = parseUserIdParam(userId);
    const member = uid === null ? null : await this.members.findDirect(this.members.groupSource(group), uid);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    return toApiMember(member, this.members.config.publicUrl);
  }

  /** Policy: admin_group_member (owners of the group or an ancestor). */
  @Post()
  async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: Record<string, unknown>) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const { group, facts } = await this.groups.findReadable(actor, id);
    this.members.precheckGroup(actor, facts, null, 'add');
    const input = parseMemberCreate(body ?? {});
    const member = await this.members.add(actor, this.members.groupTarget(group), input);
    return toApiMember(member, this.members.config.publicUrl);
  }

  /** Policy: admin_group_member (owners of the group or an ancestor). */
  @Put(':user_id')
  async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('user_id') userId: string, @Body() body: Record<string, unknown>) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const { group, facts } = await this.groups.findReadable(actor, id);
    const uid = parseUserIdParam(userId);
    this.members.precheckGroup(actor, facts, uid, 'update');
    const input = parseMemberUpdate(body ?? {});
    if (uid === null) throw new AppError('MEMBER_NOT_FOUND');
    const member = await this.members.update(actor, this.members.groupTarget(group), uid, input);
    return toApiMember(member, this.members.config.publicUrl);
  }

  /** Policy: admin_group_member (owners); any member may remove themselves, but a group keeps an owner. */
  @Delete(':user_id')
  @HttpCode(204)
  async destroy(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('user_id') userId: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const { group, facts } = await this.groups.findReadable(actor, id);
    const uid = parseUserIdParam(userId);
    this.members.precheckGroup(actor, facts, uid, 'remove');
    if (uid === null) throw new AppError('MEMBER_NOT_FOUND');
    await this.members.remove(actor, this.members.groupTarget(group), uid);
  }
}
