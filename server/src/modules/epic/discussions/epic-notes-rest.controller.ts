import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, NOTES_FILTER } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../../core/http/pagination';
import { parseInput } from '../../../core/http/zod-input';
import type { Actor } from '../../../core/policy/policy';
import { AwardRest } from '../../award/award-rest';
import { AwardableLoader } from '../../award/awardable.loader';
import { CreateNoteAction, restCommandsAnswer } from '../../note/actions/create-note';
import { DestroyNoteAction } from '../../note/actions/destroy-note';
import { ResolveNoteAction } from '../../note/actions/resolve-note';
import { UpdateNoteAction } from '../../note/actions/update-note';
import { DiscussionFinder } from '../../note/discussion.finder';
import { toApiDiscussion } from '../../note/discussion.mapper';
import { parseIdempotencyKey } from '../../note/note-body';
import { noteViewer, targetNoteMap } from '../../note/note-target';
import { NoteFinder } from '../../note/note.finder';
import { toApiNote, userIdsOf } from '../../note/note.mapper';
import { parseNoteId, parseResolved, parseRestCreate } from '../../note/note.validation';
import { toRestDiscussion, toRestNote, type RestDiscussion, type RestNote } from '../../note/rest-note.mapper';
import { parseIid } from '../epic.validation';
import { EpicNoteTargets, type EpicNoteTarget } from './epic-note-target';

const listQuery = z.object({ sort: z.enum(['asc', 'desc']).optional(), order_by: z.enum(['created_at', 'updated_at']).optional() }).passthrough();

/**
 * GitLab REST v4 on an epic's discussion (lib/api/notes.rb, discussions.rb, award_emoji.rb with
 * `noteable_type: Epic`): `/groups/:id/epics/:epic_iid/notes`, `/discussions` (and notes under
 * a discussion), `/award_emoji` on the epic and its notes. The same actions and answers as
 * the issue routes: an epic the actor may not read is "404 Epic Not Found".
 */
