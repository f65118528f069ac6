import { Body, Controller, Param, Put } from '@nestjs/common';
import type { ApiSuggestion } from '@tandem/shared-types';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { ApplySuggestionsAction, parseCommitMessage, parseSuggestionIds } from './apply-suggestions';

/** GitLab's suggestions REST API (lib/api/suggestions.rb). */
@Controller('api/v4/suggestions')
export class SuggestionsController {
  constructor(private readonly apply: ApplySuggestionsAction) {}

  /** Policy: push_code on an open merge request (canApplySuggestion); read_merge_request to see it. commit_message optional. */
  @Put('batch_apply')
  async batchApply(@CurrentActor() actor: Actor | null, @Body() body: unknown): Promise<ApiSuggestion[]> {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    return this.apply.execute(actor, parseSuggestionIds(b.ids), parseCommitMessage(b.commit_message));
  }

  /** Policy: push_code on an open merge request (canApplySuggestion); read_merge_request to see it. commit_message optional. */
  @Put(':id/apply')
  async applyOne(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: unknown): Promise<ApiSuggestion> {
    if (!/^\d{1,12}$/.test(id)) throw new AppError('SUGGESTION_NOT_FOUND');
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const [one] = await this.apply.execute(actor, [Number(id)], parseCommitMessage(b.commit_message));
    return one!;
  }
}
