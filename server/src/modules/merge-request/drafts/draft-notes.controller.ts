import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { ApiDraftNote } from '@tandem/shared-types';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import type { Actor } from '../../../core/policy/policy';
import { MergeRequestNoteTargets } from '../discussions/merge-request-note-target';
import { parseDraftCreate, parseDraftId, parseDraftUpdate, parseSummary } from './draft-note.validation';
import { DraftNotesService } from './draft-notes.service';

/**
 * GitLab's draft notes REST API (lib/api/draft_notes.rb): a reviewer's pending comments on a
 * merge request, visible to them only, published one by one or all at once (bulk_publish).
 */
@Controller('api/v4/projects/:id/merge_requests/:mrIid/draft_notes')
export class DraftNotesController {
  constructor(
    private readonly targets: MergeRequestNoteTargets,
    private readonly drafts: DraftNotesService,
  ) {}

  private target(actor: Actor | null, id: string, mrIid: string) {
    return this.targets.fromRest(actor, { id, mrIid });
  }

  /** Policy: read_merge_request; own (only the actor's drafts are listed). */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('mrIid') mrIid: string): Promise<ApiDraftNote[]> {
    return this.drafts.list(actor, await this.target(actor, id, mrIid));
  }

  /** Policy: create_note (draftNoteAbilities.create). note, position, in_reply_to_discussion_id, resolve_discussion, commit_id. */
  @Post()
  async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('mrIid') mrIid: string, @Body() body: unknown): Promise<ApiDraftNote> {
    const t = await this.target(actor, id, mrIid);
    return this.drafts.create(actor, t, parseDraftCreate(body));
  }

  /** Policy: own (draftNoteAbilities.publish): every draft of the actor, and the optional summary `note`, in one transaction. */
  @Post('bulk_publish')
  @HttpCode(204)
  async bulkPublish(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('mrIid') mrIid: string, @Body() body: unknown): Promise<void> {
    const t = await this.target(actor, id, mrIid);
    await this.drafts.bulkPublish(actor, t, parseSummary(body));
  }

  /** Policy: own (draftNoteAbilities.read). */
  @Get(':draftId')
  async get(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('mrIid') mrIid: string, @Param('draftId') draftId: string): Promise<ApiDraftNote> {
    return this.drafts.get(actor, await this.target(actor, id, mrIid), parseDraftId(draftId));
  }

  /** Policy: own (draftNoteAbilities.update). note, position, resolve_discussion. */
  @Put(':draftId')
  async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('mrIid') mrIid: string, @Param('draftId') draftId: string, @Body() body: unknown): Promise<ApiDraftNote> {
    const t = await this.target(actor, id, mrIid);
    return this.drafts.update(actor, t, parseDraftId(draftId), parseDraftUpdate(body));
  }

  /** Policy: own (draftNoteAbilities.update). */
  @Delete(':draftId')
  @HttpCode(204)
  async remove(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('mrIid') mrIid: string, @Param('draftId') draftId: string): Promise<void> {
    await this.drafts.remove(actor, await this.target(actor, id, mrIid), parseDraftId(draftId));
  }

  /** Policy: own (draftNoteAbilities.publish). */
  @Put(':draftId/publish')
  @HttpCode(204)
  async publish(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('mrIid') mrIid: string, @Param('draftId') draftId: string): Promise<void> {
    await this.drafts.publishOne(actor, await this.target(actor, id, mrIid), parseDraftId(draftId));
  }
}