@Controller('api/v4/groups/:id/epics/:epicIid')
export class EpicNotesRestController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly targets: EpicNoteTargets,
    private readonly notes: NoteFinder,
    private readonly discussions: DiscussionFinder,
    private readonly createNote: CreateNoteAction,
    private readonly updateNote: UpdateNoteAction,
    private readonly destroyNote: DestroyNoteAction,
    private readonly resolveNote: ResolveNoteAction,
    private readonly awardables: AwardableLoader,
    private readonly awards: AwardRest,
  ) {}

  private target(actor: Actor | null, id: string, epicIid: string): Promise<EpicNoteTarget> {
    return this.targets.find(actor, id, parseIid(epicIid));
  }

  private noteId(noteId: string): number {
    const n = parseNoteId(noteId);
    if (n === null) throw new AppError('NOTE_NOT_FOUND');
    return n;
  }

  // ---- notes

  /** Policy: read_epic; internal notes for reporters and up. */
  @Get('notes')
  async listNotes(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RestNote[]> {
    const { sort = 'desc', order_by: orderBy = 'created_at' } = parseInput(listQuery, q);
    const page = pageParams(q);
    const t = await this.target(actor, id, epicIid);
    const { notes: slice, total } = await this.notes.page(t.noteable, noteViewer(actor, t), { sort, orderBy, offset: (page.page - 1) * page.perPage, limit: page.perPage });
    setPaginationHeaders(req, res, this.config.publicUrl, page, total);
    const map = targetNoteMap(this.config, t, await this.notes.users(userIdsOf(slice)));
    return slice.map((n) => toRestNote(toApiNote(n, map)));
  }

  /** Policy: read_epic + read the note. */
  @Get('notes/:noteId')
  async showNote(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('noteId') noteId: string): Promise<RestNote> {
    const t = await this.target(actor, id, epicIid);
    const n = parseNoteId(noteId);
    const note = n === null ? null : await this.notes.visibleById(t.noteable, n, noteViewer(actor, t));
    if (!note) throw new AppError('NOTE_NOT_FOUND');
    return toRestNote(toApiNote(note, targetNoteMap(this.config, t, await this.notes.users(userIdsOf([note])))));
  }

  /** Policy: create_note (+ internal notes for reporters and up). Quick actions only: 202 with what they did. */
  @Post('notes')
  async createNoteOn(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Body() body: Record<string, unknown>, @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined, @Res({ passthrough: true }) res: Response) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const input = parseRestCreate(body);
    const idempotencyKey = parseIdempotencyKey(idempotency);
    const r = await this.createNote.execute(actor, await this.target(actor, id, epicIid), { ...input, idempotencyKey });
    if (!r.note) {
      res.status(202);
      return restCommandsAnswer(r);
    }
    return toRestNote(r.note);
  }

  /** Policy: own note. */
  @Put('notes/:noteId')
  async updateNoteOn(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('noteId') noteId: string, @Body() body: Record<string, unknown>): Promise<RestNote> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const t = await this.target(actor, id, epicIid);
    return toRestNote((await this.updateNote.execute(actor, t, this.noteId(noteId), body?.body, 'api')).note);
  }

  /** Policy: own note, or maintainers and up. */
  @Delete('notes/:noteId')
  @HttpCode(204)
  async destroyNoteOn(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('noteId') noteId: string): Promise<void> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const t = await this.target(actor, id, epicIid);
    await this.destroyNote.execute(actor, t, this.noteId(noteId), 'api');
  }

  // ---- discussions

  /** Policy: read_epic (+ internal notes). */
  @Get('discussions')
  async listDiscussions(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RestDiscussion[]> {
    const page = pageParams(q);
    const all = (await this.discussions.page(actor, await this.target(actor, id, epicIid), { filter: NOTES_FILTER.all })).discussions;
    setPaginationHeaders(req, res, this.config.publicUrl, page, all.length);
    return all.slice((page.page - 1) * page.perPage, page.page * page.perPage).map(toRestDiscussion);
  }

  /** Policy: read_epic (+ internal notes). */
  @Get('discussions/:discussionId')
  async showDiscussion(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('discussionId') discussionId: string): Promise<RestDiscussion> {
    const d = (await this.discussions.page(actor, await this.target(actor, id, epicIid), { filter: NOTES_FILTER.all, discussionId })).discussions[0];
    if (!d) throw new AppError('DISCUSSION_NOT_FOUND');
    return toRestDiscussion(d);
  }

  /** Policy: create_note. Starts a thread. */
  @Post('discussions')
  async createDiscussion(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Body() body: Record<string, unknown>, @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined, @Res({ passthrough: true }) res: Response) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const input = parseRestCreate(body);
    const idempotencyKey = parseIdempotencyKey(idempotency);
    const t = await this.target(actor, id, epicIid);
    const r = await this.createNote.execute(actor, t, { ...input, type: 'DiscussionNote', idempotencyKey });
    if (!r.note) {
      res.status(202);
      return restCommandsAnswer(r);
    }
    return toRestDiscussion(toApiDiscussion(r.discussion, t.place));
  }

  /** Policy: the thread's or epic's author, or admin_epic. `resolved=true|false`. */
  @Put('discussions/:discussionId')
  async resolveDiscussion(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('discussionId') discussionId: string, @Query('resolved') qResolved: unknown, @Body() body: Record<string, unknown>): Promise<RestDiscussion> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const resolved = parseResolved(qResolved ?? body?.resolved);
    return toRestDiscussion(await this.resolveNote.execute(actor, await this.target(actor, id, epicIid), { discussionId }, resolved));
  }

  /** Policy: create_note. A reply (an individual note becomes a thread). */
  @Post('discussions/:discussionId/notes')
  async reply(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('discussionId') discussionId: string, @Body() body: Record<string, unknown>, @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined, @Res({ passthrough: true }) res: Response) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const input = parseRestCreate(body);
    const idempotencyKey = parseIdempotencyKey(idempotency);
    const r = await this.createNote.execute(actor, await this.target(actor, id, epicIid), { body: input.body, discussionId, idempotencyKey });
    if (!r.note) {
      res.status(202);
      return restCommandsAnswer(r);
    }
    return toRestNote(r.note);
  }

  /** Policy: own note for `body`; `resolved` as resolving. */
  @Put('discussions/:discussionId/notes/:noteId')
  async updateInDiscussion(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('discussionId') discussionId: string, @Param('noteId') noteId: string, @Body() body: Record<string, unknown>): Promise<RestNote> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const t = await this.target(actor, id, epicIid);
    const n = this.noteId(noteId);
    if (body?.body === undefined && body?.resolved !== undefined) {
      const d = await this.resolveNote.execute(actor, t, { noteId: n }, parseResolved(body.resolved));
      const note = d.notes.find((x) => x.id === String(n));
      if (!note || d.id !== discussionId) throw new AppError('NOTE_NOT_FOUND');
      return toRestNote(note);
    }
    return toRestNote((await this.updateNote.execute(actor, t, n, body?.body, 'api')).note);
  }

  /** Policy: own note, or maintainers and up. */
  @Delete('discussions/:discussionId/notes/:noteId')
  @HttpCode(204)
  async destroyInDiscussion(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('noteId') noteId: string): Promise<void> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    await this.destroyNote.execute(actor, await this.target(actor, id, epicIid), this.noteId(noteId), 'api');
  }

  // ---- award_emoji

  /** Policy: read_epic. */
  @Get('award_emoji')
  async listOnEpic(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.awards.list(this.awardables.ofTarget(actor, await this.target(actor, id, epicIid)), q, req, res);
  }

  /** Policy: read_epic. */
  @Get('award_emoji/:awardId')
  async showOnEpic(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('awardId') awardId: string) {
    return this.awards.show(this.awardables.ofTarget(actor, await this.target(actor, id, epicIid)), awardId);
  }

  /** Policy: read_epic, then award (signed in, write scope). */
  @Post('award_emoji')
  async createOnEpic(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Body() body: unknown) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    return this.awards.create(actor, this.awardables.ofTarget(actor, await this.target(actor, id, epicIid)), body);
  }

  /** Policy: read_epic, then one's own award only. */
  @Delete('award_emoji/:awardId')
  @HttpCode(204)
  async destroyOnEpic(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('awardId') awardId: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    await this.awards.destroy(actor, this.awardables.ofTarget(actor, await this.target(actor, id, epicIid)), awardId);
  }

  /** Policy: read_epic + the note readable. */
  @Get('notes/:noteId/award_emoji')
  async listOnNote(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('noteId') noteId: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const t = await this.target(actor, id, epicIid);
    return this.awards.list(await this.awardables.noteOf(actor, t, noteId), q, req, res);
  }

  /** Policy: read_epic + the note readable, then award (not a system note). */
  @Post('notes/:noteId/award_emoji')
  async createOnNote(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('noteId') noteId: string, @Body() body: unknown) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const t = await this.target(actor, id, epicIid);
    return this.awards.create(actor, await this.awardables.noteOf(actor, t, noteId), body);
  }

  /** Policy: read_epic + the note readable, then one's own award only. */
  @Delete('notes/:noteId/award_emoji/:awardId')
  @HttpCode(204)
  async destroyOnNote(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('noteId') noteId: string, @Param('awardId') awardId: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const t = await this.target(actor, id, epicIid);
    await this.awards.destroy(actor, await this.awardables.noteOf(actor, t, noteId), awardId);
  }
}
