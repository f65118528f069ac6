import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { IDEMPOTENCY_HEADER } from '@tandem/shared-types';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import { parseInput } from '../../core/http/zod-input';
import type { Actor } from '../../core/policy/policy';
import { IssueLoader } from '../issue/issue.loader';
import { CreateNoteAction, restCommandsAnswer } from './actions/create-note';
import { DestroyNoteAction } from './actions/destroy-note';
import { UpdateNoteAction } from './actions/update-note';
import { parseIdempotencyKey } from './note-body';
import { issueNoteMap, issueTarget, noteViewer } from './note-target';
import { NoteFinder } from './note.finder';
import { toApiNote, userIdsOf } from './note.mapper';
import { parseNoteId, parseRestCreate } from './note.validation';
import { toRestNote, type RestNote } from './rest-note.mapper';

const listQuery = z.object({ sort: z.enum(['asc', 'desc']).optional(), order_by: z.enum(['created_at', 'updated_at']).optional() }).passthrough();

/** GitLab REST v4 issue notes (lib/api/notes.rb): errors {"message"}, offset pagination headers. */
@Controller('api/v4/projects/:id/issues/:iid/notes')
export class NoteController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly loader: IssueLoader,
    private readonly notes: NoteFinder,
    private readonly createNote: CreateNoteAction,
    private readonly updateNote: UpdateNoteAction,
    private readonly destroyNote: DestroyNoteAction,
  ) {}

  /** Policy: read_issue; internal notes for readers of internal notes. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RestNote[]> {
    const { sort = 'desc', order_by: orderBy = 'created_at' } = parseInput(listQuery, q);
    const page = pageParams(q);
    const ctx = await this.loader.findReadable(actor, id, iid);
    const { notes: slice, total } = await this.notes.page({ type: 'Issue', id: ctx.issue.id }, noteViewer(actor, issueTarget(actor, ctx)), {
      sort,
      orderBy,
      offset: (page.page - 1) * page.perPage,
      limit: page.perPage,
    });
    setPaginationHeaders(req, res, this.config.publicUrl, page, total);
    const map = issueNoteMap(this.config, ctx, await this.notes.users(userIdsOf(slice)));
    return slice.map((n) => toRestNote(toApiNote(n, map)));
  }

  /** Policy: read_issue + read the note. */
  @Get(':noteId')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('noteId') noteId: string): Promise<RestNote> {
    const ctx = await this.loader.findReadable(actor, id, iid);
    const n = parseNoteId(noteId);
    const note = n === null ? null : await this.notes.visibleById({ type: 'Issue', id: ctx.issue.id }, n, noteViewer(actor, issueTarget(actor, ctx)));
    if (!note) throw new AppError('NOTE_NOT_FOUND');
    return toRestNote(toApiNote(note, issueNoteMap(this.config, ctx, await this.notes.users(userIdsOf([note])))));
  }

  /** Policy: create_note (+ internal notes for reporters and up). Idempotency-Key: a retry answers the first note. */
  @Post()
  async create(
    @CurrentActor() actor: Actor | null,
    @Param('id') id: string,
    @Param('iid') iid: string,
    @Body() body: Record<string, unknown>,
    @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RestNote | ReturnType<typeof restCommandsAnswer>> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const input = parseRestCreate(body);
    const idempotencyKey = parseIdempotencyKey(idempotency);
    const ctx = await this.loader.findReadable(actor, id, iid);
    const r = await this.createNote.execute(actor, ctx, { ...input, idempotencyKey });
    if (!r.note) {
      res.status(202);
      return restCommandsAnswer(r);
    }
    return toRestNote(r.note);
  }

  /** Policy: create_note and own note (its author only). */
  @Put(':noteId')
  async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('noteId') noteId: string, @Body() body: Record<string, unknown>): Promise<RestNote> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const ctx = await this.loader.findReadable(actor, id, iid);
    const n = parseNoteId(noteId);
    if (n === null) throw new AppError('NOTE_NOT_FOUND');
    return toRestNote((await this.updateNote.execute(actor, ctx, n, body?.body, 'api')).note);
  }

  /** Policy: create_note and own note, or admin_project (maintainers and up). */
  @Delete(':noteId')
  @HttpCode(204)
  async destroy(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('noteId') noteId: string): Promise<void> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const ctx = await this.loader.findReadable(actor, id, iid);
    const n = parseNoteId(noteId);
    if (n === null) throw new AppError('NOTE_NOT_FOUND');
    await this.destroyNote.execute(actor, ctx, n, 'api');
  }
}
