import { createHash } from 'node:crypto';
import { discussionResolved, mergeRequestDiscussionDiffLinesPath, noteablePathsOf, type ApiDiscussion, type ApiNote } from '@tandem/shared-types';

/** Where a discussion lives: its noteable's paths (an epic's: `projectPath` is its group's path). */
export interface DiscussionPlace {
  type: 'Issue' | 'Epic' | 'MergeRequest';
  projectPath: string;
  projectId: number | null;
  iid: number;
  issueId: number;
}

/** Notes (one discussion's, oldest first) as GitLab's DiscussionEntity. */
export function toApiDiscussion(notes: readonly ApiNote[], place: DiscussionPlace): ApiDiscussion {
  const first = notes[0]!;
  const paths = noteablePathsOf(place.type, place.projectPath, place.iid, place.issueId);
  const resolved = discussionResolved(notes);
  // The last resolution is the discussion's (GitLab: the latest resolved note)
  const last = resolved ? [...notes].filter((n) => n.resolvable && n.resolved_at).sort((a, b) => (a.resolved_at! < b.resolved_at! ? -1 : 1)).pop() : undefined;
  return {
    id: first.discussion_id,
    reply_id: first.discussion_id,
    project_id: place.projectId,
    individual_note: notes.length === 1 && first.type === null,
    diff_discussion: first.type === 'DiffNote',
    ...(first.position ? { position: first.position, original_position: first.original_position ?? first.position, active: !first.outdated } : {}),
    ...(first.position && place.type === 'MergeRequest' ? { truncated_diff_lines_path: mergeRequestDiscussionDiffLinesPath(place.projectPath, place.iid, first.discussion_id) } : {}),
    ...(first.position
      ? {
          diff_file: {
            // GitLab's file_hash: sha1 of the file's path (the diff file's, and its line codes' prefix)
            file_hash: createHash('sha1').update(first.position.new_path).digest('hex'),
            file_path: first.position.new_path,
            diff_refs: { base_sha: first.position.base_sha, start_sha: first.position.start_sha, head_sha: first.position.head_sha },
          },
        }
      : {}),
    for_commit: false,
    commit_id: null,
    expanded: !resolved,
    confidential: first.internal,
    resolvable: notes.some((n) => n.resolvable),
    resolved,
    resolved_at: last?.resolved_at ?? null,
    resolved_by: last?.resolved_by ?? null,
    resolved_by_push: false,
    resolve_path: paths.discussionResolve(first.discussion_id),
    discussion_path: paths.discussion(first.discussion_id),
    created_at: first.created_at,
    notes: [...notes],
  };
}

/** Groups notes (already in discussion order, each discussion's notes oldest first) by discussion, keeping the order. */
export function groupByDiscussion<T extends { discussion_id: string }>(notes: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const n of notes) {
    const g = groups.get(n.discussion_id);
    if (g) g.push(n);
    else groups.set(n.discussion_id, [n]);
  }
  return [...groups.values()];
}
