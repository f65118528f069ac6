import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DISCUSSION_LIMITS, IDEMPOTENCY_HEADER, REALTIME, type ApiDiscussion, type ApiNote, type EpicPageData, type NoteAward, type NotesPollResponse } from '@tandem/shared-types';
import type { ToggleAwardResponse } from '../../award/award-page.controller';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import { epicPagePermissions } from '../../../core/policy/epic-permissions';
import { noteCurrentUser, notePermissionsOn } from '../../../core/policy/issue-permissions';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { ToggleAwardAction } from '../../award/actions/toggle-award';
import { AwardFinder } from '../../award/award.finder';
import { parseAwardName } from '../../award/award.validation';
import { AwardableLoader } from '../../award/awardable.loader';
import { CreateNoteAction } from '../../note/actions/create-note';
import { DestroyNoteAction } from '../../note/actions/destroy-note';
import { ResolveNoteAction } from '../../note/actions/resolve-note';
import { UpdateNoteAction } from '../../note/actions/update-note';
import { DiscussionFinder } from '../../note/discussion.finder';
import { toApiDiscussion } from '../../note/discussion.mapper';
import { parseIdempotencyKey } from '../../note/note-body';
import { noteViewer, targetNoteMap } from '../../note/note-target';
import { NoteFinder } from '../../note/note.finder';
import { toApiNote, userIdsOf } from '../../note/note.mapper';
import { parseDiscussionsQuery, parseNoteId, parsePageCreate, parsePageUpdate } from '../../note/note.validation';
import { pageErrors } from '../../note/page-errors';
import { toApiEpic } from '../epic.mapper';
import { parseIid } from '../epic.validation';
import { epicGroupFacts, epicNoteFacts, EpicNoteTargets, type EpicNoteTarget } from './epic-note-target';

/**
 * The epic page's discussion endpoints (GitLab's group epic routes, epicNoteablePaths()): the
 * same actions and answers as the issue page's (note-page.controller.ts), on the epic's notes.
 * Registered before the issue page's controllers, whose `*project` wildcard would match these.
 */
