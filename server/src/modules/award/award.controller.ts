import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Req, Res, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import type { NoteableKind, NoteableTargets, RouteParams } from '../note/noteable-kind';
import { AwardRest } from './award-rest';
import { AwardableLoader, type Awardable } from './awardable.loader';

/**
 * GitLab REST v4 award emoji (lib/api/award_emoji.rb) on one noteable type and on its notes,
 * at `{kind.rest}/award_emoji` and `{kind.rest}/notes/:noteId/award_emoji`, with its answers: an
 * awardable the actor may not react on is "404 Award Emoji Not Found", a second identical award
 * "404 Award Emoji Name has already been taken Not Found", deleting someone else's award 401.
 */
export function awardControllerFor(kind: NoteableKind): Type<unknown> {
  @Controller(kind.rest)
  class AwardController {
    constructor(
      @Inject(kind.targets) readonly targets: NoteableTargets,
      @Inject(AwardableLoader) readonly awardables: AwardableLoader,
      @Inject(AwardRest) readonly rest: AwardRest,
    ) {}

    private async noteable(actor: Actor | null, params: RouteParams): Promise<Awardable> {
      return this.awardables.ofTarget(actor, await this.targets.fromRest(actor, params));
    }

    private async note(actor: Actor | null, params: RouteParams, noteId: string): Promise<Awardable> {
      return this.awardables.noteOf(actor, await this.targets.fromRest(actor, params), noteId);
    }

    /** Policy: read_issue / read_epic. */
    @Get('award_emoji')
    async listOnNoteable(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
      return this.rest.list(await this.noteable(actor, params), q, req, res);
    }

    /** Policy: read_issue / read_epic + readable note. */
    @Get('notes/:noteId/award_emoji')
    async listOnNote(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('noteId') noteId: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
      return this.rest.list(await this.note(actor, params, noteId), q, req, res);
    }

    /** Policy: read_issue / read_epic. */
    @Get('award_emoji/:awardId')
    async showOnNoteable(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('awardId') awardId: string) {
      return this.rest.show(await this.noteable(actor, params), awardId);
    }

    /** Policy: read_issue / read_epic + readable note. */
    @Get('notes/:noteId/award_emoji/:awardId')
    async showOnNote(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('noteId') noteId: string, @Param('awardId') awardId: string) {
      return this.rest.show(await this.note(actor, params, noteId), awardId);
    }

    /** Policy: read_issue / read_epic, then awardEmoji (the target's abilities). */
    @Post('award_emoji')
    async createOnNoteable(@SignedInActor() actor: Actor, @Param() params: RouteParams, @Body() body: unknown) {
      return this.rest.create(actor, await this.noteable(actor, params), body);
    }

    /** Policy: read_issue / read_epic + the note readable, then awardEmoji (not a system note). */
    @Post('notes/:noteId/award_emoji')
    async createOnNote(@SignedInActor() actor: Actor, @Param() params: RouteParams, @Param('noteId') noteId: string, @Body() body: unknown) {
      return this.rest.create(actor, await this.note(actor, params, noteId), body);
    }

    /** Policy: read_issue / read_epic, then awardEmoji on one's own award only. */
    @Delete('award_emoji/:awardId')
    @HttpCode(204)
    async destroyOnNoteable(@SignedInActor() actor: Actor, @Param() params: RouteParams, @Param('awardId') awardId: string) {
      await this.rest.destroy(actor, await this.noteable(actor, params), awardId);
    }

    /** Policy: read_issue / read_epic, then awardEmoji on one's own award only. */
    @Delete('notes/:noteId/award_emoji/:awardId')
    @HttpCode(204)
    async destroyOnNote(@SignedInActor() actor: Actor, @Param() params: RouteParams, @Param('noteId') noteId: string, @Param('awardId') awardId: string) {
      await this.rest.destroy(actor, await this.note(actor, params, noteId), awardId);
    }
  }

  Object.defineProperty(AwardController, 'name', { value: `${kind.type}AwardController` });
  return AwardController;
}
