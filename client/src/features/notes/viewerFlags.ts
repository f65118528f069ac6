import { streamNoteablePaths, type ApiDiscussion, type ApiNote } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';
import type { appStore } from '../../shared/store';
import { updateDiscussions } from './notesAtoms';

/**
 * A broadcast event carries no viewer flags, so when it makes a note resolvable (a reply turned
 * an individual note into a thread) the flags the page held say "may not resolve". Whether this
 * viewer may resolve the new thread is the server's answer: read that one discussion again.
 */
export function flagsGoneStale(before: ApiNote | undefined, after: ApiNote): boolean {
  return !!before && !after.current_user && !before.resolvable && after.resolvable;
}

/** Only the viewer flags are taken from the answer: texts that changed meanwhile stay as the events left them. */
export function withViewerFlags(list: ApiDiscussion[], fresh: ApiDiscussion): ApiDiscussion[] {
  const flags = new Map(fresh.notes.map((n) => [n.id, n.current_user]));
  const i = list.findIndex((d) => d.id === fresh.id);
  if (i < 0) return list;
  const d = list[i]!;
  const notes = d.notes.map((n) => (flags.get(n.id) ? { ...n, current_user: flags.get(n.id) } : n));
  return list.map((x, k) => (k === i ? { ...d, notes } : x));
}

export async function refreshViewerFlags(store: typeof appStore, key: string, projectPath: string, iid: number, note: ApiNote): Promise<void> {
  const res = await requestJson<ApiDiscussion>(streamNoteablePaths(projectPath, iid, note.noteable_id).discussion(note.discussion_id)).catch(() => null);
  if (!res?.ok || !res.data || !Array.isArray(res.data.notes)) return;
  updateDiscussions(store, key, (l) => withViewerFlags(l, res.data));
}
