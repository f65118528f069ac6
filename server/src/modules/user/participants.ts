import type { DataSource } from 'typeorm';
import { USER_COLUMNS, type UserRow } from './user.row';

/**
 * A noteable's participants (GitLab's `participants` on issues and merge requests), in order of
 * first involvement: the people its own tables name, in the order given, then whoever commented
 * (system notes never count; internal notes' authors only when `withInternal`). `involved` are
 * SELECTs of `(id, k)` for the noteable `$1`, `k` ordering within one of them.
 */
export async function readParticipants(ds: DataSource, noteable: { type: 'Issue' | 'MergeRequest'; id: number }, involved: readonly string[], withInternal: boolean): Promise<UserRow[]> {
  const parts = involved.map((sql, ord) => `SELECT p.id, ${ord} AS ord, p.k FROM (${sql}) p(id, k)`);
  parts.push(`SELECT n.author_id, ${involved.length}, n.id FROM notes n
      WHERE n.noteable_type = $3 AND n.noteable_id = $1 AND NOT n.system AND (NOT n.internal OR $2::boolean)`);
  const sql = `WITH involved AS (${parts.join('\n    UNION ALL ')})
  SELECT ${USER_COLUMNS}, min(v.ord * 2147483647::bigint + v.k) AS first FROM involved v JOIN users u ON u.id = v.id
  GROUP BY u.id ORDER BY first`;
  return (await ds.query(sql, [noteable.id, withInternal, noteable.type])) as UserRow[];
}
