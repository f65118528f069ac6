import { Controller, Delete, Get, Inject, Param, Query, type Type } from '@nestjs/common';
import type { DescriptionDiff } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { CurrentActor, SignedInActor } from '../../../core/http/current-actor.decorator';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { toUserBasic } from '../../user/user.mapper';
import type { NoteableKind, NoteableTargets, RouteParams } from '../noteable-kind';
import { descriptionDiffHtml } from './description-diff';
import { DescriptionVersionStore } from './description-version.store';

/**
 * The compare view and soft delete of one noteable type's "changed the description" notes
 * (noteablePaths().descriptionDiff / descriptionVersion), at `{kind.page}/descriptions`.
 */
export function descriptionVersionsControllerFor(kind: NoteableKind): Type<unknown> {
  @Controller(`${kind.page}/descriptions`)
  class DescriptionVersionsController {
    constructor(
      @Inject(kind.targets) readonly targets: NoteableTargets,
      @Inject(DescriptionVersionStore) readonly versions: DescriptionVersionStore,
      @Inject(EventLogService) readonly events: EventLogService,
      @Inject(APP_CONFIG) readonly config: AppConfig,
    ) {}

    /** Policy: read_issue / read_epic. The word diff from the version before `start_version_id` (or this one) to this one. */
    @Get(':versionId/diff')
    async diff(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Param('versionId') versionId: string, @Query('start_version_id') start?: string): Promise<DescriptionDiff> {
      const t = await this.targets.fromPage(actor, params);
      const id = parseVersionId(versionId, 'version_id');
      const startId = start === undefined || start === '' ? null : parseVersionId(start, 'start_version_id');
      const owner = { type: kind.type, id: t.noteable.id };
      const version = await this.versions.find(owner, id);
      if (!version || version.deletedAt) throw new AppError('NOT_FOUND');
      const before = await this.versions.descriptionBefore(owner, Math.min(startId ?? id, id));
      return { diff: descriptionDiffHtml(before, version.description ?? '') };
    }

    /** Policy: update_issue for the version's author, admin_issue for anyone else; admin_epic on an epic (the targets' canDeleteDescriptionVersion). With `start_version_id`, the merged run. */
    @Delete(':versionId')
    async remove(@SignedInActor() actor: Actor, @Param() params: RouteParams, @Param('versionId') versionId: string, @Query('start_version_id') start?: string): Promise<Record<string, never>> {
      const t = await this.targets.fromPage(actor, params);
      const id = parseVersionId(versionId, 'version_id');
      const startId = start === undefined || start === '' ? null : parseVersionId(start, 'start_version_id');
      const version = await this.versions.find({ type: kind.type, id: t.noteable.id }, id);
      if (!version || version.deletedAt) throw new AppError('NOT_FOUND');
      if (!this.targets.canDeleteDescriptionVersion(actor, t, version.authorId)) throw new AppError('FORBIDDEN');
      const user = t.actorUser;
      if (!user) throw new AppError('UNAUTHORIZED');
      await this.events.transaction((tx) => this.versions.softDelete(tx, t.noteable, version, startId, toUserBasic(user, this.config.publicUrl)));
      return {};
    }
  }

  Object.defineProperty(DescriptionVersionsController, 'name', { value: `${kind.type}DescriptionVersionsController` });
  return DescriptionVersionsController;
}

/** A version id from the path or query: a positive int4, else 400 naming the field. */
export function parseVersionId(v: string, field: string): number {
  const n = /^\d{1,10}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) throw new ValidationError({ [field]: ['must be a positive integer'] });
  return n;
}
