import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { NOTIFICATION_TEXTS as T } from '@tandem/shared-types';
import { SubscriptionStore } from '../issue/subscription.store';
import { MergeRequestSubscriptions } from '../merge-request/merge-request-subscriptions';
import { escapeHtml } from '../web/page-data';
import { NotificationWorker } from './notification.worker';
import { verifyUnsubscribe } from './unsubscribe-token';

/**
 * The unsubscribe link of every notification mail: works without signing in (the signed token
 * names the user and the issue or merge request), in one click (GET from the mail, POST from a mail client's
 * List-Unsubscribe-Post, RFC 8058). It records the user's explicit unsubscribe, which stops
 * every mail about the issue (merge request) but a mention (notification-rules.ts).
 */
@Controller('-/unsubscribe')
export class UnsubscribeController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly worker: NotificationWorker,
    private readonly subscriptions: SubscriptionStore,
    private readonly mergeRequestSubscriptions: MergeRequestSubscriptions,
  ) {}

  /** Policy: public (the signed token is the credential: it only unsubscribes the user it names). */
  @Get(':token')
  async page(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const ref = await this.unsubscribe(token);
    res.setHeader('Cache-Control', 'no-store');
    res.status(ref ? 200 : 404).type('html');
    const text = ref ? T.unsubscribed(ref) : T.badLink;
    res.send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(T.unsubscribedTitle)}</title></head><body><main><p data-testid="unsubscribe-result">${escapeHtml(text)}</p></main></body></html>`);
  }

  /** Policy: public (as GET: the signed token is the credential). One-click unsubscribe (RFC 8058). */
  @Post(':token')
  @HttpCode(200)
  async oneClick(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const ref = await this.unsubscribe(token);
    res.status(ref ? 200 : 404).json({ message: ref ? T.unsubscribed(ref) : T.badLink });
  }

  /** The reference (`group/project#iid`, `group/project!iid`) once unsubscribed, or null for a bad token or a deleted issue or merge request. */
  private async unsubscribe(token: string): Promise<string | null> {
    const who = verifyUnsubscribe(await this.worker.unsubscribeSecret(), token);
    if (!who) return null;
    const mr = who.type === 'MergeRequest';
    const [row] = (await this.ds.query(
      mr
        ? 'SELECT mr.iid, p.full_path FROM merge_requests mr JOIN projects p ON p.id = mr.target_project_id JOIN users u ON u.id = $2 WHERE mr.id = $1'
        : 'SELECT i.iid, p.full_path FROM issues i JOIN projects p ON p.id = i.project_id JOIN users u ON u.id = $2 WHERE i.id = $1',
      [who.id, who.userId],
    )) as Array<{ iid: number; full_path: string }>;
    if (!row) return null;
    const ref = { projectPath: row.full_path, iid: Number(row.iid) };
    if (mr) await this.mergeRequestSubscriptions.setAndAnnounce(who.id, who.userId, false, ref);
    else await this.subscriptions.set(who.id, who.userId, false, ref);
    return `${row.full_path}${mr ? '!' : '#'}${row.iid}`;
  }
}
