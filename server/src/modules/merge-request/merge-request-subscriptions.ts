import type { EntityManager } from 'typeorm';

type Queryable = Pick<EntityManager, 'query'>;

/**
 * Whether a user gets a merge request's notifications, as a SQL expression over `merge_requests mr`
 * and the user id `$n`: their explicit choice (merge_request_subscriptions), else GitLab's default:
 * a participant (author, assignee, reviewer, or author of a comment) is subscribed.
 */
const subscribedSql = (userParam: string) => `COALESCE(
  (SELECT s.subscribed FROM merge_request_subscriptions s WHERE s.merge_request_id = mr.id AND s.user_id = ${userParam}),
  mr.author_id = ${userParam}
    OR EXISTS (SELECT 1 FROM merge_request_assignees sa WHERE sa.merge_request_id = mr.id AND sa.user_id = ${userParam})
    OR EXISTS (SELECT 1 FROM merge_request_reviewers sr WHERE sr.merge_request_id = mr.id AND sr.user_id = ${userParam})
    OR EXISTS (SELECT 1 FROM notes sn WHERE sn.noteable_type = 'MergeRequest' AND sn.noteable_id = mr.id AND sn.author_id = ${userParam} AND NOT sn.system))`;

/** Per-user merge request subscriptions (/subscribe, /unsubscribe). Raw SQL: TypeORM never maps the table. */
export const mergeRequestSubscriptions = {
  async isSubscribed(m: Queryable, mergeRequestId: number, userId: number): Promise<boolean> {
    const [row] = (await m.query(`SELECT ${subscribedSql('$2::int')} AS subscribed FROM merge_requests mr WHERE mr.id = $1`, [mergeRequestId, userId])) as Array<{ subscribed: boolean }>;
    return row?.subscribed === true;
  },

  /** Records the user's explicit choice (on the caller's connection: the comment's transaction); false when it already was so. */
  async set(m: Queryable, mergeRequestId: number, userId: number, subscribed: boolean): Promise<boolean> {
    const [row] = (await m.query(
      `WITH cur AS (SELECT ${subscribedSql('$2::int')} AS s FROM merge_requests mr WHERE mr.id = $1),
       put AS (INSERT INTO merge_request_subscriptions (merge_request_id, user_id, subscribed, updated_at)
         SELECT $1, $2, $3, now() FROM cur WHERE cur.s IS DISTINCT FROM $3::boolean
         ON CONFLICT (merge_request_id, user_id) DO UPDATE SET subscribed = EXCLUDED.subscribed, updated_at = now() RETURNING 1)
       SELECT (SELECT count(*) FROM put)::int AS changed`,
      [mergeRequestId, userId, subscribed],
    )) as Array<{ changed: number }>;
    return Number(row?.changed ?? 0) > 0;
  },
};
