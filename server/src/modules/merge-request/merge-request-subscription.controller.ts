import { Controller, Inject } from '@nestjs/common';
import type { ApiMergeRequest } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import type { Actor } from '../../core/policy/policy';
import { MergeRequestLoader } from './merge-request.loader';
import { toApiMergeRequest } from './merge-request.mapper';
import { MergeRequestSubscriptions } from './merge-request-subscriptions';
import { parseMergeRequestIid } from './merge-request.validation';
import { SubscribeRoutes } from '../subscription/subscribe-routes';

/**
 * GitLab REST: POST {merge request}/subscribe and /unsubscribe (SubscribeRoutes): 201 with the
 * merge request (its `subscribed` the new state), 304 when already in that state; 404 when the
 * merge request is not readable, 403 without update_subscription (a read-only token).
 */
@Controller('api/v4/projects/:id/merge_requests/:iid')
export class MergeRequestSubscriptionController extends SubscribeRoutes<ApiMergeRequest> {
  constructor(
    private readonly loader: MergeRequestLoader,
    private readonly store: MergeRequestSubscriptions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /** Policy: update_subscription (read_merge_request to find it). */
  protected async setSubscription(actor: Actor, id: string, iid: string, subscribed: boolean): Promise<ApiMergeRequest | null> {
    const l = await this.loader.findReadable(actor, id, parseMergeRequestIid(iid));
    MergeRequestLoader.authorize(actor, 'update_subscription', l);
    if (!(await this.store.setAndAnnounce(l.mr.id, actor.id, subscribed, { projectPath: l.project.fullPath, iid: l.mr.iid }))) return null;
    return { ...toApiMergeRequest(l.mr, l.project.fullPath, this.config.publicUrl), subscribed };
  }
}
