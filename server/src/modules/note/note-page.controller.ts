import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { DISCUSSION_LIMITS, IDEMPOTENCY_HEADER, type ApiDiscussion, type ApiNote } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { IssueLoader, type LoadedIssue } from '../issue/issue.loader';
import { CreateNoteAction } from './actions/create-note';
import { DestroyNoteAction } from './actions/destroy-note';
import { ResolveNoteAction } from './actions/resolve-note';
import { UpdateNoteAction } from './actions/update-note';
import { DiscussionFinder } from './discussion.finder';
import { toApiDiscussion } from './discussion.mapper';
import { parseIdempotencyKey } from './note-body';
import { discussionPlace } from './note-target';
import { pageErrors } from './page-errors';
import { parseDiscussionsQuery, parseNoteId, parsePageCreate, parsePageUpdate } from './note.validation';

/**
 * The issue page's discussion endpoints at the paths of `noteablePaths()` (GitLab's
 * NotesController, DiscussionsController and IssuableActions#discussions): spec shapes, and
 * validation errors as 422 {errors: {base: [...]}} (the page builds its alert from base[0]).
 */
@Controller()
export class NotePageController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: IssueLoader,
    private readonly discussions: DiscussionFinder,
    private readonly createNote: CreateNoteAction,
    private readonly updateNote: UpdateNoteAction,
    private readonly destroyNote: DestroyNoteAction,
    private readonly resolveNote: ResolveNoteAction,
  ) {}

  /** Policy: read_issue; internal notes for readers of internal notes. Persists the filter for a signed-in user. */
  @Get('*project/-/issues/:iid/discussions.json')
  async list(
    @CurrentActor() actor: Actor | null,
    @Param('project') project: string[],
    @Param('iid') iid: string,
    @Query() q: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiDiscussion[]> {
    const query = parseDiscussionsQuery(q);
    const ctx = await this.loader.findReadable(actor, project.join('/'), iid);
    let filter = query.filter;
    if (filter === null) filter = await this.discussions.savedFilter(actor?.id ?? null);
    else if (actor && query.persist) await this.discussions.saveFilter(actor.id, filter);
    const page = await this.discussions.page(actor, ctx, { filter, perPage: query.perPage, cursor: query.cursor });
    if (page.nextCursor) res.setHeader(DISCUSSION_LIMITS.nextPageCursorHeader, page.nextCursor);
    res.setHeader('Cache-Control', 'no-cache');
    return page.discussions;
  }

  /** Policy: read_issue (+ internal notes). */
  @Get('*project/-/issues/:iid/discussions/:discussionId')
  async one(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('iid') iid: string, @Param('discussionId') discussionId: string): Promise<ApiDiscussion> {
    const ctx = await this.loader.findReadable(actor, project.join('/'), iid);
    const page = await this.discussions.page(actor, ctx, { filter: 0, discussionId });
    if (!page.discussions[0]) throw new AppError('DISCUSSION_NOT_FOUND');
    return page.discussions[0];
  }

  /** Policy: create_note, and the thread's or issue's author (own) or admin_issue (reporters and up) resolve the thread. */
  @Put('*project/-/issues/:iid/discussions/:discussionId/resolve')
  async resolveDiscussion(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('iid') iid: string, @Param('discussionId') discussionId: string) {
    return this.toggleDiscussion(actor, project, iid, discussionId, true);
  }

  /** Policy: create_note, and the thread's or issue's author (own) or admin_issue. */
  @Delete('*project/-/issues/:iid/discussions/:discussionId/resolve')
  async unresolveDiscussion(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('iid') iid: string, @Param('discussionId') discussionId: string) {
    return this.toggleDiscussion(actor, project, iid, discussionId, false);
  }

  /**
   * Policy: create_note (+ create internal note for `internal`). Answers the note entity, or
   * {discussion} with return_discussion. An Idempotency-Key retry answers the first note.
   */
  @Post('*project/notes')
  @HttpCode(200)
  async create(
    @CurrentActor() actor: Actor | null,
    @Param('project') project: string[],
    @Query() q: Record<string, unknown>,
    @Body() body: Record<string, unknown>,
    @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return pageErrors(res, async () => {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const input = parsePageCreate(body);
      const idempotencyKey = parseIdempotencyKey(idempotency);
      if (q.target_type !== undefined && q.target_type !== 'issue') throw new AppError('NOT_FOUND');
      const targetId = q.target_id ?? body?.target_id ?? (body?.note as { noteable_id?: unknown } | undefined)?.noteable_id;
      const ctx = await this.issueOf(actor, project, null, targetId);
      const result = await this.createNote.execute(actor, ctx, { ...input, idempotencyKey });
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
      if (input.returnDiscussion) return { discussion: toApiDiscussion(result.discussion, discussionPlace(ctx)), valid: true, ...extra };
      return { ...result.note, valid: true, ...extra };
    });
  }

  /** Policy: create_note and own note (its author only); 410 Gone when the note is no longer there. */
  @Put('*project/notes/:noteId')
  async update(
    @CurrentActor() actor: Actor | null,
    @Param('project') project: string[],
    @Param('noteId') noteId: string,
    @Query() q: Record<string, unknown>,
    @Body() body: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiNote | { errors: unknown }> {
    return pageErrors(res, async () => {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const id = parseNoteId(noteId);
      const ctx = await this.issueOf(actor, project, id, q.target_id ?? body?.target_id, true);
      if (id === null) throw new AppError('NOTE_GONE');
      return (await this.updateNote.execute(actor, ctx, id, parsePageUpdate(body), 'page')).note;
    });
  }

  /** Policy: create_note and own note, or admin_project (maintainers and up). */
  @Delete('*project/notes/:noteId')
  async destroy(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('noteId') noteId: string, @Query() q: Record<string, unknown>) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const id = parseNoteId(noteId);
    const ctx = await this.issueOf(actor, project, id, q.target_id, true);
    if (id === null) throw new AppError('NOTE_GONE');
    await this.destroyNote.execute(actor, ctx, id, 'page');
    return {};
  }

  /** Policy: create_note, and the note's or issue's author (own) or admin_issue. Answers the note's discussion. */
  @Post('*project/notes/:noteId/resolve')
  @HttpCode(200)
  async resolve(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('noteId') noteId: string, @Query() q: Record<string, unknown>) {
    return this.toggleNote(actor, project, noteId, q.target_id, true);
  }

  /** Policy: create_note, and the note's or issue's author (own) or admin_issue. */
  @Delete('*project/notes/:noteId/resolve')
  async unresolve(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('noteId') noteId: string, @Query() q: Record<string, unknown>) {
    return this.toggleNote(actor, project, noteId, q.target_id, false);
  }

  private async toggleNote(actor: Actor | null, project: string[], noteId: string, targetId: unknown, resolve: boolean): Promise<ApiDiscussion> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const id = parseNoteId(noteId);
    const ctx = await this.issueOf(actor, project, id, targetId);
    if (id === null) throw new AppError('NOTE_NOT_FOUND');
    return this.resolveNote.execute(actor, ctx, { noteId: id }, resolve, 'page');
  }

  private async toggleDiscussion(actor: Actor | null, project: string[], iid: string, discussionId: string, resolve: boolean): Promise<ApiDiscussion> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const ctx = await this.loader.findReadable(actor, project.join('/'), iid);
    return this.resolveNote.execute(actor, ctx, { discussionId }, resolve, 'page');
  }

  /**
   * The issue a page note call is about: the note's noteable, else `target_id` (the issue's
   * database id; a note deleted meanwhile still finds its issue, for the 410), checked readable.
   */
  private async issueOf(actor: Actor | null, project: string[], noteId: number | null, targetId: unknown, gone = false): Promise<LoadedIssue> {
    const target = typeof targetId === 'string' || typeof targetId === 'number' ? String(targetId) : '';
    const issueId = /^\d{1,10}$/.test(target) && Number(target) <= 2_147_483_647 ? Number(target) : null;
    const path = project.join('/');
    if (project[0] === 'api') throw new AppError('NOT_FOUND');
    const rows = (await this.ds.query(
      `SELECT i.iid FROM issues i JOIN projects p ON p.id = i.project_id
       WHERE lower(p.full_path) = lower($1::text)
         AND i.id = COALESCE((SELECT n.noteable_id FROM notes n WHERE n.id = $2::int AND n.noteable_type = 'Issue'), $3::int)`,
      [path, noteId ?? 0, issueId],
    )) as Array<{ iid: number }>;
    if (!rows[0]) {
      // Still answer a missing project as one (and a missing note on the page as gone)
      await this.loader.findReadable(actor, path, 0).catch((e: AppError) => {
        if (e.code === 'PROJECT_NOT_FOUND') throw e;
      });
      throw new AppError(gone && noteId !== null ? 'NOTE_GONE' : 'NOTE_NOT_FOUND');
    }
    return this.loader.findReadable(actor, path, rows[0].iid);
  }
}
