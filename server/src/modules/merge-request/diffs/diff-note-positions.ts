import type { ApiDiffPosition, ApiDiffRefs, UserBasic } from '@tandem/shared-types';
import type { Tx } from '../../../core/realtime/write-tx';
import type { GitRepository } from '../../repository';
import { Note } from '../../note/note.entity';
import { noteablePlace, toApiNote, userIdsOf } from '../../note/note.mapper';
import { toUserBasic } from '../../user/user.mapper';
import { USER_COLUMNS, userFromRow, type UserRow } from '../../user/user.row';
import type { Noteable } from '../../../core/realtime/event-append';
import { traceDiffPosition, type FileChange, type NewDiffFile, type TraceInput } from './position-tracer';

/** One side's changes between two versions, by old path (nothing when the versions are the same). */
async function changesBetween(repo: GitRepository, from: string, to: string): Promise<Map<string, FileChange>> {
  if (from === to) return new Map();
  if (!(await repo.resolve(from))) return new Map([['*', { oldPath: '*', newPath: '*', deleted: true, diff: '' }]]);
  const files = await repo.diff(from, to);
  return new Map(files.map((f) => [f.oldPath, { oldPath: f.oldPath, newPath: f.newPath, deleted: f.deletedFile, diff: f.diff, sameContent: f.sameContent ?? false }]));
}

export interface PositionUpdateContext {
  noteable: Noteable;
  publicUrl: string;
  actor: UserBasic;
}

/**
 * After the merge request's source branch moved (GitLab's Discussions::UpdateDiffPositionService),
 * in the refresh's transaction: every active diff thread is traced to the new diff; those that
 * follow get the new position, the others are marked outdated (their position stays on the old
 * version). Each changed note is a `note.updated` event, so open pages move or mark it at once.
 * Returns how many threads followed and how many became outdated.
 */
export async function updateDiffNotePositions(
  tx: Tx,
  repo: GitRepository,
  mergeRequestId: number,
  target: { newDiff: readonly NewDiffFile[]; refs: ApiDiffRefs },
  ctx: PositionUpdateContext,
): Promise<{ followed: number; outdated: number }> {
  const m = tx.manager;
  const notes = await m
    .getRepository(Note)
    .createQueryBuilder('n')
    .setLock('pessimistic_write')
    .where(`n.noteable_type = 'MergeRequest' AND n.noteable_id = :id AND n.position IS NOT NULL AND NOT n.position_outdated`, { id: mergeRequestId })
    .andWhere(`n.position->>'head_sha' IS DISTINCT FROM :head`, { head: target.refs.head_sha })
    .orderBy('n.id')
    .getMany();
  if (!notes.length) return { followed: 0, outdated: 0 };
  const cache = new Map<string, Promise<Map<string, FileChange>>>();
  const changes = (from: string, to: string | null) => {
    const key = `${from}..${to}`;
    if (!cache.has(key)) cache.set(key, to ? changesBetween(repo, from, to) : Promise.resolve(new Map()));
    return cache.get(key)!;
  };
  // Every note of a thread shares its position: trace once per thread
  const traced = new Map<string, ReturnType<typeof traceDiffPosition>>();
  for (const n of notes) {
    if (traced.has(n.discussionId)) continue;
    const p = n.position!;
    const [headChanges, baseChanges] = await Promise.all([changes(p.head_sha, target.refs.head_sha), changes(p.base_sha, target.refs.base_sha)]);
    const input: TraceInput = { headChanges, baseChanges, newDiff: target.newDiff, refs: target.refs };
    // The old version is gone (history rewritten and collected): nothing can be traced
    traced.set(n.discussionId, headChanges.has('*') || baseChanges.has('*') || !target.refs.head_sha || !target.refs.base_sha ? { outdated: true } : traceDiffPosition(p, input));
  }
  const followed = notes.filter((n) => !traced.get(n.discussionId)!.outdated);
  const outdated = notes.filter((n) => traced.get(n.discussionId)!.outdated);
  const updatedAt = new Map<number, Date>();
  for (const n of followed) {
    const r = traced.get(n.discussionId) as { position: ApiDiffPosition };
    const [row] = (await m.query(`WITH u AS (UPDATE notes SET position = $2::jsonb, original_position = COALESCE(original_position, position), updated_at = now() WHERE id = $1 RETURNING updated_at) SELECT * FROM u`, [n.id, JSON.stringify(r.position)])) as Array<{ updated_at: Date }>;
    n.originalPosition = n.originalPosition ?? n.position;
    n.position = r.position;
    updatedAt.set(n.id, row!.updated_at);
  }
  if (outdated.length) {
    const rows = (await m.query(`WITH u AS (UPDATE notes SET position_outdated = true, original_position = COALESCE(original_position, position), updated_at = now() WHERE id = ANY($1::int[]) RETURNING id, updated_at) SELECT * FROM u`, [outdated.map((n) => n.id)])) as Array<{ id: number; updated_at: Date }>;
    for (const r of rows) updatedAt.set(Number(r.id), r.updated_at);
    for (const n of outdated) {
      n.originalPosition = n.originalPosition ?? n.position;
      n.positionOutdated = true;
    }
  }
  const ids = userIdsOf(notes);
  const users = (await m.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ANY($1::int[])`, [ids])) as UserRow[];
  const map = { ...noteablePlace(ctx.publicUrl, ctx.noteable), users: new Map(users.map((u) => [Number(u.id), toUserBasic(userFromRow(u), ctx.publicUrl)])) };
  for (const n of notes) {
    n.updatedAt = new Date(updatedAt.get(n.id)!);
    tx.recordLater(ctx.noteable, 'note.updated', { note: toApiNote(n, map) }, ctx.actor);
  }
  return { followed: new Set(followed.map((n) => n.discussionId)).size, outdated: new Set(outdated.map((n) => n.discussionId)).size };
}
