import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { toApiGroup } from './group.mapper';
import { GroupService } from './group.service';

/** GET /api/v4/groups/:id: the minimal group shape (no projects or subgroups inlined). */
@Controller('api/v4/groups')
export class GroupController {
  constructor(private readonly groups: GroupService) {}

  /**
   * Policy: read_group (only groups the actor may read are listed). GitLab's group list with
   * `search` (trimmed; name or full path) and offset pagination; the invite modal's group picker.
   */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const p = pageParams(q);
    const search = typeof q.search === 'string' ? q.search.trim() : '';
    const { groups, total } = await this.groups.listReadable(actor, { search, ...p });
    setPaginationHeaders(req, res, this.groups.config.publicUrl, p, total);
    return Promise.all(groups.map(async (g) => toApiGroup(g, this.groups.config.publicUrl, await this.groups.fullName(g))));
  }

  /**
   * Policy: read_group on the group, and each listed subgroup readable. GitLab's
   * descendant_groups: every subgroup at any depth, with `search` and offset pagination.
   */
  @Get(':id/descendant_groups')
  async descendants(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { group } = await this.groups.findReadable(actor, id);
    const p = pageParams(q);
    const search = typeof q.search === 'string' ? q.search.trim() : '';
    const { groups, total } = await this.groups.listReadable(actor, { search, ...p, descendantsOf: group.id });
    setPaginationHeaders(req, res, this.groups.config.publicUrl, p, total);
    return Promise.all(groups.map(async (g) => toApiGroup(g, this.groups.config.publicUrl, await this.groups.fullName(g))));
  }

  /** Policy: read_group (each of `shared_with_groups` read_group too). `id` is a number or a URL-encoded full path. */
  @Get(':id')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string) {
    const { group } = await this.groups.findReadable(actor, id);
    return { ...toApiGroup(group, this.groups.config.publicUrl, await this.groups.fullName(group)), shared_with_groups: await this.groups.sharedWithGroups(actor, group.id) };
  }
}
