import { Controller, Delete, Get, Inject, Param, Query } from '@nestjs/common';
import type { DescriptionDiff } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import { canDeleteEpicDescriptionVersion } from '../../../core/policy/epic-permissions';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { descriptionDiffHtml } from '../../note/description-versions/description-diff';
import { DescriptionVersionStore } from '../../note/description-versions/description-version.store';
import { parseVersionId } from '../../note/description-versions/description-versions.controller';
import { actorBasic } from '../../note/note-target';
import { epicGroupFacts, EpicNoteTargets } from './epic-note-target';
import { parseIid } from '../epic.validation';

/**
 * The compare view and soft delete of an epic's "changed the description" notes
 * (epicNoteablePaths().descriptionDiff / descriptionVersion), as the issue page's
 * (description-versions.controller.ts), on the epic's versions.
 */
@Controller('groups/*group/-/epics/:iid/descriptions')
export class EpicDescriptionVersionsController {
  constructor(
    private readonly targets: EpicNoteTargets,
    private readonly versions: DescriptionVersionStore,
    private readonly events: EventLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_epic. The word diff from the version before `start_version_id` (or this one) to this one. */
  @Get(':versionId/diff')
  async diff(
    @CurrentActor() actor: Actor | null,
    @Param('group') group: string[],
    @Param('iid') iid: string,
    @Param('versionId') versionId: string,
    @Query('start_version_id') start?: string,
  ): Promise<DescriptionDiff> {
    const t = await this.targets.find(actor, group.join('/'), parseIid(iid));
    const id = parseVersionId(versionId, 'version_id');
    const startId = start === undefined || start === '' ? null : parseVersionId(start, 'start_version_id');
    const owner = { type: 'Epic' as const, id: t.epic.epic.id };
    const version = await this.versions.find(owner, id);
    if (!version || version.deletedAt) throw new AppError('NOT_FOUND');
    const before = await this.versions.descriptionBefore(owner, Math.min(startId ?? id, id));
    return { diff: descriptionDiffHtml(before, version.description ?? '') };
  }

  /** Policy: admin_epic (canDeleteEpicDescriptionVersion). Soft-deletes the version (with `start_version_id`, the merged run). */
  @Delete(':versionId')
  async remove(
    @CurrentActor() actor: Actor | null,
    @Param('group') group: string[],
    @Param('iid') iid: string,
    @Param('versionId') versionId: string,
    @Query('start_version_id') start?: string,
  ): Promise<Record<string, never>> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const t = await this.targets.find(actor, group.join('/'), parseIid(iid));
    const id = parseVersionId(versionId, 'version_id');
    const startId = start === undefined || start === '' ? null : parseVersionId(start, 'start_version_id');
    const version = await this.versions.find({ type: 'Epic', id: t.epic.epic.id }, id);
    if (!version || version.deletedAt) throw new AppError('NOT_FOUND');
    if (!canDeleteEpicDescriptionVersion(actor, epicGroupFacts(t.epic), t.epic.epic, version.authorId)) throw new AppError('FORBIDDEN');
    if (!t.actorUser) throw new AppError('UNAUTHORIZED');
    const user = actorBasic(this.config, t.actorUser);
    await this.events.transaction((tx) => this.versions.softDelete(tx, t.noteable, version, startId, user));
    return {};
  }
}
