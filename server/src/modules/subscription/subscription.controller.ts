import { Controller, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiIssue } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { authorizeOnIssue } from '../issue/issue-context';
import { IssueLoader } from '../issue/issue.loader';
import { toApiIssue } from '../issue/issue.mapper';
import { SubscriptionStore } from '../issue/subscription.store';

/** GitLab REST: POST {issue}/subscribe and /unsubscribe; 304 (no body) when already in that state. */
@Controller('api/v4/projects/:id/issues/:iid')
export class SubscriptionController {
  constructor(
    private readonly loader: IssueLoader,
    private readonly store: SubscriptionStore,
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

  private async toggle(actor: Actor | null, id: string, iid: string, subscribed: boolean, res: Response): Promise<ApiIssue | undefined> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const loaded = await this.loader.findReadable(actor, id, iid, { hydrate: true });
    authorizeOnIssue(actor, 'update_subscription', loaded);
    if (!(await this.store.set(loaded.issue.id, actor.id, subscribed, { projectPath: loaded.project.fullPath, iid: loaded.issue.iid }))) {
      res.status(304);
      return undefined;
    }
    return toApiIssue({ ...loaded.hydrated!, subscribed }, this.config.publicUrl);
  }
}
