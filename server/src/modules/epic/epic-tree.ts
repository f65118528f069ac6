import { EPIC_MAX_CHILDREN, EPIC_MAX_DEPTH, EPIC_TEXTS, type UserBasic } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import type { Tx } from '../../core/realtime/event-log.service';
import { epicNoteable } from './epic.mapper';
import { ancestorGroupIds, type EpicRow, type Queryable } from './epic.store';

/** The epic and its ancestors, itself first (ids). */
export async function epicAncestry(m: Queryable, epicId: number): Promise<number[]> {
  const rows = (await m.query(
    `WITH RECURSIVE up(id, parent_id, d) AS (SELECT id, parent_id, 0 FROM epics WHERE id = $1
       UNION ALL SELECT e.id, e.parent_id, up.d + 1 FROM epics e JOIN up ON e.id = up.parent_id WHERE up.d < 100)
     SELECT id FROM up ORDER BY d`,
    [epicId],
  )) as Array<{ id: number }>;
  return rows.map((r) => Number(r.id));
}

/** The epic's descendants (ids, nearest first), not itself. */
export async function epicDescendants(m: Queryable, epicId: number): Promise<number[]> {
  const rows = (await m.query(
    `WITH RECURSIVE down(id, d) AS (SELECT id, 1 FROM epics WHERE parent_id = $1
       UNION ALL SELECT e.id, down.d + 1 FROM epics e JOIN down ON e.parent_id = down.id WHERE down.d < 100)
     SELECT id, d FROM down ORDER BY d, id`,
    [epicId],
  )) as Array<{ id: number }>;
  return rows.map((r) => Number(r.id));
}

/** Levels in the epic's subtree: 1 for an epic without children. */
async function subtreeHeight(m: Queryable, epicId: number): Promise<number> {
  const rows = (await m.query(
    `WITH RECURSIVE down(id, d) AS (SELECT id, 1 FROM epics WHERE id = $1
       UNION ALL SELECT e.id, down.d + 1 FROM epics e JOIN down ON e.parent_id = down.id WHERE down.d < 100)
     SELECT MAX(d) AS h FROM down`,
    [epicId],
  )) as Array<{ h: number }>;
  return Number(rows[0]?.h ?? 1);
}

/**
 * Why `child` may not become `parent`'s child, as GitLab's Epic#validate_parent and the
 * children count tell it (409s), or nothing. Call it inside the write transaction after
 * locking the parent row, so two adds cannot both pass the count.
 */
export async function childLinkProblem(m: Queryable, parent: EpicRow, child: EpicRow): Promise<AppError | null> {
  const invalid = (text: string) => new AppError('EPIC_LINK_INVALID', text);
  if (parent.id === child.id) return invalid(EPIC_TEXTS.childIsSelf);
  if (child.parentId === parent.id) return invalid(EPIC_TEXTS.childAlreadyAssigned);
  const ancestry = await epicAncestry(m, parent.id);
  if (ancestry.includes(child.id)) return invalid(EPIC_TEXTS.childIsAncestor);
  if (!(await ancestorGroupIds(m, child.groupId)).includes(parent.groupId)) return invalid(EPIC_TEXTS.childOutOfHierarchy);
  if (!child.confidential && parent.confidential) return invalid(EPIC_TEXTS.childConfidential);
  if (ancestry.length + (await subtreeHeight(m, child.id)) > EPIC_MAX_DEPTH) return invalid(EPIC_TEXTS.childTooDeep(EPIC_MAX_DEPTH));
  const [{ n }] = (await m.query('SELECT COUNT(*)::int AS n FROM epics WHERE parent_id = $1', [parent.id])) as [{ n: number }];
  if (Number(n) >= EPIC_MAX_CHILDREN) return new AppError('EPIC_CHILD_LIMIT');
  return null;
}

/** A new child epic (no children, in the parent's group): its confidentiality, the depth and the count. */
export async function newChildProblem(m: Queryable, parent: EpicRow, confidential: boolean): Promise<AppError | null> {
  if (!confidential && parent.confidential) return new AppError('EPIC_LINK_INVALID', EPIC_TEXTS.childConfidential);
  if ((await epicAncestry(m, parent.id)).length + 1 > EPIC_MAX_DEPTH) return new AppError('EPIC_LINK_INVALID', EPIC_TEXTS.childTooDeep(EPIC_MAX_DEPTH));
  const [{ n }] = (await m.query('SELECT COUNT(*)::int AS n FROM epics WHERE parent_id = $1', [parent.id])) as [{ n: number }];
  if (Number(n) >= EPIC_MAX_CHILDREN) return new AppError('EPIC_CHILD_LIMIT');
  return null;
}

/**
 * Tells the open pages of the epic's ancestors (not the epic itself) that something below them
 * changed: an `epic.updated` {descendants_changed} on each, in the write's transaction, so an
 * ancestor's tree refetches the levels it shows. The event names no descendant: each watcher
 * is a reader of the ancestor whose room it reaches, and what the refetch returns is filtered
 * by read_epic, so a confidential grandchild never reaches one who may not read it.
 */
export async function recordDescendantsChanged(tx: Tx, epicId: number, actor: UserBasic | null): Promise<void> {
  const rows = (await tx.manager.query(
    `WITH RECURSIVE up(id, parent_id, d) AS (SELECT id, parent_id, 0 FROM epics WHERE id = $1
       UNION ALL SELECT e.id, e.parent_id, up.d + 1 FROM epics e JOIN up ON e.id = up.parent_id WHERE up.d < 100)
     SELECT e.id, e.iid, n.full_path AS group_path, e.updated_at FROM up JOIN epics e ON e.id = up.id JOIN namespaces n ON n.id = e.group_id
     WHERE up.d > 0 ORDER BY up.d`,
    [epicId],
  )) as Array<{ id: number; iid: number; group_path: string; updated_at: Date }>;
  for (const a of rows) {
    const noteable = epicNoteable({ id: Number(a.id), iid: Number(a.iid), groupPath: a.group_path });
    tx.recordLater(noteable, 'epic.updated', { fields: { descendants_changed: true, updated_at: new Date(a.updated_at).toISOString() } }, actor);
  }
}
