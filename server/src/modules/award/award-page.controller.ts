import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { NoteAward } from '@tandem/shared-types';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { ToggleAwardAction } from './actions/toggle-award';
import { AwardFinder } from './award.finder';
import { parseAwardName } from './award.validation';
import { AwardableLoader } from './awardable.loader';

/** What the page's award button gets back (GitLab answers {ok}; toggled_on saves the client a guess). */
export interface ToggleAwardResponse {
  ok: true;
  toggled_on: boolean;
}

/** The issue page's award endpoints (noteablePaths().issueAward / noteAward). */
@Controller()
export class AwardPageController {
  constructor(
    private readonly awardables: AwardableLoader,
    private readonly finder: AwardFinder,
    private readonly toggle: ToggleAwardAction,
  ) {}

  /** Policy: read_issue. The awards on the issue itself. */
  @Get('*project/-/issues/:iid/toggle_award_emoji')
  async issueAwards(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('iid') iid: string): Promise<NoteAward[]> {
    const awardable = await this.awardables.issue(actor, project.join('/'), iid);
    return this.finder.forIssue(awardable.id);
  }

  /** Policy: read_issue, then awardEmoji (issuePermissions: signed in, a write scope, a live project; create_note on a locked issue). */
  @Post('*project/-/issues/:iid/toggle_award_emoji')
  @HttpCode(200)
  async toggleOnIssue(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('iid') iid: string, @Body() body: unknown): Promise<ToggleAwardResponse> {
    const name = parseAwardName(body);
    const awardable = await this.awardables.issue(actor, project.join('/'), iid);
    return { ok: true, toggled_on: (await this.toggle.execute(actor, awardable, name)).toggledOn };
  }

  /** Policy: read_issue + the note readable, then awardEmoji (not a system note; create_note on a locked issue). */
  @Post('*project/notes/:id/toggle_award_emoji')
  @HttpCode(200)
  async toggleOnNote(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('id') id: string, @Body() body: unknown): Promise<ToggleAwardResponse> {
    const name = parseAwardName(body);
    const awardable = await this.awardables.note(actor, project.join('/'), id);
    return { ok: true, toggled_on: (await this.toggle.execute(actor, awardable, name)).toggledOn };
  }
}
