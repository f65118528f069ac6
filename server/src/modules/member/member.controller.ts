import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Req, Res, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { ProjectService } from '../project/project.service';
import { toApiMember } from './member.mapper';
import { MemberService, type MemberSource } from './member.service';
import { parseMemberCreate, parseMemberUpdate, parseUserIdParam } from './member.validation';

type Op = 'add' | 'update' | 'remove';

/** A readable project or group, seen through what the members API needs of it. */
interface ReadableSource {
  source: MemberSource;
  target: ReturnType<MemberService['projectTarget']>;
  /** 403 before any lookup for an actor who may manage no member (leaving oneself excepted). */
  precheck(actor: Actor, userId: number | null, op: Op): void;
}

interface SourceKind<S> {
  owners: Type<S>;
  /** 404 when the actor may not read it (the owners' service decides). */
  findReadable(owners: S, members: MemberService, actor: Actor | null, id: string): Promise<ReadableSource>;
}

const KINDS = {
  project: {
    owners: ProjectService,
    async findReadable(owners, members, actor, id) {
      const { project, facts } = await owners.findReadable(actor, id);
      return {
        source: members.projectSource(project),
        target: members.projectTarget(project),
        precheck: (a, uid, op) => members.precheckProject(a, facts, uid, op),
      };
    },
  } satisfies SourceKind<ProjectService>,
  group: {
    owners: GroupService,
    async findReadable(owners, members, actor, id) {
      const { group, facts } = await owners.findReadable(actor, id);
      return {
        source: members.groupSource(group),
        target: members.groupTarget(group),
        precheck: (a, uid, op) => members.precheckGroup(a, facts, uid, op),
      };
    },
  } satisfies SourceKind<GroupService>,
};

const searchOf = (q: Record<string, unknown>) => (typeof q.query === 'string' && q.query.trim() ? q.query.trim() : undefined);

/**
 * GitLab REST v4 project or group members (`:id` is a number or a URL-encoded full path) at
 * `route`. Unreadable sources are 404; readers who may not manage members get 403; anonymous
 * writers 401. Projects and groups differ only in how the source is found and checked, so one
 * class serves both.
 */
export function memberControllerFor(opts: { sourceType: keyof typeof KINDS; route: string }): Type<unknown> {
  const kind = KINDS[opts.sourceType] as SourceKind<unknown>;

  @Controller(opts.route)
  class MemberController {
    constructor(
      @Inject(MemberService) readonly members: MemberService,
      @Inject(kind.owners) readonly owners: unknown,
    ) {}

    private readable(actor: Actor | null, id: string): Promise<ReadableSource> {
      return kind.findReadable(this.owners, this.members, actor, id);
    }

    /** Policy: read_project_member / read_group_member. Direct members only. */
    @Get()
    async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
      const p = pageParams(q);
      const { source } = await this.readable(actor, id);
      const { members, total } = await this.members.listDirect(source, { ...p, query: searchOf(q) });
      setPaginationHeaders(req, res, this.members.config.publicUrl, p, total);
      return members.map((m) => toApiMember(m, this.members.config.publicUrl));
    }

    /** Policy: read_project_member / read_group_member. Direct and inherited members, each with their highest level. */
    @Get('all')
    async listAll(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
      const p = pageParams(q);
      const { source } = await this.readable(actor, id);
      const { members, total } = await this.members.listAll(source, { ...p, query: searchOf(q) });
      setPaginationHeaders(req, res, this.members.config.publicUrl, p, total);
      return members.map((m) => toApiMember(m, this.members.config.publicUrl));
    }

    /** Policy: read_project_member / read_group_member. A direct or inherited member. */
    @Get('all/:user_id')
    async showEffective(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('user_id') userId: string) {
      const { source } = await this.readable(actor, id);
      const uid = parseUserIdParam(userId);
      const member = uid === null ? null : await this.members.findEffective(source, uid);
      if (!member) throw new AppError('MEMBER_NOT_FOUND');
      return toApiMember(member, this.members.config.publicUrl);
    }

    /** Policy: read_project_member / read_group_member. A direct member. */
    @Get(':user_id')
    async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('user_id') userId: string) {
      const { source } = await this.readable(actor, id);
      const uid = parseUserIdParam(userId);
      const member = uid === null ? null : await this.members.findDirect(source, uid);
      if (!member) throw new AppError('MEMBER_NOT_FOUND');
      return toApiMember(member, this.members.config.publicUrl);
    }

    /** Policy: admin_project_member (maintainers; the owner level only by owners) / admin_group_member (owners of the group or an ancestor). */
    @Post()
    async create(@SignedInActor() actor: Actor, @Param('id') id: string, @Body() body: Record<string, unknown>) {
      const found = await this.readable(actor, id);
      found.precheck(actor, null, 'add');
      const input = parseMemberCreate(body ?? {});
      const member = await this.members.add(actor, found.target, input);
      return toApiMember(member, this.members.config.publicUrl);
    }

    /** Policy: admin_project_member (maintainers; the owner level only by owners) / admin_group_member (owners of the group or an ancestor). */
    @Put(':user_id')
    async update(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('user_id') userId: string, @Body() body: Record<string, unknown>) {
      const found = await this.readable(actor, id);
      const uid = parseUserIdParam(userId);
      found.precheck(actor, uid, 'update');
      const input = parseMemberUpdate(body ?? {});
      if (uid === null) throw new AppError('MEMBER_NOT_FOUND');
      const member = await this.members.update(actor, found.target, uid, input);
      return toApiMember(member, this.members.config.publicUrl);
    }

    /**
     * Policy: admin_project_member / admin_group_member; any member may remove themselves, but
     * a group keeps an owner.
     */
    @Delete(':user_id')
    @HttpCode(204)
    async destroy(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('user_id') userId: string) {
      const found = await this.readable(actor, id);
      const uid = parseUserIdParam(userId);
      found.precheck(actor, uid, 'remove');
      if (uid === null) throw new AppError('MEMBER_NOT_FOUND');
      await this.members.remove(actor, found.target, uid);
    }
  }

  // Nest names controllers in its route logs by class name
  const name = `${opts.sourceType[0]!.toUpperCase()}${opts.sourceType.slice(1)}MemberController`;
  Object.defineProperty(MemberController, 'name', { value: name });
  return MemberController;
}
