import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { IDEMPOTENCY_HEADER } from '@tandem/shared-types';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import { parseInput } from '../../core/http/zod-input';
import type { Actor } from '../../core/policy/policy';
import { CreateNoteAction, restCommandsAnswer } from './actions/create-note';
import { DestroyNoteAction } from './actions/destroy-note';
import { UpdateNoteAction } from './actions/update-note';
import { parseIdempotencyKey } from './note-body';
import { targetNoteMap } from './note-target';
import { NoteFinder } from './note.finder';
import { toApiNote, userIdsOf } from './note.mapper';
import { parseNoteId, parseRestCreate } from './note.validation';
import type { NoteableKind, NoteableTargets, RouteParams } from './noteable-kind';
import { toRestNote, type RestNote } from './rest-note.mapper';

const listQuery = z.object({ sort: z.enum(['asc', 'desc']).optional(), order_by: z.enum(['created_at', 'updated_at']).optional() }).passthrough();

/**
 * GitLab REST v4 notes (lib/api/notes.rb, one route set per noteable type) at `{kind.rest}/notes`:
 * errors {"message"}, offset pagination headers. A noteable the actor may not read is its 404.
 */
export function noteControllerFor(kind: NoteableKind): Type<unknown> {
  @Controller(`${kind.rest}/notes`)
  class NoteController {
    constructor(
      @Inject(APP_CONFIG) readonly config: AppConfig,
      @Inject(kind.targets) readonly targets: NoteableTargets,
      @Inject(NoteFinder) readonly notes: NoteFinder,
      @Inject(CreateNoteAction) readonly createNote: CreateNoteAction,
      @Inject(UpdateNoteAction) readonly updateNote: UpdateNoteAction,
      @Inject(DestroyNoteAction) readonly destroyNote: DestroyNoteAction,
    ) {}

    /** Policy: read_issue / read_epic; internal notes for readers of internal notes. */
    @Get()
    async list(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RestNote[]> {
      const { sort = 'desc', order_by: orderBy = 'created_at' } = parseInput(listQuery, q);
      const page = pageParams(q);
      const t = await this.targets.fromRest(actor, params);
      const { notes: slice, total } = await this.notes.page(t.noteable, t.abilities.readInternalNote, { sort, orderBy, offset: (page.page - 1) * page.perPage, limit: page.perPage });
      setPaginationHeaders(req, res, this.config.publicUrl, page, total);
      const map = targetNoteMap(this.config, t, await this.notes.users(userIdsOf(slice)));
      return slice.map((n) => toRestNote(toApiNote(n, map)));
    }

    /** Policy: read_issue / read_epic + read the note. */
    @Get(':noteId')
    async show(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('noteId') noteId: string): Promise<RestNote> {
      const t = await this.targets.fromRest(actor, params);
      const n = parseNoteId(noteId);
      const note = n === null ? null : await this.notes.byId(t.noteable, n);
      if (!note || (note.internal && !t.abilities.readInternalNote)) throw new AppError('NOTE_NOT_FOUND');
      return toRestNote(toApiNote(note, targetNoteMap(this.config, t, await this.notes.users(userIdsOf([note])))));
    }

    /** Policy: create_note (+ internal notes for reporters and up). Quick actions only: 202 with what they did. Idempotency-Key: a retry answers the first note. */
    @Post()
    async create(
      @CurrentActor() actor: Actor | null,
      @Param() params: RouteParams,
      @Body() body: Record<string, unknown>,
      @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined,
      @Res({ passthrough: true }) res: Response,
    ): Promise<RestNote | ReturnType<typeof restCommandsAnswer>> {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const input = parseRestCreate(body);
      const idempotencyKey = parseIdempotencyKey(idempotency);
      const r = await this.createNote.execute(actor, await this.targets.fromRest(actor, params), { ...input, idempotencyKey });
      if (!r.note) {
        res.status(202);
        return restCommandsAnswer(r);
      }
      return toRestNote(r.note);
    }

    /** Policy: create_note and own note (its author only). */
    @Put(':noteId')
    async update(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('noteId') noteId: string, @Body() body: Record<string, unknown>): Promise<RestNote> {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const t = await this.targets.fromRest(actor, params);
      return toRestNote((await this.updateNote.execute(actor, t, restNoteId(noteId), body?.body, 'api')).note);
    }

    /** Policy: create_note and own note, or maintainers and up. */
    @Delete(':noteId')
    @HttpCode(204)
    async destroy(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('noteId') noteId: string): Promise<void> {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const t = await this.targets.fromRest(actor, params);
      await this.destroyNote.execute(actor, t, restNoteId(noteId), 'api');
    }
  }

  // Nest names controllers in its route logs by class name
  Object.defineProperty(NoteController, 'name', { value: `${kind.type}NoteController` });
  return NoteController;
}

/** A note id in a REST path: not one is "404 Note Not Found". */
export function restNoteId(noteId: string): number {
  const n = parseNoteId(noteId);
  if (n === null) throw new AppError('NOTE_NOT_FOUND');
  return n;
}
