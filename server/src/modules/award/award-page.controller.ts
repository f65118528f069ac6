import { Body, Controller, Get, HttpCode, Inject, Param, Post, type Type } from '@nestjs/common';
import type { NoteAward } from '@tandem/shared-types';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { parseNoteId } from '../note/note.validation';
import type { NoteableKind, NoteableTargets, RouteParams } from '../note/noteable-kind';
import { ToggleAwardAction } from './actions/toggle-award';
import { AwardFinder } from './award.finder';
import { toNoteAward } from './award.mapper';
import { parseAwardName } from './award.validation';
import { AwardableLoader } from './awardable.loader';

/** What the page's award button gets back (GitLab answers {ok}; toggled_on saves the client a guess). */
export interface ToggleAwardResponse {
  ok: true;
  toggled_on: boolean;
}

/** The page's award endpoints of one noteable type (noteablePaths().issueAward / noteAward). */
export function awardPageControllerFor(kind: NoteableKind): Type<unknown> {
  @Controller()
  class AwardPageController {
    constructor(
      @Inject(kind.targets) readonly targets: NoteableTargets,
      @Inject(AwardableLoader) readonly awardables: AwardableLoader,
      @Inject(AwardFinder) readonly finder: AwardFinder,
      @Inject(ToggleAwardAction) readonly toggle: ToggleAwardAction,
    ) {}

    /** Policy: read_issue / read_epic. The awards on the noteable itself. */
    @Get(`${kind.page}/toggle_award_emoji`)
    async noteableAwards(@CurrentActor() actor: Actor | null, @Param() params: RouteParams): Promise<NoteAward[]> {
      const awardable = this.awardables.ofTarget(actor, await this.targets.fromPage(actor, params));
      return (await this.finder.list(awardable.type, awardable.id)).map(toNoteAward);
    }

    /** Policy: read_issue / read_epic, then awardEmoji (signed in, a write scope, a live project; create_note on a locked issue). */
    @Post(`${kind.page}/toggle_award_emoji`)
    @HttpCode(200)
    async toggleOnNoteable(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Body() body: unknown): Promise<ToggleAwardResponse> {
      const name = parseAwardName(body);
      const awardable = this.awardables.ofTarget(actor, await this.targets.fromPage(actor, params));
      return { ok: true, toggled_on: (await this.toggle.execute(actor, awardable, name)).toggledOn };
    }

    /** Policy: read_issue / read_epic + the note readable, then awardEmoji (not a system note; create_note on a locked issue). */
    @Post(`${kind.pageNotes}/:noteId/toggle_award_emoji`)
    @HttpCode(200)
    async toggleOnNote(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('noteId') noteId: string, @Body() body: unknown): Promise<ToggleAwardResponse> {
      const name = parseAwardName(body);
      const t = await this.targets.fromPageNote(actor, params, { noteId: parseNoteId(noteId) });
      const awardable = await this.awardables.noteOf(actor, t, noteId);
      return { ok: true, toggled_on: (await this.toggle.execute(actor, awardable, name)).toggledOn };
    }
  }

  Object.defineProperty(AwardPageController, 'name', { value: `${kind.type}AwardPageController` });
  return AwardPageController;
}
