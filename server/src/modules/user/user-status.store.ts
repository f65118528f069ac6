import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { UserAvailability } from '@tandem/shared-types';

/** A user's status (GitLab's user_statuses): availability and an optional message. */
export interface UserStatusRow {
  availability: UserAvailability;
  message: string | null;
}

export const NO_STATUS: UserStatusRow = { availability: 'not_set', message: null };

/** Reads and writes user_statuses (raw SQL: no entity, TypeORM never maps it). */
@Injectable()
export class UserStatusStore {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The statuses of many users in one query; users without a row have NO_STATUS. */
  async forUsers(userIds: readonly number[]): Promise<Map<number, UserStatusRow>> {
    const out = new Map<number, UserStatusRow>();
    if (!userIds.length) return out;
    const rows = (await this.ds.query('SELECT user_id, availability, message FROM user_statuses WHERE user_id = ANY($1::int[])', [[...new Set(userIds)]])) as Array<{
      user_id: number;
      availability: UserAvailability;
      message: string | null;
    }>;
    for (const r of rows) out.set(Number(r.user_id), { availability: r.availability, message: r.message });
    return out;
  }

  async set(userId: number, status: UserStatusRow): Promise<UserStatusRow> {
    await this.ds.query(
      `INSERT INTO user_statuses (user_id, availability, message, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id) DO UPDATE SET availability = EXCLUDED.availability, message = EXCLUDED.message, updated_at = now()`,
      [userId, status.availability, status.message],
    );
    return status;
  }
}
