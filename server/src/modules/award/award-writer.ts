import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EXCLUSIVE_AWARDS, type UserBasic } from '@tandem/shared-types';
import { EventStatement, type PlannedEvent } from '../../core/realtime/event-append';
import { EventLogService, type Tx } from '../../core/realtime/event-log.service';
import type { Actor } from '../../core/policy/policy';
import { User } from '../user/user.entity';
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
 * thumb's delete, and (the event log's append) the noteable's next event seqs and one
 * `award.toggled` event per change. What happens is decided against the rows as the statement
 * sees them, so a double click or two tabs cannot leave both thumbs or a duplicate (the unique
 * index settles a race on the insert).
 */
function awardCtes(p: (value: unknown) => string, awardable: Awardable, userId: number, name: string, other: string | null, mode: AwardMode): string {
  const [type, id, user, own, thumb, how] = [p(awardable.type), p(awardable.id), p(userId), p(name), p(other), p(mode)];
  return `cur AS (
      SELECT id, name FROM award_emoji WHERE awardable_type = ${type} AND awardable_id = ${id}::int AND user_id = ${user}::int AND name IN (${own}, ${thumb})),
    has AS (SELECT EXISTS (SELECT 1 FROM cur WHERE name = ${own}) AS v),
    del AS (DELETE FROM award_emoji a USING cur, has
      WHERE a.id = cur.id AND ((cur.name = ${own} AND ${how} <> 'add') OR (cur.name = ${thumb} AND ${how} <> 'remove' AND NOT has.v))
      RETURNING a.id, a.name),
    ins AS (INSERT INTO award_emoji (name, user_id, awardable_type, awardable_id)
      SELECT ${own}, ${user}::int, ${type}, ${id}::int FROM has WHERE ${how} <> 'remove' AND NOT has.v
      ON CONFLICT DO NOTHING RETURNING id, name, created_at, updated_at),
    changed AS (SELECT CASE WHEN name = ${own} THEN 'off' ELSE 'thumb_off' END AS key, id FROM del UNION ALL SELECT 'on', id FROM ins)`;
}

interface Row {
  award_id: number | null;
  award_created_at: Date | string | null;
  award_updated_at: Date | string | null;
}

/** Writes award changes for the award actions (one statement each), publishing their events after. */
@Injectable()
export class AwardWriter {
  constructor(
    private readonly events: EventLogService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /**
   * The awardable with the signed-in reactor's row: issues and epics read it with the noteable; a
   * merge request's target does not, so it is read here, only for a write (`tx`: on its connection).
   */
  async withReactor(actor: Actor | null, awardable: Awardable, tx?: Tx): Promise<Awardable> {
    if (awardable.actorUser || !actor || !awardable.canAward) return awardable;
    return { ...awardable, actorUser: await (tx?.manager ?? this.ds.manager).getRepository(User).findOneBy({ id: actor.id }) };
  }

  /** One statement on its own, or inside `tx` (a review's publish) when given: its events then publish after that COMMIT. */
  async write(awardable: Awardable, user: UserBasic, name: string, mode: AwardMode, tx?: Tx): Promise<AwardWrite> {
    const other = EXCLUSIVE_AWARDS[name] ?? null;
    const base = { awardable_type: awardable.type, awardable_id: awardable.id, user, ...(awardable.internal ? { internal: true as const } : {}) };
    const toggled = (key: string, n: string, on: boolean): PlannedEvent => ({ key, type: 'award.toggled', payload: { ...base, name: n, toggled_on: on } });
    // A change removes the award or the other thumb, then adds the award: at most one of each
    const events = [toggled('off', name, false), ...(other ? [toggled('thumb_off', other, false)] : []), toggled('on', name, true)];
    const st = new EventStatement({ noteable: awardable.noteable, actor: user, events });
    const own = awardCtes(st.param, awardable, user.id, name, other, mode);
    const text = `WITH ${own}, ${st.ctes()}
      SELECT ${st.columns}, (SELECT id FROM ins) AS award_id, (SELECT created_at FROM ins) AS award_created_at, (SELECT updated_at FROM ins) AS award_updated_at`;
    if (tx) await tx.flush();
    const out = (tx ? await st.run<Row>(tx, 'award.write', text) : await this.events.autocommit((t) => st.run<Row>(t, 'award.write', text)))!;
    const row = out.row;
    return {
      added: row.award_id === null ? null : { id: Number(row.award_id), name, createdAt: new Date(row.award_created_at!), updatedAt: new Date(row.award_updated_at!) },
      removed: [...(out.changed.has('off') ? [name] : []), ...(out.changed.has('thumb_off') ? [other!] : [])],
    };
  }
}
