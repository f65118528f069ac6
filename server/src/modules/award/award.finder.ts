import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { NoteAward } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { pgPool } from '../../core/database/pg-pool';
import { toUserBasic } from '../user/user.mapper';
import { USER_COLUMNS, userFromRow, type UserRow } from '../user/user.row';
import { toNoteAward, type AwardRecord } from './award.mapper';

const SELECT = `SELECT a.id AS award_id, a.name AS award_name, a.awardable_type, a.awardable_id, a.created_at AS award_created_at,
    a.updated_at AS award_updated_at, ${USER_COLUMNS}
  FROM award_emoji a JOIN users u ON u.id = a.user_id`;

type Row = UserRow & { award_id: number; award_name: string; awardable_type: 'Issue' | 'Note' | 'Epic'; awardable_id: number; award_created_at: Date | string; award_updated_at: Date | string };

/** Reads awards (oldest first, as GitLab lists them). Visibility is the caller's: it checked the awardable. */
@Injectable()
export class AwardFinder {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Awards of many notes in one statement (discussions.json fills ApiNote.award_emoji with it). */
  async forNotes(noteIds: readonly number[]): Promise<Map<number, NoteAward[]>> {
    const out = new Map<number, NoteAward[]>();
    if (!noteIds.length) return out;
    const rows = await this.query('award.notes', `${SELECT} WHERE a.awardable_type = 'Note' AND a.awardable_id = ANY($1::int[]) ORDER BY a.id`, [[...noteIds]]);
    for (const r of rows) {
      const list = out.get(r.awardableId) ?? [];
      list.push(toNoteAward(r));
      out.set(r.awardableId, list);
    }
    return out;
  }

  /** The awards on an issue itself (the awards bar under its description). */
  async forIssue(issueId: number): Promise<NoteAward[]> {
    return (await this.list('Issue', issueId)).map(toNoteAward);
  }

  /** Every award on one awardable, with its user (REST). */
  async list(type: 'Issue' | 'Note' | 'Epic' | 'MergeRequest', id: number): Promise<AwardRecord[]> {
    return this.query('award.list', `${SELECT} WHERE a.awardable_type = $1 AND a.awardable_id = $2::int ORDER BY a.id`, [type, id]);
  }

  /** One award of an awardable by its id, or null. */
  async find(type: 'Issue' | 'Note' | 'Epic', id: number, awardId: number): Promise<AwardRecord | null> {
    if (!Number.isSafeInteger(awardId) || awardId <= 0 || awardId > 2_147_483_647) return null;
    const rows = await this.query('award.one', `${SELECT} WHERE a.awardable_type = $1 AND a.awardable_id = $2::int AND a.id = $3::int`, [type, id, awardId]);
    return rows[0] ?? null;
  }

  private async query(name: string, text: string, values: unknown[]): Promise<AwardRecord[]> {
    const { rows } = await pgPool(this.ds).query<Row>({ name, text, values });
    return rows.map((r) => ({
      id: Number(r.award_id),
      name: r.award_name,
      awardableType: r.awardable_type,
      awardableId: Number(r.awardable_id),
      createdAt: new Date(r.award_created_at),
      updatedAt: new Date(r.award_updated_at),
      user: toUserBasic(userFromRow(r), this.config.publicUrl),
    }));
  }
}
