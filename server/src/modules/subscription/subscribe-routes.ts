import { HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';

/**
 * GitLab REST's POST {noteable}/subscribe and /unsubscribe, for a controller on the noteable's
 * path (`api/v4/projects/:id/issues/:iid`, `.../merge_requests/:iid`): 201 with the noteable in
 * its new state, 304 (no body) when it was in that state already, 401 signed out. The noteable's
 * controller loads it (404 when it may not be read), checks update_subscription in the policy
 * module and writes: `setSubscription`.
 */
export abstract class SubscribeRoutes<T> {
  /** The noteable after the change, or null when it was in that state already. */
  protected abstract setSubscription(actor: Actor, id: string, iid: string, subscribed: boolean): Promise<T | null>;

  /** Policy: update_subscription. */
  @Post('subscribe')
  @HttpCode(201)
  subscribe(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Res({ passthrough: true }) res: Response): Promise<T | undefined> {
    return this.toggle(actor, id, iid, true, res);
  }

  /** Policy: update_subscription. */
  @Post('unsubscribe')
  @HttpCode(201)
  unsubscribe(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Res({ passthrough: true }) res: Response): Promise<T | undefined> {
    return this.toggle(actor, id, iid, false, res);
  }

  private async toggle(actor: Actor | null, id: string, iid: string, subscribed: boolean, res: Response): Promise<T | undefined> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const changed = await this.setSubscription(actor, id, iid, subscribed);
    if (changed === null) {
      res.status(304);
      return undefined;
    }
    return changed;
  }
}
