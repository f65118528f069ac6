import { Controller, Delete, Get, Inject, Param, Query } from '@nestjs/common';
import type { DescriptionDiff } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import { canDeleteDescriptionVersion, type Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { issueNoteable, parseIid } from '../../issue/issue-context';
import { IssueLoader } from '../../issue/issue.loader';
import { toUserBasic } from '../../user/user.mapper';
import { descriptionDiffHtml } from './description-diff';
import { DescriptionVersionStore } from './description-version.store';

/** The compare view of "changed the description" notes (noteablePaths().descriptionDiff / descriptionVersion). */
@Controller()
export class DescriptionVersionsController {
  constructor(
    private readonly loader: IssueLoader,
    private readonly versions: DescriptionVersionStore,
    private readonly events: EventLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_issue. The word diff from the version before `start_version_id` (or this one) to this one. */
  @Get('*project/-/issues/:iid/descriptions/:versionId/diff')
  async diff(
    @CurrentActor() actor: Actor | null,
    @Param('project') project: string[],
    @Param('iid') iid: string,
    @Param('versionId') versionId: string,
    @Query('start_version_id') start?: string,
  ): Promise<DescriptionDiff> {
    const ctx = await this.loader.findReadable(actor, project.join('/'), iid);
    const id = parseVersionId(versionId, 'version_id');
    const startId = start === undefined || start === '' ? null : parseVersionId(start, 'start_version_id');
    const version = await this.versions.find(ctx.issue.id, id);
    if (!version || version.deletedAt) throw new AppError('NOT_FOUND');
    const before = await this.versions.descriptionBefore(ctx.issue.id, Math.min(startId ?? id, id));
    return { diff: descriptionDiffHtml(before, version.description ?? '') };
  }

  /** Policy: update_issue for the version's author, admin_issue for anyone else (canDeleteDescriptionVersion). */
  @Delete('*project/-/issues/:iid/descriptions/:versionId')
  async remove(
    @CurrentActor() actor: Actor | null,
    @Param('project') project: string[],
    @Param('iid') iid: string,
    @Param('versionId') versionId: string,
    @Query('start_version_id') start?: string,
  ): Promise<Record<string, never>> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (parseIid(iid) === null) throw new AppError('ISSUE_NOT_FOUND');
    const ctx = await this.loader.findReadable(actor, project.join('/'), iid, { hydrate: false });
    const id = parseVersionId(versionId, 'version_id');
    const startId = start === undefined || start === '' ? null : parseVersionId(start, 'start_version_id');
    const version = await this.versions.find(ctx.issue.id, id);
    if (!version || version.deletedAt) throw new AppError('NOT_FOUND');
    if (!canDeleteDescriptionVersion(actor, ctx.projectFacts, ctx.facts, version.authorId)) throw new AppError('FORBIDDEN');
    const user = ctx.actorUser;
    if (!user) throw new AppError('UNAUTHORIZED');
    await this.events.transaction((tx) => this.versions.softDelete(tx, issueNoteable(ctx.issue, ctx.project), version, startId, toUserBasic(user, this.config.publicUrl)));
    return {};
  }
}

/** A version id from the path or query: a positive int4, else 400 naming the field. */
export function parseVersionId(v: string, field: string): number {
  const n = /^\d{1,10}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) throw new ValidationError({ [field]: ['must be a positive integer'] });
  return n;
}
