import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { User } from '../../user/user.entity';
import { USER_COLUMNS, userFromRow, type UserRow } from '../../user/user.row';

export interface TimelogRow {
  id: number;
  timeSpent: number;
  spentAt: string;
  summary: string | null;
  createdAt: Date;
  user: User | null;
}

interface Row {
  t_id: number;
  t_time_spent: number;
  t_spent_at: string;
  t_summary: string | null;
  t_created_at: Date | string;
  t_user_id: number | null;
}

/** An issue's time logs, oldest first, with their users (one statement). */
@Injectable()
export class TimelogFinder {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async forIssue(issueId: number): Promise<TimelogRow[]> {
    const rows = (await this.ds.query(
      `SELECT t.id AS t_id, t.time_spent AS t_time_spent, to_char(t.spent_at, 'YYYY-MM-DD') AS t_spent_at, t.summary AS t_summary,
         t.created_at AS t_created_at, t.user_id AS t_user_id, ${USER_COLUMNS}
       FROM timelogs t LEFT JOIN users u ON u.id = t.user_id WHERE t.issue_id = $1 ORDER BY t.id`,
      [issueId],
    )) as Array<Row & UserRow>;
    return rows.map((r) => ({
      id: Number(r.t_id),
      timeSpent: Number(r.t_time_spent),
      spentAt: r.t_spent_at,
      summary: r.t_summary,
      createdAt: new Date(r.t_created_at),
      user: r.t_user_id === null ? null : userFromRow(r),
    }));
  }
}
