import { Controller, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiMergeRequest } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { MergeRequestLoader } from './merge-request.loader';
import { toApiMergeRequest } from './merge-request.mapper';
import { MergeRequestSubscriptions } from './merge-request-subscriptions';
import { parseMergeRequestIid } from './merge-request.validation';

/**
 * GitLab REST: POST {merge request}/subscribe and /unsubscribe: 201 with the merge request (its
 * `subscribed` the new state), 304 (no body) when already in that state; 401 signed out, 404
 * when the merge request is not readable, 403 without update_subscription (a read-only token).
 */
@Controller('api/v4/projects/:id/merge_requests/:iid')
export class MergeRequestSubscriptionController {
  constructor(
    private readonly loader: MergeRequestLoader,
    private readonly store: MergeRequestSubscriptions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: update_subscription. */
  @Post('subscribe')
  @HttpCode(201)
  subscribe(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Res({ passthrough: true }) res: Response) {
    return this.toggle(actor, id, iid, true, res);
  }

  /** Policy: update_subscription. */
  @Post('unsubscribe')
  @HttpCode(201)
  unsubscribe(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Res({ passthrough: true }) res: Response) {
    return this.toggle(actor, id, iid, false, res);
  }

  private async toggle(actor: Actor | null, id: string, iid: string, subscribed: boolean, res: Response): Promise<ApiMergeRequest | undefined> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const l = await this.loader.findReadable(actor, id, parseMergeRequestIid(iid));
    MergeRequestLoader.authorize(actor, 'update_subscription', l);
    if (!(await this.store.setAndAnnounce(l.mr.id, actor.id, subscribed, { projectPath: l.project.fullPath, iid: l.mr.iid }))) {
      res.status(304);
      return undefined;
    }
    return { ...toApiMergeRequest(l.mr, l.project.fullPath, this.config.publicUrl), subscribed };
  }
}
