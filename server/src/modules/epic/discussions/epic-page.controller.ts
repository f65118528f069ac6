import { Controller, Get, Headers, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { REALTIME, type EpicPageData, type NoteAward, type NotesPollResponse } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { ValidationError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import { epicPagePermissions } from '../../../core/policy/epic-permissions';
import { noteCurrentUser, notePermissionsOn } from '../../../core/policy/issue-permissions';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { AwardFinder } from '../../award/award.finder';
import { toNoteAward } from '../../award/award.mapper';
import { DiscussionFinder } from '../../note/discussion.finder';
import { noteViewer, targetNoteMap } from '../../note/note-target';
import { NoteFinder } from '../../note/note.finder';
import { toApiNote, userIdsOf } from '../../note/note.mapper';
import type { RouteParams } from '../../note/noteable-kind';
import { toApiEpic } from '../epic.mapper';
import { epicGroupFacts, epicNoteFacts, EpicNoteTargets } from './epic-note-target';

/**
 * What only the epic page has (GitLab's group epic routes, epicNoteablePaths()): its start
 * (page.json) and its notes poll. Its discussion, note, award and description-version calls are
 * the shared noteable routes (noteableControllersFor(EPIC_NOTEABLE)).
 */
@Controller('groups/*group/-/epics/:iid')
export class EpicPageController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly targets: EpicNoteTargets,
    private readonly discussions: DiscussionFinder,
    private readonly notes: NoteFinder,
    private readonly awards: AwardFinder,
    private readonly events: EventLogService,
  ) {}

  /** Policy: read_epic. The epic page's start: the epic, the viewer's flags, the stream's seq, notes data, awards. */
  @Get('page.json')
  async page(@CurrentActor() actor: Actor | null, @Param() params: RouteParams): Promise<EpicPageData> {
    const t = await this.targets.fromPage(actor, params);
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
      awards: awards.map(toNoteAward),
      notesData,
    };
  }

  /** Policy: read_epic; notes changed since X-Last-Fetched-At (the page polls while its socket is down). */
  @Get('notes')
  async poll(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Headers('x-last-fetched-at') lastFetchedAt: string | undefined, @Res({ passthrough: true }) res: Response): Promise<NotesPollResponse> {
    const raw = (lastFetchedAt ?? '').trim();
    if (raw !== '' && !/^\d{1,19}$/.test(raw)) throw new ValidationError({ 'X-Last-Fetched-At': ['must be an integer number of microseconds since the epoch'] });
    const t = await this.targets.fromPage(actor, params);
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
}
