import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Res, type Type } from '@nestjs/common';
import type { Response } from 'express';
import { DISCUSSION_LIMITS, IDEMPOTENCY_HEADER, toSentence, type ApiDiscussion, type ApiNote } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { CreateNoteAction } from './actions/create-note';
import { DestroyNoteAction } from './actions/destroy-note';
import { ResolveNoteAction } from './actions/resolve-note';
import { UpdateNoteAction } from './actions/update-note';
import { DiscussionFinder } from './discussion.finder';
import { toApiDiscussion } from './discussion.mapper';
import { parseIdempotencyKey } from './note-body';
import { parseDiscussionsQuery, parseNoteId, parsePageCreate, parsePageUpdate } from './note.validation';
import { diffPositionOf } from './note-target';
import type { NoteableKind, NoteableTargets, RouteParams } from './noteable-kind';
import { pageErrorMessages, pageErrors } from './page-errors';

/**
 * The page's discussion endpoints of one noteable type, at the paths of `noteablePaths()` /
 * `epicNoteablePaths()` (GitLab's NotesController, DiscussionsController and
 * IssuableActions#discussions): spec shapes, and validation errors as 422 {errors: {base: [...]}}
 * (the page builds its alert from base[0]).
 */
export function notePageControllerFor(kind: NoteableKind): Type<unknown> {
  @Controller()
  class NotePageController {
    constructor(
      @Inject(kind.targets) readonly targets: NoteableTargets,
      @Inject(DiscussionFinder) readonly discussions: DiscussionFinder,
      @Inject(CreateNoteAction) readonly createNote: CreateNoteAction,
      @Inject(UpdateNoteAction) readonly updateNote: UpdateNoteAction,
      @Inject(DestroyNoteAction) readonly destroyNote: DestroyNoteAction,
      @Inject(ResolveNoteAction) readonly resolveNote: ResolveNoteAction,
    ) {}

    /** Policy: read_issue / read_epic; internal notes for readers of internal notes. Persists the filter (per noteable type) for a signed-in user. */
    @Get(`${kind.page}/discussions.json`)
    async list(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query() q: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<ApiDiscussion[]> {
      const query = parseDiscussionsQuery(q);
      const t = await this.targets.fromPage(actor, params);
      let filter = query.filter;
      if (filter === null) filter = await this.discussions.savedFilter(actor?.id ?? null, kind.type);
      else if (actor && query.persist) await this.discussions.saveFilter(actor.id, filter, kind.type);
      const page = await this.discussions.page(actor, t, { filter, perPage: query.perPage, cursor: query.cursor });
      if (page.nextCursor) res.setHeader(DISCUSSION_LIMITS.nextPageCursorHeader, page.nextCursor);
      res.setHeader('Cache-Control', 'no-cache');
      return page.discussions;
    }

    /** Policy: read_issue / read_epic (+ internal notes). */
    @Get(`${kind.page}/discussions/:discussionId`)
    async one(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('discussionId') discussionId: string): Promise<ApiDiscussion> {
      const page = await this.discussions.page(actor, await this.targets.fromPage(actor, params), { filter: 0, discussionId });
      if (!page.discussions[0]) throw new AppError('DISCUSSION_NOT_FOUND');
      return page.discussions[0];
    }

    /** Policy: create_note, and the thread's or noteable's author (own), or admin_issue / admin_epic (reporters and up) resolve the thread. */
    @Put(`${kind.page}/discussions/:discussionId/resolve`)
    async resolveDiscussion(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('discussionId') discussionId: string) {
      return this.toggleDiscussion(actor, params, discussionId, true);
    }

    /** Policy: create_note, and the thread's or noteable's author (own), or admin_issue / admin_epic. */
    @Delete(`${kind.page}/discussions/:discussionId/resolve`)
    async unresolveDiscussion(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('discussionId') discussionId: string) {
      return this.toggleDiscussion(actor, params, discussionId, false);
    }

    /**
     * Policy: create_note (+ create internal note for `internal`). Answers the note entity, or
     * {discussion} with return_discussion. An Idempotency-Key retry answers the first note.
     */
    @Post(kind.pageNotes)
    @HttpCode(200)
    async create(
      @SignedInActor() actor: Actor,
      @Param() params: RouteParams,
      @Query() q: Record<string, unknown>,
      @Body() body: Record<string, unknown>,
      @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined,
      @Res({ passthrough: true }) res: Response,
    ) {
      // A review comment (GitLab's draft_note form): a draft, answered as GitLab's drafts endpoint
      if (body && typeof body === 'object' && 'draft_note' in body) return this.createDraft(actor, params, q, body, res);
      return pageErrors(res, async () => {
        const { position: rawPosition, ...input } = parsePageCreate(body);
        const idempotencyKey = parseIdempotencyKey(idempotency);
        const targetId = q.target_id ?? body?.target_id ?? (body?.note as { noteable_id?: unknown } | undefined)?.noteable_id;
        const t = await this.targets.fromPageNote(actor, params, { noteId: null, targetId, targetType: q.target_type });
        // A diff note (GitLab's web form: note[position]); a reply keeps its thread's position
        const position = rawPosition === null || input.discussionId ? null : await diffPositionOf(t, rawPosition);
        const result = await this.createNote.execute(actor, t, { ...input, ...(position ? { type: 'DiscussionNote' as const, position } : {}), idempotencyKey });
        const qa = result.quickActions;
        const extra = { commands_changes: qa?.changes ?? {}, ...(qa ? { quick_actions_status: qa.status } : {}) };
        if (!result.note) {
          // Only commands: nothing stored; what they did is the answer (GitLab's errors.commands_only)
          if (qa && !qa.status.messages.length && qa.status.error_messages.length) {
            res.status(422);
            return { errors: { commands_only: qa.status.error_messages }, valid: false, ...extra };
          }
          return { errors: { commands_only: qa?.status.messages ?? [] }, valid: false, ...extra };
        }
        if (input.returnDiscussion) return { discussion: toApiDiscussion(result.discussion, t.place), valid: true, ...extra };
        return { ...result.note, valid: true, ...extra };
      });
    }

    /**
     * Policy: create_note (draftNoteAbilities.create). GitLab's DraftsController#create: the draft
     * (with its references), or 422 {errors: "<messages as a sentence>"}; merge requests only.
     */
    private async createDraft(actor: Actor, params: RouteParams, q: Record<string, unknown>, body: Record<string, unknown>, res: Response) {
      const t = await this.targets.fromPageNote(actor, params, { noteId: null, targetId: q.target_id ?? body.target_id, targetType: q.target_type });
      try {
        if (!t.createDraft) throw new ValidationError({ draft_note: ['is not supported on this noteable'] });
        return await t.createDraft(actor, body);
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        res.status(422);
        return { errors: toSentence(pageErrorMessages(e)) };
      }
    }

    /** Policy: create_note and own note (its author only); 410 Gone when the note is no longer there. */
    @Put(`${kind.pageNotes}/:noteId`)
    async update(
      @SignedInActor() actor: Actor,
      @Param() params: RouteParams,
      @Param('noteId') noteId: string,
      @Query() q: Record<string, unknown>,
      @Body() body: Record<string, unknown>,
      @Res({ passthrough: true }) res: Response,
    ): Promise<ApiNote | { errors: unknown }> {
      return pageErrors(res, async () => {
        const id = parseNoteId(noteId);
        const t = await this.targets.fromPageNote(actor, params, { noteId: id, targetId: q.target_id ?? body?.target_id, gone: true });
        if (id === null) throw new AppError('NOTE_GONE');
        return (await this.updateNote.execute(actor, t, id, parsePageUpdate(body), 'page')).note;
      });
    }

    /** Policy: create_note and own note, or maintainers and up. */
    @Delete(`${kind.pageNotes}/:noteId`)
    async destroy(@SignedInActor() actor: Actor, @Param() params: RouteParams, @Param('noteId') noteId: string, @Query() q: Record<string, unknown>) {
      const id = parseNoteId(noteId);
      const t = await this.targets.fromPageNote(actor, params, { noteId: id, targetId: q.target_id, gone: true });
      if (id === null) throw new AppError('NOTE_GONE');
      await this.destroyNote.execute(actor, t, id, 'page');
      return {};
    }

    /** Policy: create_note, and the note's or noteable's author (own), or admin_issue / admin_epic. Answers the note's discussion. */
    @Post(`${kind.pageNotes}/:noteId/resolve`)
    @HttpCode(200)
    async resolve(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('noteId') noteId: string, @Query() q: Record<string, unknown>) {
      return this.toggleNote(actor, params, noteId, q.target_id, true);
    }

    /** Policy: create_note, and the note's or noteable's author (own), or admin_issue / admin_epic. */
    @Delete(`${kind.pageNotes}/:noteId/resolve`)
    async unresolve(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('noteId') noteId: string, @Query() q: Record<string, unknown>) {
      return this.toggleNote(actor, params, noteId, q.target_id, false);
    }

    private async toggleNote(actor: Actor | null, params: RouteParams, noteId: string, targetId: unknown, resolve: boolean): Promise<ApiDiscussion> {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const id = parseNoteId(noteId);
      const t = await this.targets.fromPageNote(actor, params, { noteId: id, targetId });
      if (id === null) throw new AppError('NOTE_NOT_FOUND');
      return this.resolveNote.execute(actor, t, { noteId: id }, resolve, 'page');
    }

    private async toggleDiscussion(actor: Actor | null, params: RouteParams, discussionId: string, resolve: boolean): Promise<ApiDiscussion> {
      if (!actor) throw new AppError('UNAUTHORIZED');
      return this.resolveNote.execute(actor, await this.targets.fromPage(actor, params), { discussionId }, resolve, 'page');
    }
  }

  Object.defineProperty(NotePageController, 'name', { value: `${kind.type}NotePageController` });
  return NotePageController;
}
