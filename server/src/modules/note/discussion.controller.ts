import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { IDEMPOTENCY_HEADER, NOTES_FILTER } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { IssueLoader } from '../issue/issue.loader';
import { CreateNoteAction, restCommandsAnswer } from './actions/create-note';
import { DestroyNoteAction } from './actions/destroy-note';
import { ResolveNoteAction } from './actions/resolve-note';
import { UpdateNoteAction } from './actions/update-note';
import { DiscussionFinder } from './discussion.finder';
import { toApiDiscussion } from './discussion.mapper';
import { parseIdempotencyKey } from './note-body';
import { discussionPlace } from './note-target';
import { parseNoteId, parseResolved, parseRestCreate } from './note.validation';
import { toRestDiscussion, toRestNote, type RestDiscussion, type RestNote } from './rest-note.mapper';

/** GitLab REST v4 issue discussions (lib/api/discussions.rb). */
@Controller('api/v4/projects/:id/issues/:iid/discussions')
export class DiscussionController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly loader: IssueLoader,
    private readonly discussions: DiscussionFinder,
    private readonly createNote: CreateNoteAction,
    private readonly updateNote: UpdateNoteAction,
    private readonly destroyNote: DestroyNoteAction,
    private readonly resolveNote: ResolveNoteAction,
  ) {}

  /** Policy: read_issue (+ internal notes). */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RestDiscussion[]> {
    const page = pageParams(q);
    const ctx = await this.loader.findReadable(actor, id, iid);
    const all = (await this.discussions.page(actor, ctx, { filter: NOTES_FILTER.all })).discussions;
    setPaginationHeaders(req, res, this.config.publicUrl, page, all.length);
    return all.slice((page.page - 1) * page.perPage, page.page * page.perPage).map(toRestDiscussion);
  }

  /** Policy: read_issue (+ internal notes). */
  @Get(':discussionId')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('discussionId') discussionId: string): Promise<RestDiscussion> {
    const ctx = await this.loader.findReadable(actor, id, iid);
    const d = (await this.discussions.page(actor, ctx, { filter: NOTES_FILTER.all, discussionId })).discussions[0];
    if (!d) throw new AppError('DISCUSSION_NOT_FOUND');
    return toRestDiscussion(d);
  }

  /** Policy: create_note. Starts a thread. */
  @Post()
  async create(
    @CurrentActor() actor: Actor | null,
    @Param('id') id: string,
    @Param('iid') iid: string,
    @Body() body: Record<string, unknown>,
    @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RestDiscussion | ReturnType<typeof restCommandsAnswer>> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const input = parseRestCreate(body);
    const idempotencyKey = parseIdempotencyKey(idempotency);
    const ctx = await this.loader.findReadable(actor, id, iid);
    const r = await this.createNote.execute(actor, ctx, { ...input, type: 'DiscussionNote', idempotencyKey });
    if (!r.note) {
      res.status(202);
      return restCommandsAnswer(r);
    }
    return toRestDiscussion(toApiDiscussion(r.discussion, discussionPlace(ctx)));
  }

  /** Policy: create_note, and the thread's or issue's author (own) or admin_issue. `resolved=true|false`. */
  @Put(':discussionId')
  async resolve(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('discussionId') discussionId: string, @Query('resolved') qResolved: unknown, @Body() body: Record<string, unknown>): Promise<RestDiscussion> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const resolved = parseResolved(qResolved ?? body?.resolved);
    const ctx = await this.loader.findReadable(actor, id, iid);
    return toRestDiscussion(await this.resolveNote.execute(actor, ctx, { discussionId }, resolved));
  }

  /** Policy: create_note. Replies in the thread (an individual note becomes a thread). */
  @Post(':discussionId/notes')
  async reply(
    @CurrentActor() actor: Actor | null,
    @Param('id') id: string,
    @Param('iid') iid: string,
    @Param('discussionId') discussionId: string,
    @Body() body: Record<string, unknown>,
    @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RestNote | ReturnType<typeof restCommandsAnswer>> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const input = parseRestCreate(body);
    const idempotencyKey = parseIdempotencyKey(idempotency);
    const ctx = await this.loader.findReadable(actor, id, iid);
    const r = await this.createNote.execute(actor, ctx, { body: input.body, discussionId, idempotencyKey });
    if (!r.note) {
      res.status(202);
      return restCommandsAnswer(r);
    }
    return toRestNote(r.note);
  }

  /** Policy: create_note and own note for `body`; for `resolved` also the issue's author or admin_issue. */
  @Put(':discussionId/notes/:noteId')
  async updateNoteIn(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('discussionId') discussionId: string, @Param('noteId') noteId: string, @Body() body: Record<string, unknown>): Promise<RestNote> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const ctx = await this.loader.findReadable(actor, id, iid);
    const n = parseNoteId(noteId);
    if (n === null) throw new AppError('NOTE_NOT_FOUND');
    if (body?.body === undefined && body?.resolved !== undefined) {
      const d = await this.resolveNote.execute(actor, ctx, { noteId: n }, parseResolved(body.resolved));
      const note = d.notes.find((x) => x.id === String(n));
      if (!note || d.id !== discussionId) throw new AppError('NOTE_NOT_FOUND');
      return toRestNote(note);
    }
    const r = await this.updateNote.execute(actor, ctx, n, body?.body, 'api');
    return toRestNote(r.note);
  }

  /** Policy: create_note and own note, or admin_project (maintainers and up). */
  @Delete(':discussionId/notes/:noteId')
  @HttpCode(204)
  async destroyNoteIn(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('noteId') noteId: string): Promise<void> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const ctx = await this.loader.findReadable(actor, id, iid);
    const n = parseNoteId(noteId);
    if (n === null) throw new AppError('NOTE_NOT_FOUND');
    await this.destroyNote.execute(actor, ctx, n, 'api');
  }
}
