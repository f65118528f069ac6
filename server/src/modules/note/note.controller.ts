import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { IDEMPOTENCY_HEADER, NOTES_FILTER } from '@tandem/shared-types';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import { parseInput } from '../../core/http/zod-input';
import type { Actor } from '../../core/policy/policy';
import { CreateNoteAction, restCommandsAnswer, type CreateNoteInput, type CreateNoteResult } from './actions/create-note';
import { DestroyNoteAction } from './actions/destroy-note';
import { ResolveNoteAction } from './actions/resolve-note';
import { UpdateNoteAction } from './actions/update-note';
import { DiscussionFinder } from './discussion.finder';
import { toApiDiscussion } from './discussion.mapper';
import { parseIdempotencyKey } from './note-body';
import { diffPositionOf, noteViewer, targetNoteMap, type NoteTarget } from './note-target';
import { NoteFinder } from './note.finder';
import { toApiNote, userIdsOf } from './note.mapper';
import { parseNoteId, parseResolved, parseRestCreate } from './note.validation';
import type { NoteableKind, NoteableTargets, RouteParams } from './noteable-kind';
import { toRestDiscussion, toRestNote, type RestDiscussion, type RestNote } from './rest-note.mapper';

const listQuery = z.object({ sort: z.enum(['asc', 'desc']).optional(), order_by: z.enum(['created_at', 'updated_at']).optional() }).passthrough();

/** A note id in a REST path: not one is "404 Note Not Found". */
function restNoteId(noteId: string): number {
  const n = parseNoteId(noteId);
  if (n === null) throw new AppError('NOTE_NOT_FOUND');
  return n;
}

/**
 * GitLab REST v4 notes and discussions (lib/api/notes.rb, discussions.rb: one route set per
 * noteable type) at `{kind.rest}/notes` and `{kind.rest}/discussions`: errors {"message"},
 * offset pagination headers. A noteable the actor may not read is its 404.
 */
