import { Injectable } from '@nestjs/common';
import { EXCLUSIVE_AWARDS, type AnyRealtimeEvent, type UserBasic } from '@tandem/shared-types';
import { EventLogService, SEQ_TABLE } from '../../core/realtime/event-log.service';
import type { Awardable } from './awardable.loader';

/** toggle: add if absent else remove; add: only add; remove: only remove. */
export type AwardMode = 'toggle' | 'add' | 'remove';

export interface AwardWrite {
  /** The award added (toggle/add), with its row facts; null when none was. */
  added: { id: number; name: string; createdAt: Date; updatedAt: Date } | null;
  /** Names removed: the award itself (toggle off, remove), or the exclusive other thumb. */
  removed: string[];
}

/**
 * The award change as ONE statement (no BEGIN/COMMIT): the insert or delete, the exclusive
 * thumb's delete, the issue's next event seqs and one `award.toggled` event per change. What
 * happens is decided against the rows as the statement sees them, so a double click or two tabs
 * cannot leave both thumbs or a duplicate (the unique index settles a race on the insert).
 */
const TEXT = `WITH cur AS (
    SELECT id, name FROM award_emoji WHERE awardable_type = $1 AND awardable_id = $2::int AND user_id = $3::int AND name IN ($4, $5)),
  has AS (SELECT EXISTS (SELECT 1 FROM cur WHERE name = $4) AS v),
  del AS (DELETE FROM award_emoji a USING cur, has
    WHERE a.id = cur.id AND ((cur.name = $4 AND $6 <> 'add') OR (cur.name = $5 AND $6 <> 'remove' AND NOT has.v))
    RETURNING a.name),
  ins AS (INSERT INTO award_emoji (name, user_id, awardable_type, awardable_id)
    SELECT $4, $3::int, $1, $2::int FROM has WHERE $6 <> 'remove' AND NOT has.v
    ON CONFLICT DO NOTHING RETURNING id, name, created_at, updated_at),
  changes AS (SELECT name, false AS toggled_on, 1 AS k FROM del UNION ALL SELECT name, true, 2 FROM ins),
  numbered AS (SELECT name, toggled_on, row_number() OVER (ORDER BY k, name) AS ord, count(*) OVER () AS n FROM changes),
  seq AS (UPDATE __SEQ_TABLE__ SET event_seq = event_seq + (SELECT count(*)::int FROM changes)
    WHERE id = $7::int AND EXISTS (SELECT 1 FROM changes) RETURNING event_seq),
  ev AS (INSERT INTO issue_events (noteable_type, noteable_id, seq, type, payload, actor_id, created_at)
    SELECT $11::text, $7::int, seq.event_seq - nb.n::int + nb.ord::int, 'award.toggled',
      jsonb_build_object('payload', $10::jsonb || jsonb_build_object('name', nb.name, 'toggled_on', nb.toggled_on),
        'actor', $8::jsonb, 'issue', $9::jsonb), $3::int, now()
    FROM seq, numbered nb RETURNING seq)
  SELECT (SELECT json_agg(json_build_object('name', name, 'toggled_on', toggled_on) ORDER BY ord) FROM numbered) AS changes,
    (SELECT max(event_seq) FROM seq) AS head,
    (SELECT count(*)::int FROM ev) AS appended,
    to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
    (SELECT id FROM ins) AS award_id, (SELECT created_at FROM ins) AS award_created_at, (SELECT updated_at FROM ins) AS award_updated_at`;

interface Row {
  changes: Array<{ name: string; toggled_on: boolean }> | string | null;
  head: number | null;
  appended: number;
  at: string;
  award_id: number | null;
  award_created_at: Date | string | null;
  award_updated_at: Date | string | null;
}

/** Writes award changes for the award actions (one statement each), publishing their events after. */
@Injectable()
export class AwardWriter {
  constructor(private readonly events: EventLogService) {}

  async write(awardable: Awardable, user: UserBasic, name: string, mode: AwardMode): Promise<AwardWrite> {
    const other = EXCLUSIVE_AWARDS[name] ?? null;
    const base = { awardable_type: awardable.type, awardable_id: awardable.id, user, ...(awardable.internal ? { internal: true as const } : {}) };
    return this.events.autocommit(async (tx) => {
      const table = SEQ_TABLE[awardable.noteable.type];
      const [row] = await tx.query<Row>(`award.write.${table}`, TEXT.replace('__SEQ_TABLE__', table), [
        awardable.type, awardable.id, user.id, name, other, mode, awardable.noteable.id, JSON.stringify(user), JSON.stringify(awardable.noteable.ref), JSON.stringify(base), awardable.noteable.type,
      ]);
      const changes = (typeof row!.changes === 'string' ? JSON.parse(row!.changes) : row!.changes ?? []) as Array<{ name: string; toggled_on: boolean }>;
      if (changes.length && row!.head !== null) {
        const first = Number(row!.head) - changes.length + 1;
        tx.recordAppended(
          awardable.noteable,
          changes.map(
            (c, k) =>
              ({
                type: 'award.toggled',
                seq: first + k,
                issue: awardable.noteable.ref,
                payload: { ...base, name: c.name, toggled_on: c.toggled_on },
                actor: user,
                at: row!.at,
              }) as AnyRealtimeEvent,
          ),
        );
      }
      return {
        added: row!.award_id === null ? null : { id: Number(row!.award_id), name, createdAt: new Date(row!.award_created_at!), updatedAt: new Date(row!.award_updated_at!) },
        removed: changes.filter((c) => !c.toggled_on).map((c) => c.name),
      };
    });
  }
}
