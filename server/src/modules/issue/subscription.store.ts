import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { UserChannel } from '../../core/realtime/user-channel';
import { subscribedSql } from './subscribed-sql';

/** Per-user issue subscriptions (notifications on/off). Raw SQL: TypeORM never maps the table. */
@Injectable()
export class SubscriptionStore {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly channel: UserChannel,
  ) {}

  async isSubscribed(issueId: number, userId: number, m: EntityManager | DataSource = this.ds): Promise<boolean> {
    const [row] = (await m.query(`SELECT ${subscribedSql('$2::int')} AS subscribed FROM issues i WHERE i.id = $1`, [issueId, userId])) as Array<{ subscribed: boolean }>;
    return row?.subscribed === true;
  }

  /** Many issues for one user (the issue list's bulk form), in one query. */
  async subscribedIssueIds(issueIds: readonly number[], userId: number): Promise<Set<number>> {
    if (!issueIds.length) return new Set();
    const rows = (await this.ds.query(`SELECT i.id FROM issues i WHERE i.id = ANY($1::int[]) AND ${subscribedSql('$2::int')}`, [[...issueIds], userId])) as Array<{ id: number }>;
    return new Set(rows.map((r) => Number(r.id)));
  }

  /**
   * Records the user's explicit choice; returns false when it already was in that state
   * (GitLab's 304). One statement: the state is read and the row written together. A change
   * is pushed to the user's own sockets (`issue.subscription`), so their other tabs follow.
   */
  async set(issueId: number, userId: number, subscribed: boolean, issue: { projectPath: string; iid: number }): Promise<boolean> {
    const [row] = (await this.ds.query(
      `WITH cur AS (SELECT ${subscribedSql('$2::int')} AS s FROM issues i WHERE i.id = $1),
       put AS (INSERT INTO issue_subscriptions (issue_id, user_id, subscribed, updated_at)
         SELECT $1, $2, $3, now() FROM cur WHERE cur.s IS DISTINCT FROM $3::boolean
         ON CONFLICT (issue_id, user_id) DO UPDATE SET subscribed = EXCLUDED.subscribed, updated_at = now() RETURNING 1)
       SELECT (SELECT count(*) FROM put)::int AS changed`,
      [issueId, userId, subscribed],
    )) as Array<{ changed: number }>;
    const changed = Number(row?.changed ?? 0) > 0;
    if (changed) this.channel.subscription(userId, { project_path: issue.projectPath, iid: issue.iid, subscribed });
    return changed;
  }
}
