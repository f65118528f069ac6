import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { UserChannel } from '../../core/realtime/user-channel';

type Queryable = Pick<EntityManager, 'query'>;

/**
 * Whether a user gets a merge request's notifications, as a SQL expression over `merge_requests mr`
 * and the user id `$n`: their explicit choice (merge_request_subscriptions), else GitLab's default:
 * a participant (author, assignee, reviewer, or author of a comment) is subscribed.
 */
export const mergeRequestSubscribedSql = (userParam: string) => `COALESCE(
  (SELECT s.subscribed FROM merge_request_subscriptions s WHERE s.merge_request_id = mr.id AND s.user_id = ${userParam}),
  mr.author_id = ${userParam}
    OR EXISTS (SELECT 1 FROM merge_request_assignees sa WHERE sa.merge_request_id = mr.id AND sa.user_id = ${userParam})
    OR EXISTS (SELECT 1 FROM merge_request_reviewers sr WHERE sr.merge_request_id = mr.id AND sr.user_id = ${userParam})
    OR EXISTS (SELECT 1 FROM notes sn WHERE sn.noteable_type = 'MergeRequest' AND sn.noteable_id = mr.id AND sn.author_id = ${userParam} AND NOT sn.system))`;

/**
 * Per-user merge request subscriptions (notifications on/off: the sidebar, REST, GraphQL,
 * /subscribe). Raw SQL: TypeORM never maps the table. The notification worker reads the same
 * table (notification-recipients.ts).
 */
@Injectable()
export class MergeRequestSubscriptions {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly channel: UserChannel,
  ) {}

  async isSubscribed(mergeRequestId: number, userId: number, m: Queryable = this.ds): Promise<boolean> {
    const [row] = (await m.query(`SELECT ${mergeRequestSubscribedSql('$2::int')} AS subscribed FROM merge_requests mr WHERE mr.id = $1`, [mergeRequestId, userId])) as Array<{ subscribed: boolean }>;
    return row?.subscribed === true;
  }

  /**
   * Records the user's explicit choice; false when it already was in that state (GitLab's 304).
   * One statement: the state is read and the row written together. On the caller's connection
   * when given (a comment's transaction: its caller pushes the signal after the commit, `announce`).
   */
  async set(mergeRequestId: number, userId: number, subscribed: boolean, m: Queryable = this.ds): Promise<boolean> {
    const [row] = (await m.query(
      `WITH cur AS (SELECT ${mergeRequestSubscribedSql('$2::int')} AS s FROM merge_requests mr WHERE mr.id = $1),
       put AS (INSERT INTO merge_request_subscriptions (merge_request_id, user_id, subscribed, updated_at)
         SELECT $1, $2, $3, now() FROM cur WHERE cur.s IS DISTINCT FROM $3::boolean
         ON CONFLICT (merge_request_id, user_id) DO UPDATE SET subscribed = EXCLUDED.subscribed, updated_at = now() RETURNING 1)
       SELECT (SELECT count(*) FROM put)::int AS changed`,
      [mergeRequestId, userId, subscribed],
    )) as Array<{ changed: number }>;
    return Number(row?.changed ?? 0) > 0;
  }

  /** A change reaches the user's own other tabs (`merge_request.subscription`), after it committed. */
  announce(userId: number, mr: { projectPath: string; iid: number }, subscribed: boolean): void {
    this.channel.mergeRequestSubscription(userId, { project_path: mr.projectPath, iid: mr.iid, subscribed });
  }

  /** Set and, when it changed, announced (the REST, GraphQL and sidebar path: no transaction of their own). */
  async setAndAnnounce(mergeRequestId: number, userId: number, subscribed: boolean, mr: { projectPath: string; iid: number }): Promise<boolean> {
    const changed = await this.set(mergeRequestId, userId, subscribed);
    if (changed) this.announce(userId, mr, subscribed);
    return changed;
  }
}
