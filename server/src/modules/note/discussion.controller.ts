import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { IDEMPOTENCY_HEADER, NOTES_FILTER } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { CreateNoteAction, restCommandsAnswer } from './actions/create-note';
import { DestroyNoteAction } from './actions/destroy-note';
import { ResolveNoteAction } from './actions/resolve-note';
import { UpdateNoteAction } from './actions/update-note';
import { DiscussionFinder } from './discussion.finder';
import { toApiDiscussion } from './discussion.mapper';
import { parseIdempotencyKey } from './note-body';
import { restNoteId } from './note.controller';
import { parseResolved, parseRestCreate } from './note.validation';
import type { NoteableKind, NoteableTargets, RouteParams } from './noteable-kind';
import { toRestDiscussion, toRestNote, type RestDiscussion, type RestNote } from './rest-note.mapper';

/** GitLab REST v4 discussions (lib/api/discussions.rb, one route set per noteable type) at `{kind.rest}/discussions`. */
export function discussionControllerFor(kind: NoteableKind): Type<unknown> {
  @Controller(`${kind.rest}/discussions`)
  class DiscussionController {
    constructor(
      @Inject(APP_CONFIG) readonly config: AppConfig,
      @Inject(kind.targets) readonly targets: NoteableTargets,
      @Inject(DiscussionFinder) readonly discussions: DiscussionFinder,
      @Inject(CreateNoteAction) readonly createNote: CreateNoteAction,
      @Inject(UpdateNoteAction) readonly updateNote: UpdateNoteAction,
      @Inject(DestroyNoteAction) readonly destroyNote: DestroyNoteAction,
      @Inject(ResolveNoteAction) readonly resolveNote: ResolveNoteAction,
    ) {}

    /** Policy: read_issue / read_epic (+ internal notes). */
    @Get()
    async list(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RestDiscussion[]> {
      const page = pageParams(q);
      const t = await this.targets.fromRest(actor, params);
      const all = (await this.discussions.page(actor, t, { filter: NOTES_FILTER.all })).discussions;
      setPaginationHeaders(req, res, this.config.publicUrl, page, all.length);
      return all.slice((page.page - 1) * page.perPage, page.page * page.perPage).map(toRestDiscussion);
    }

    /** Policy: read_issue / read_epic (+ internal notes). */
    @Get(':discussionId')
    async show(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('discussionId') discussionId: string): Promise<RestDiscussion> {
      const t = await this.targets.fromRest(actor, params);
      const d = (await this.discussions.page(actor, t, { filter: NOTES_FILTER.all, discussionId })).discussions[0];
      if (!d) throw new AppError('DISCUSSION_NOT_FOUND');
      return toRestDiscussion(d);
    }

    /** Policy: create_note. Starts a thread. */
    @Post()
    async create(
      @CurrentActor() actor: Actor | null,
      @Param() params: RouteParams,
      @Body() body: Record<string, unknown>,
      @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined,
      @Res({ passthrough: true }) res: Response,
    ): Promise<RestDiscussion | ReturnType<typeof restCommandsAnswer>> {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const input = parseRestCreate(body);
      const idempotencyKey = parseIdempotencyKey(idempotency);
      const t = await this.targets.fromRest(actor, params);
      const r = await this.createNote.execute(actor, t, { ...input, type: 'DiscussionNote', idempotencyKey });
      if (!r.note) {
        res.status(202);
        return restCommandsAnswer(r);
      }
      return toRestDiscussion(toApiDiscussion(r.discussion, t.place));
    }

    /** Policy: create_note, and the thread's or noteable's author (own), or admin_issue / admin_epic. `resolved=true|false`. */
    @Put(':discussionId')
    async resolve(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('discussionId') discussionId: string, @Query('resolved') qResolved: unknown, @Body() body: Record<string, unknown>): Promise<RestDiscussion> {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const resolved = parseResolved(qResolved ?? body?.resolved);
      const t = await this.targets.fromRest(actor, params);
      return toRestDiscussion(await this.resolveNote.execute(actor, t, { discussionId }, resolved));
    }

    /** Policy: create_note. Replies in the thread (an individual note becomes a thread). */
    @Post(':discussionId/notes')
    async reply(
      @CurrentActor() actor: Actor | null,
      @Param() params: RouteParams,
      @Param('discussionId') discussionId: string,
      @Body() body: Record<string, unknown>,
      @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined,
      @Res({ passthrough: true }) res: Response,
    ): Promise<RestNote | ReturnType<typeof restCommandsAnswer>> {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const input = parseRestCreate(body);
      const idempotencyKey = parseIdempotencyKey(idempotency);
      const t = await this.targets.fromRest(actor, params);
      const r = await this.createNote.execute(actor, t, { body: input.body, discussionId, idempotencyKey });
      if (!r.note) {
        res.status(202);
        return restCommandsAnswer(r);
      }
      return toRestNote(r.note);
    }

    /** Policy: create_note and own note for `body`; for `resolved` also the noteable's author, or admin_issue / admin_epic. */
    @Put(':discussionId/notes/:noteId')
    async updateNoteIn(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('discussionId') discussionId: string, @Param('noteId') noteId: string, @Body() body: Record<string, unknown>): Promise<RestNote> {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const t = await this.targets.fromRest(actor, params);
      const n = restNoteId(noteId);
      if (body?.body === undefined && body?.resolved !== undefined) {
        const d = await this.resolveNote.execute(actor, t, { noteId: n }, parseResolved(body.resolved));
        const note = d.notes.find((x) => x.id === String(n));
        if (!note || d.id !== discussionId) throw new AppError('NOTE_NOT_FOUND');
        return toRestNote(note);
      }
      return toRestNote((await this.updateNote.execute(actor, t, n, body?.body, 'api')).note);
    }

    /** Policy: create_note and own note, or maintainers and up. */
    @Delete(':discussionId/notes/:noteId')
    @HttpCode(204)
    async destroyNoteIn(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('noteId') noteId: string): Promise<void> {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const t = await this.targets.fromRest(actor, params);
      await this.destroyNote.execute(actor, t, restNoteId(noteId), 'api');
    }
  }

  Object.defineProperty(DiscussionController, 'name', { value: `${kind.type}DiscussionController` });
  return DiscussionController;
}
