import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { pgPool } from '../../core/database/pg-pool';
import { DataSource } from 'typeorm';
import type { UserAvailability } from '@tandem/shared-types';

/** A user's status (GitLab's user_statuses): availability, an emoji, a message, and when it clears itself. */
export interface UserStatusRow {
  availability: UserAvailability;
  message: string | null;
  emoji: string | null;
  /** ISO time; null: it stays until changed. */
  clearStatusAt: string | null;
}

export const NO_STATUS: UserStatusRow = { availability: 'not_set', message: null, emoji: null, clearStatusAt: null };

/**
 * Reads and writes user_statuses (raw SQL: no entity, TypeORM never maps it). A status past its
 * clear_status_at reads as none (GitLab clears it with a cron job; here the read does, so no
 * reader ever sees an expired status and no job is needed).
 */
@Injectable()
export class UserStatusStore {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The statuses of many users in one query; users without a row (or with an expired one) have NO_STATUS. */
  async forUsers(userIds: readonly number[]): Promise<Map<number, UserStatusRow>> {
    const out = new Map<number, UserStatusRow>();
    if (!userIds.length) return out;
    // Named: every page that shows people asks (prepared once per connection)
    const { rows } = await pgPool(this.ds).query<{ user_id: number; availability: UserAvailability; message: string | null; emoji: string | null; clear_status_at: Date | string | null }>({
      name: 'user_status.for_users',
      text: 'SELECT user_id, availability, message, emoji, clear_status_at FROM user_statuses WHERE user_id = ANY($1::int[]) AND (clear_status_at IS NULL OR clear_status_at > now())',
      values: [[...new Set(userIds)]],
    });
    for (const r of rows) {
      out.set(Number(r.user_id), { availability: r.availability, message: r.message, emoji: r.emoji, clearStatusAt: r.clear_status_at ? new Date(r.clear_status_at).toISOString() : null });
    }
    return out;
  }

  /** Writes the status; `clearAfterMinutes` sets when it clears itself (null: never). */
  async set(userId: number, status: Omit<UserStatusRow, 'clearStatusAt'>, clearAfterMinutes: number | null): Promise<UserStatusRow> {
    const [row] = (await this.ds.query(
      `INSERT INTO user_statuses (user_id, availability, message, emoji, clear_status_at, updated_at)
       VALUES ($1, $2, $3, $4, CASE WHEN $5::int IS NULL THEN NULL ELSE now() + make_interval(mins => $5::int) END, now())
       ON CONFLICT (user_id) DO UPDATE SET availability = EXCLUDED.availability, message = EXCLUDED.message, emoji = EXCLUDED.emoji,
         clear_status_at = EXCLUDED.clear_status_at, updated_at = now()
       RETURNING clear_status_at`,
      [userId, status.availability, status.message, status.emoji, clearAfterMinutes],
    )) as Array<{ clear_status_at: Date | string | null }>;
    return { ...status, clearStatusAt: row?.clear_status_at ? new Date(row.clear_status_at).toISOString() : null };
  }
}