export function noteControllerFor(kind: NoteableKind): Type<unknown> {
  @Controller(kind.rest)
  class NoteController {
    constructor(
      @Inject(APP_CONFIG) readonly config: AppConfig,
      @Inject(kind.targets) readonly targets: NoteableTargets,
      @Inject(NoteFinder) readonly notes: NoteFinder,
      @Inject(DiscussionFinder) readonly discussions: DiscussionFinder,
      @Inject(CreateNoteAction) readonly createNote: CreateNoteAction,
      @Inject(UpdateNoteAction) readonly updateNote: UpdateNoteAction,
      @Inject(DestroyNoteAction) readonly destroyNote: DestroyNoteAction,
      @Inject(ResolveNoteAction) readonly resolveNote: ResolveNoteAction,
    ) {}

    // ---- notes

    /** Policy: read_issue / read_epic; internal notes for readers of internal notes. */
    @Get('notes')
    async listNotes(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RestNote[]> {
      const { sort = 'desc', order_by: orderBy = 'created_at' } = parseInput(listQuery, q);
      const page = pageParams(q);
      const t = await this.targets.fromRest(actor, params);
      const { notes: slice, total } = await this.notes.page(t.noteable, noteViewer(actor, t), { sort, orderBy, offset: (page.page - 1) * page.perPage, limit: page.perPage });
      setPaginationHeaders(req, res, this.config.publicUrl, page, total);
      const map = targetNoteMap(this.config, t, await this.notes.users(userIdsOf(slice)));
      return slice.map((n) => toRestNote(toApiNote(n, map)));
    }

    /** Policy: read_issue / read_epic + read the note. */
    @Get('notes/:noteId')
    async showNote(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('noteId') noteId: string): Promise<RestNote> {
      const t = await this.targets.fromRest(actor, params);
      const n = parseNoteId(noteId);
      const note = n === null ? null : await this.notes.visibleById(t.noteable, n, noteViewer(actor, t));
      if (!note) throw new AppError('NOTE_NOT_FOUND');
      return toRestNote(toApiNote(note, targetNoteMap(this.config, t, await this.notes.users(userIdsOf([note])))));
    }

    /** Policy: create_note (+ internal notes for reporters and up). Quick actions only: 202 with what they did. Idempotency-Key: a retry answers the first note. */
    @Post('notes')
    async createNoteOn(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Body() body: Record<string, unknown>, @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined, @Res({ passthrough: true }) res: Response) {
      return this.post(actor, params, body, idempotency, res, (input) => input, (note) => toRestNote(note));
    }

    /** Policy: create_note and own note (its author only). */
    @Put('notes/:noteId')
    async updateNoteOn(@SignedInActor() actor: Actor, @Param() params: RouteParams, @Param('noteId') noteId: string, @Body() body: Record<string, unknown>): Promise<RestNote> {
      const t = await this.targets.fromRest(actor, params);
      return toRestNote((await this.updateNote.execute(actor, t, restNoteId(noteId), body?.body, 'api')).note);
    }

    /** Policy: create_note and own note, or maintainers and up. */
    @Delete('notes/:noteId')
    @HttpCode(204)
    async destroyNoteOn(@SignedInActor() actor: Actor, @Param() params: RouteParams, @Param('noteId') noteId: string): Promise<void> {
      const t = await this.targets.fromRest(actor, params);
      await this.destroyNote.execute(actor, t, restNoteId(noteId), 'api');
    }

    // ---- discussions

    /** Policy: read_issue / read_epic (+ internal notes). */
    @Get('discussions')
    async listDiscussions(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RestDiscussion[]> {
      const page = pageParams(q);
      const t = await this.targets.fromRest(actor, params);
      const all = (await this.discussions.page(actor, t, { filter: NOTES_FILTER.all })).discussions;
      setPaginationHeaders(req, res, this.config.publicUrl, page, all.length);
      return all.slice((page.page - 1) * page.perPage, page.page * page.perPage).map(toRestDiscussion);
    }

    /** Policy: read_issue / read_epic (+ internal notes). */
    @Get('discussions/:discussionId')
    async showDiscussion(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('discussionId') discussionId: string): Promise<RestDiscussion> {
      const t = await this.targets.fromRest(actor, params);
      const d = (await this.discussions.page(actor, t, { filter: NOTES_FILTER.all, discussionId })).discussions[0];
      if (!d) throw new AppError('DISCUSSION_NOT_FOUND');
      return toRestDiscussion(d);
    }

    /** Policy: create_note. Starts a thread. */
    @Post('discussions')
    async createDiscussion(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Body() body: Record<string, unknown>, @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined, @Res({ passthrough: true }) res: Response) {
      return this.post(
        actor,
        params,
        body,
        idempotency,
        res,
        async (input, t) => ({ ...input, type: 'DiscussionNote', position: body?.position === undefined || body.position === null ? null : await diffPositionOf(t, body.position) }),
        (_note, r, t) => toRestDiscussion(toApiDiscussion(r.discussion, t.place)),
      );
    }

    /** Policy: create_note, and the thread's or noteable's author (own), or admin_issue / admin_epic. `resolved=true|false`. */
    @Put('discussions/:discussionId')
    async resolveDiscussion(@SignedInActor() actor: Actor, @Param() params: RouteParams, @Param('discussionId') discussionId: string, @Query('resolved') qResolved: unknown, @Body() body: Record<string, unknown>): Promise<RestDiscussion> {
      const resolved = parseResolved(qResolved ?? body?.resolved);
      const t = await this.targets.fromRest(actor, params);
      return toRestDiscussion(await this.resolveNote.execute(actor, t, { discussionId }, resolved));
    }

    /** Policy: create_note. Replies in the thread (an individual note becomes a thread). */
    @Post('discussions/:discussionId/notes')
    async reply(
      @CurrentActor() actor: Actor | null,
      @Param() params: RouteParams,
      @Param('discussionId') discussionId: string,
      @Body() body: Record<string, unknown>,
      @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined,
      @Res({ passthrough: true }) res: Response,
    ) {
      return this.post(actor, params, body, idempotency, res, (input) => ({ body: input.body, discussionId }), (note) => toRestNote(note));
    }

    /** Policy: create_note and own note for `body`; for `resolved` also the noteable's author, or admin_issue / admin_epic. */
    @Put('discussions/:discussionId/notes/:noteId')
    async updateInDiscussion(@SignedInActor() actor: Actor, @Param() params: RouteParams, @Param('discussionId') discussionId: string, @Param('noteId') noteId: string, @Body() body: Record<string, unknown>): Promise<RestNote> {
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
    @Delete('discussions/:discussionId/notes/:noteId')
    @HttpCode(204)
    async destroyInDiscussion(@SignedInActor() actor: Actor, @Param() params: RouteParams, @Param('noteId') noteId: string): Promise<void> {
      const t = await this.targets.fromRest(actor, params);
      await this.destroyNote.execute(actor, t, restNoteId(noteId), 'api');
    }

    /** A comment, thread or reply: signed in, a valid body, then the noteable; 202 with what its quick actions did when it was only commands. */
    private async post<A>(
      actor: Actor | null,
      params: RouteParams,
      body: Record<string, unknown>,
      idempotency: string | undefined,
      res: Response,
      input: (parsed: ReturnType<typeof parseRestCreate>, t: NoteTarget) => CreateNoteInput | Promise<CreateNoteInput>,
      answer: (note: NonNullable<CreateNoteResult['note']>, r: CreateNoteResult, t: NoteTarget) => A,
    ): Promise<A | ReturnType<typeof restCommandsAnswer>> {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const parsed = parseRestCreate(body);
      const idempotencyKey = parseIdempotencyKey(idempotency);
      const t = await this.targets.fromRest(actor, params);
      const r = await this.createNote.execute(actor, t, { ...(await input(parsed, t)), idempotencyKey });
      if (!r.note) {
        res.status(202);
        return restCommandsAnswer(r);
      }
      return answer(r.note, r, t);
    }
  }

  // Nest names controllers in its route logs by class name
  Object.defineProperty(NoteController, 'name', { value: `${kind.type}NoteController` });
  return NoteController;
}