@Controller('groups/*group/-/epics/:iid')
export class EpicNotePageController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly targets: EpicNoteTargets,
    private readonly discussions: DiscussionFinder,
    private readonly notes: NoteFinder,
    private readonly createNote: CreateNoteAction,
    private readonly updateNote: UpdateNoteAction,
    private readonly destroyNote: DestroyNoteAction,
    private readonly resolveNote: ResolveNoteAction,
    private readonly awardables: AwardableLoader,
    private readonly awards: AwardFinder,
    private readonly toggle: ToggleAwardAction,
    private readonly events: EventLogService,
  ) {}

  private target(actor: Actor | null, group: string[], iid: string): Promise<EpicNoteTarget> {
    return this.targets.find(actor, group.join('/'), parseIid(iid));
  }

  /** Policy: read_epic. The epic page's start: the epic, the viewer's flags, the stream's seq, notes data, awards. */
  @Get('page.json')
  async page(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string): Promise<EpicPageData> {
    const t = await this.target(actor, group, iid);
    const [seq, notesData, awards] = await Promise.all([
      this.events.currentSeqs('Epic', [t.noteable.id]).then((m) => m.get(t.noteable.id) ?? 0),
      this.discussions.pageNotesData(actor, t),
      this.awards.list('Epic', t.noteable.id),
    ]);
    return {
      epic: toApiEpic(t.epic.epic, this.config.publicUrl),
      permissions: epicPagePermissions(actor, epicGroupFacts(t.epic), epicNoteFacts(t.epic)),
      seq,
      lastFetchedAt: Date.now() * 1000,
      awards: awards.map((a) => ({ name: a.name, user: { id: a.user.id, name: a.user.name, username: a.user.username } })),
      notesData,
    };
  }

  /** Policy: read_epic; internal notes for reporters and up. Persists the epic pages' filter for a signed-in user. */
  @Get('discussions.json')
  async list(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string, @Query() q: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<ApiDiscussion[]> {
    const query = parseDiscussionsQuery(q);
    const t = await this.target(actor, group, iid);
    let filter = query.filter;
    if (filter === null) filter = await this.discussions.savedFilter(actor?.id ?? null, 'Epic');
    else if (actor && query.persist) await this.discussions.saveFilter(actor.id, filter, 'Epic');
    const page = await this.discussions.page(actor, t, { filter, perPage: query.perPage, cursor: query.cursor });
    if (page.nextCursor) res.setHeader(DISCUSSION_LIMITS.nextPageCursorHeader, page.nextCursor);
    res.setHeader('Cache-Control', 'no-cache');
    return page.discussions;
  }

  /** Policy: read_epic (+ internal notes). */
  @Get('discussions/:discussionId')
  async one(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string, @Param('discussionId') discussionId: string): Promise<ApiDiscussion> {
    const page = await this.discussions.page(actor, await this.target(actor, group, iid), { filter: 0, discussionId });
    if (!page.discussions[0]) throw new AppError('DISCUSSION_NOT_FOUND');
    return page.discussions[0];
  }

  /** Policy: create_note, and the thread's or epic's author, or admin_epic (reporters and up). */
  @Put('discussions/:discussionId/resolve')
  async resolveDiscussion(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string, @Param('discussionId') discussionId: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    return this.resolveNote.execute(actor, await this.target(actor, group, iid), { discussionId }, true, 'page');
  }

  /** Policy: create_note, and the thread's or epic's author, or admin_epic. */
  @Delete('discussions/:discussionId/resolve')
  async unresolveDiscussion(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string, @Param('discussionId') discussionId: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    return this.resolveNote.execute(actor, await this.target(actor, group, iid), { discussionId }, false, 'page');
  }

  /** Policy: read_epic; notes changed since X-Last-Fetched-At (the page polls while its socket is down). */
  @Get('notes')
  async poll(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string, @Headers('x-last-fetched-at') lastFetchedAt: string | undefined, @Res({ passthrough: true }) res: Response): Promise<NotesPollResponse> {
    const raw = (lastFetchedAt ?? '').trim();
    if (raw !== '' && !/^\d{1,19}$/.test(raw)) throw new ValidationError({ 'X-Last-Fetched-At': ['must be an integer number of microseconds since the epoch'] });
    const t = await this.target(actor, group, iid);
    const since = raw === '' ? 0n : BigInt(raw);
    const from = since > 5_000_000n ? since - 5_000_000n : 0n;
    const page = await this.notes.changedSince(t.noteable, from, REALTIME.notesPageLimit, noteViewer(actor, t));
    const users = await this.notes.users(userIdsOf(page.notes));
    const awards = page.notes.length ? await this.awards.forNotes(page.notes.filter((n) => !n.system).map((n) => n.id)) : new Map<number, NoteAward[]>();
    const perms = notePermissionsOn(actor, t.abilities);
    const map = targetNoteMap(this.config, t, users);
    res.setHeader('Cache-Control', 'no-cache');
    return {
      notes: page.notes.map((n) => ({ ...toApiNote(n, map, noteCurrentUser(perms(n))), ...(n.system ? {} : { award_emoji: awards.get(n.id) ?? [] }) })),
      last_fetched_at: Number(page.more && page.lastUpdatedUs !== null ? page.lastUpdatedUs + 5_000_000n : page.nowUs),
      more: page.more,
    };
  }

  /** Policy: create_note (+ internal notes for reporters and up). The note entity, or {discussion} with return_discussion. */
  @Post('notes')
  @HttpCode(200)
  async create(
    @CurrentActor() actor: Actor | null,
    @Param('group') group: string[],
    @Param('iid') iid: string,
    @Body() body: Record<string, unknown>,
    @Headers(IDEMPOTENCY_HEADER) idempotency: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return pageErrors(res, async () => {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const input = parsePageCreate(body);
      const idempotencyKey = parseIdempotencyKey(idempotency);
      const t = await this.target(actor, group, iid);
      const result = await this.createNote.execute(actor, t, { ...input, idempotencyKey });
      const qa = result.quickActions;
      const extra = { commands_changes: qa?.changes ?? {}, ...(qa ? { quick_actions_status: qa.status } : {}) };
      if (!result.note) {
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

  /** Policy: create_note and own note; 410 Gone when the note is no longer there. */
  @Put('notes/:noteId')
  async update(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string, @Param('noteId') noteId: string, @Body() body: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<ApiNote | { errors: unknown }> {
    return pageErrors(res, async () => {
      if (!actor) throw new AppError('UNAUTHORIZED');
      const t = await this.target(actor, group, iid);
      const id = parseNoteId(noteId);
      if (id === null) throw new AppError('NOTE_GONE');
      return (await this.updateNote.execute(actor, t, id, parsePageUpdate(body), 'page')).note;
    });
  }

  /** Policy: own note, or maintainers and up. */
  @Delete('notes/:noteId')
  async destroy(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string, @Param('noteId') noteId: string) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const t = await this.target(actor, group, iid);
    const id = parseNoteId(noteId);
    if (id === null) throw new AppError('NOTE_GONE');
    await this.destroyNote.execute(actor, t, id, 'page');
    return {};
  }

  /** Policy: create_note, and the note's or epic's author, or admin_epic. */
  @Post('notes/:noteId/resolve')
  @HttpCode(200)
  async resolve(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string, @Param('noteId') noteId: string) {
    return this.toggleNote(actor, group, iid, noteId, true);
  }

  /** Policy: create_note, and the note's or epic's author, or admin_epic. */
  @Delete('notes/:noteId/resolve')
  async unresolve(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string, @Param('noteId') noteId: string) {
    return this.toggleNote(actor, group, iid, noteId, false);
  }

  /** Policy: read_epic. The awards on the epic itself. */
  @Get('toggle_award_emoji')
  async epicAwards(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string): Promise<NoteAward[]> {
    const t = await this.target(actor, group, iid);
    return (await this.awards.list('Epic', t.noteable.id)).map((a) => ({ name: a.name, user: { id: a.user.id, name: a.user.name, username: a.user.username } }));
  }

  /** Policy: read_epic, then award (signed in, a write scope). */
  @Post('toggle_award_emoji')
  @HttpCode(200)
  async toggleOnEpic(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string, @Body() body: unknown): Promise<ToggleAwardResponse> {
    const name = parseAwardName(body);
    const t = await this.target(actor, group, iid);
    return { ok: true, toggled_on: (await this.toggle.execute(actor, this.awardables.ofTarget(actor, t), name)).toggledOn };
  }

  /** Policy: read_epic + the note readable, then award (not a system note). */
  @Post('notes/:noteId/toggle_award_emoji')
  @HttpCode(200)
  async toggleOnNote(@CurrentActor() actor: Actor | null, @Param('group') group: string[], @Param('iid') iid: string, @Param('noteId') noteId: string, @Body() body: unknown): Promise<ToggleAwardResponse> {
    const name = parseAwardName(body);
    const t = await this.target(actor, group, iid);
    return { ok: true, toggled_on: (await this.toggle.execute(actor, await this.awardables.noteOf(actor, t, noteId), name)).toggledOn };
  }

  private async toggleNote(actor: Actor | null, group: string[], iid: string, noteId: string, resolve: boolean): Promise<ApiDiscussion> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const t = await this.target(actor, group, iid);
    const id = parseNoteId(noteId);
    if (id === null) throw new AppError('NOTE_NOT_FOUND');
    return this.resolveNote.execute(actor, t, { noteId: id }, resolve, 'page');
  }
}
