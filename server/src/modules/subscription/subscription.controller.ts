import { Controller, Inject } from '@nestjs/common';
import type { ApiIssue } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import type { Actor } from '../../core/policy/policy';
import { authorizeOnIssue } from '../issue/issue-context';
import { IssueLoader } from '../issue/issue.loader';
import { toApiIssue } from '../issue/issue.mapper';
import { SubscriptionStore } from '../issue/subscription.store';
import { SubscribeRoutes } from './subscribe-routes';

/** GitLab REST: POST {issue}/subscribe and /unsubscribe (SubscribeRoutes). */
@Controller('api/v4/projects/:id/issues/:iid')
export class SubscriptionController extends SubscribeRoutes<ApiIssue> {
  constructor(
    private readonly loader: IssueLoader,
    private readonly store: SubscriptionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /** Policy: update_subscription (read_issue to find it). */
  protected async setSubscription(actor: Actor, id: string, iid: string, subscribed: boolean): Promise<ApiIssue | null> {
    const loaded = await this.loader.findReadable(actor, id, iid, { hydrate: true });
    authorizeOnIssue(actor, 'update_subscription', loaded);
    if (!(await this.store.set(loaded.issue.id, actor.id, subscribed, { projectPath: loaded.project.fullPath, iid: loaded.issue.iid }))) return null;
    return toApiIssue({ ...loaded.hydrated!, subscribed }, this.config.publicUrl);
  }
}
