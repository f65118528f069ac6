import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiAwardEmoji } from '@tandem/shared-types';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { AddAwardAction } from './actions/add-award';
import { RemoveAwardAction } from './actions/remove-award';
import { AwardFinder } from './award.finder';
import { toApiAwardEmoji } from './award.mapper';
import { parseAwardName } from './award.validation';
import { AwardableLoader, type Awardable } from './awardable.loader';

/**
 * GitLab REST v4 award emoji (lib/api/award_emoji.rb) on issues and on their notes, with its
 * answers: an awardable the actor may not react on is "404 Award Emoji Not Found", a second
 * identical award "404 Award Emoji Name has already been taken Not Found", deleting someone
 * else's award 401.
 */
@Controller('api/v4/projects/:id/issues/:iid')
export class AwardController {
  constructor(
    private readonly awardables: AwardableLoader,
    private readonly finder: AwardFinder,
    private readonly add: AddAwardAction,
    private readonly remove: RemoveAwardAction,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_issue. */
  @Get('award_emoji')
  async listOnIssue(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.list(await this.awardables.issue(actor, id, iid), q, req, res);
  }

  /** Policy: read_issue + readable note. */
  @Get('notes/:noteId/award_emoji')
  async listOnNote(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('noteId') noteId: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.list(await this.awardables.note(actor, id, noteId, iid), q, req, res);
  }

  /** Policy: read_issue. */
  @Get('award_emoji/:awardId')
  async showOnIssue(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('awardId') awardId: string) {
    return this.show(await this.awardables.issue(actor, id, iid), awardId);
  }

  /** Policy: read_issue + readable note. */
  @Get('notes/:noteId/award_emoji/:awardId')
  async showOnNote(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('noteId') noteId: string, @Param('awardId') awardId: string) {
    return this.show(await this.awardables.note(actor, id, noteId, iid), awardId);
  }

  /** Policy: read_issue, then awardEmoji (issuePermissions). */
  @Post('award_emoji')
  async createOnIssue(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Body() body: unknown) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    return this.create(actor, await this.awardables.issue(actor, id, iid), body);
  }

  /** Policy: read_issue + the note readable, then awardEmoji (not a system note). */
  @Post('notes/:noteId/award_emoji')
  async createOnNote(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('noteId') noteId: string, @Body() body: unknown) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    return this.create(actor, await this.awardables.note(actor, id, noteId, iid), body);
  }

  /** Policy: read_issue, then awardEmoji on one's own award only. */
  @Delete('award_emoji/:awardId')
  @HttpCode(204)
  async destroyOnIssue(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('awardId') awardId: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    await this.destroy(actor, await this.awardables.issue(actor, id, iid), awardId);
  }

  /** Policy: read_issue, then awardEmoji on one's own award only. */
  @Delete('notes/:noteId/award_emoji/:awardId')
  @HttpCode(204)
  async destroyOnNote(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('noteId') noteId: string, @Param('awardId') awardId: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    await this.destroy(actor, await this.awardables.note(actor, id, noteId, iid), awardId);
  }

  private async list(awardable: Awardable, q: Record<string, unknown>, req: Request, res: Response): Promise<ApiAwardEmoji[]> {
    const page = pageParams(q);
    const all = await this.finder.list(awardable.type, awardable.id);
    setPaginationHeaders(req, res, this.config.publicUrl, page, all.length);
    return all.slice((page.page - 1) * page.perPage, page.page * page.perPage).map(toApiAwardEmoji);
  }

  private async show(awardable: Awardable, awardId: string): Promise<ApiAwardEmoji> {
    const award = /^\d{1,10}$/.test(awardId) ? await this.finder.find(awardable.type, awardable.id, Number(awardId)) : null;
    if (!award) throw new AppError('AWARD_NOT_FOUND');
    return toApiAwardEmoji(award);
  }

  private async create(actor: Actor, awardable: Awardable, body: unknown): Promise<ApiAwardEmoji> {
    const name = parseAwardName(body);
    if (!awardable.canAward) throw new AppError('AWARD_NOT_FOUND');
    const { award, error } = await this.add.execute(actor, awardable, name);
    if (!award) throw new AppError('AWARD_NOT_FOUND', `404 Award Emoji ${error} Not Found`);
    return toApiAwardEmoji(award);
  }

  private async destroy(actor: Actor, awardable: Awardable, awardId: string): Promise<void> {
    const award = /^\d{1,10}$/.test(awardId) ? await this.finder.find(awardable.type, awardable.id, Number(awardId)) : null;
    if (!award) throw new AppError('AWARD_NOT_FOUND');
    if (award.user.id !== actor.id) throw new AppError('UNAUTHORIZED');
    if (!awardable.canAward) throw new AppError('AWARD_NOT_FOUND');
    const { error } = await this.remove.execute(actor, awardable, award.name);
    // Removed meanwhile by another request: the award is gone either way
    if (error) throw new AppError('AWARD_NOT_FOUND');
  }
}
