import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { AwardRest } from './award-rest';
import { AwardableLoader } from './awardable.loader';

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
    private readonly rest: AwardRest,
  ) {}

  /** Policy: read_issue. */
  @Get('award_emoji')
  async listOnIssue(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.rest.list(await this.awardables.issue(actor, id, iid), q, req, res);
  }

  /** Policy: read_issue + readable note. */
  @Get('notes/:noteId/award_emoji')
  async listOnNote(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('noteId') noteId: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.rest.list(await this.awardables.note(actor, id, noteId, iid), q, req, res);
  }

  /** Policy: read_issue. */
  @Get('award_emoji/:awardId')
  async showOnIssue(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('awardId') awardId: string) {
    return this.rest.show(await this.awardables.issue(actor, id, iid), awardId);
  }

  /** Policy: read_issue + readable note. */
  @Get('notes/:noteId/award_emoji/:awardId')
  async showOnNote(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('noteId') noteId: string, @Param('awardId') awardId: string) {
    return this.rest.show(await this.awardables.note(actor, id, noteId, iid), awardId);
  }

  /** Policy: read_issue, then awardEmoji (issuePermissions). */
  @Post('award_emoji')
  async createOnIssue(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Body() body: unknown) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    return this.rest.create(actor, await this.awardables.issue(actor, id, iid), body);
  }

  /** Policy: read_issue + the note readable, then awardEmoji (not a system note). */
  @Post('notes/:noteId/award_emoji')
  async createOnNote(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('noteId') noteId: string, @Body() body: unknown) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    return this.rest.create(actor, await this.awardables.note(actor, id, noteId, iid), body);
  }

  /** Policy: read_issue, then awardEmoji on one's own award only. */
  @Delete('award_emoji/:awardId')
  @HttpCode(204)
  async destroyOnIssue(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('awardId') awardId: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    await this.rest.destroy(actor, await this.awardables.issue(actor, id, iid), awardId);
  }

  /** Policy: read_issue, then awardEmoji on one's own award only. */
  @Delete('notes/:noteId/award_emoji/:awardId')
  @HttpCode(204)
  async destroyOnNote(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('noteId') noteId: string, @Param('awardId') awardId: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    await this.rest.destroy(actor, await this.awardables.note(actor, id, noteId, iid), awardId);
  }
}
