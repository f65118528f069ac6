import { NOTES_FILTER, discussionResolved, type ApiDiscussion, type ApiNote, type NotesFilter, type NotesSort } from '@tandem/shared-types';

/** Recomputes the thread's derived resolve facts from its notes. */
function withDerived(d: ApiDiscussion): ApiDiscussion {
  const resolvable = d.notes.some((n) => n.resolvable);
  const resolved = discussionResolved(d.notes);
  const last = resolved ? [...d.notes].reverse().find((n) => n.resolvable && n.resolved_by) : undefined;
  return { ...d, resolvable, resolved, resolved_by: resolved ? (last?.resolved_by ?? d.resolved_by) : null, resolved_at: resolved ? (last?.resolved_at ?? d.resolved_at) : null };
}

const byCreated = (a: { created_at: string }, b: { created_at: string }) => a.created_at.localeCompare(b.created_at);

/** A discussion for a note whose thread is not known (GitLab makes an individual one). */
export function discussionOfNote(note: ApiNote): ApiDiscussion {
  return withDerived({
    id: note.discussion_id,
    reply_id: note.discussion_id,
    project_id: note.project_id,
    individual_note: note.individual_note,
    diff_discussion: false,
    for_commit: false,
    commit_id: null,
    expanded: true,
    confidential: note.confidential,
    resolvable: note.resolvable,
    resolved: false,
    resolved_at: null,
    resolved_by: null,
    resolved_by_push: false,
    resolve_path: '',
    discussion_path: '',
    created_at: note.created_at,
    notes: [note],
  });
}

/**
 * Puts a note (new or changed) where it belongs: replaces it in its thread, appends it as a
 * reply, or starts a new discussion. Idempotent: the same note twice gives the same list.
 */
export function upsertNote(list: ApiDiscussion[], incoming: ApiNote): ApiDiscussion[] {
  // A note without its author's role (an event whose actor is not the author, polling) keeps
  // the role the page knows for that author
  const role = incoming.human_access !== undefined || incoming.system ? incoming.human_access : authorRole(list, incoming.author?.id);
  const note = role === undefined ? incoming : { ...incoming, human_access: role };
  const i = list.findIndex((d) => d.id === note.discussion_id);
  if (i < 0) {
    // A note moved between threads (never in practice) or new: remove any stale copy first
    return [...removeNote(list, note.id), discussionOfNote(note)];
  }
  const d = list[i]!;
  const j = d.notes.findIndex((n) => n.id === note.id);
  const prev = j >= 0 ? d.notes[j]! : null;
  // Broadcast events carry no viewer flags or awards: keep what the page knew
  // (and the Contributor badge, when the event is not the author's own: only those carry it)
  const merged: ApiNote = prev
    ? {
        ...note,
        current_user: note.current_user ?? prev.current_user,
        award_emoji: note.award_emoji ?? prev.award_emoji,
        ...(incoming.human_access === undefined && !incoming.system && prev.is_contributor ? { is_contributor: true } : {}),
      }
    : note;
  const notes = j >= 0 ? d.notes.map((n, k) => (k === j ? merged : n)) : [...d.notes, merged].sort(byCreated);
  // A reply turns an individual note into a thread
  const next = withDerived({ ...d, notes, individual_note: notes.length > 1 ? false : d.individual_note });
  return list.map((x, k) => (k === i ? next : x));
}

/** The role badge a held note of this author carries (undefined when none is known). */
function authorRole(list: ApiDiscussion[], authorId: number | undefined): string | null | undefined {
  if (authorId === undefined) return undefined;
  for (const d of list) for (const n of d.notes) if (n.author?.id === authorId && n.human_access !== undefined) return n.human_access;
  return undefined;
}

/** Removes a note; a thread left without notes disappears. Removing an absent note changes nothing. */
export function removeNote(list: ApiDiscussion[], noteId: string): ApiDiscussion[] {
  if (!list.some((d) => d.notes.some((n) => n.id === noteId))) return list;
  return list
    .map((d) => (d.notes.some((n) => n.id === noteId) ? withDerived({ ...d, notes: d.notes.filter((n) => n.id !== noteId) }) : d))
    .filter((d) => d.notes.length > 0);
}

/** Replaces a whole discussion (resolve answers), or adds it. */
export function upsertDiscussion(list: ApiDiscussion[], discussion: ApiDiscussion): ApiDiscussion[] {
  const i = list.findIndex((d) => d.id === discussion.id);
  if (i < 0) return [...list, discussion];
  return list.map((d, k) => (k === i ? discussion : d));
}

/** Appends a page of discussions, ignoring ones already held (a page re-read after a live insert). */
export function appendPage(list: ApiDiscussion[], page: ApiDiscussion[]): ApiDiscussion[] {
  const known = new Set(list.map((d) => d.id));
  return [...list, ...page.filter((d) => !known.has(d.id))];
}

const isSystemDiscussion = (d: ApiDiscussion) => d.notes.length > 0 && d.notes.every((n) => n.system);

/** Whether a discussion is shown under a filter (comments: no system notes; history: only system notes). */
export function matchesFilter(d: ApiDiscussion, filter: NotesFilter): boolean {
  if (filter === NOTES_FILTER.comments) return !isSystemDiscussion(d);
  if (filter === NOTES_FILTER.history) return isSystemDiscussion(d);
  return true;
}

/** A discussion's place in time: its first note's creation. */
const startOf = (d: ApiDiscussion) => d.notes[0]?.created_at ?? d.created_at;

/**
 * What the list shows: filtered, sorted by when each discussion started, or in timeline view
 * every note on its own, newest first (spec §4 Sort).
 */
export function visibleDiscussions(list: ApiDiscussion[], opts: { filter: NotesFilter; sort: NotesSort; timeline: boolean }): ApiDiscussion[] {
  const shown = list.filter((d) => matchesFilter(d, opts.filter));
  if (opts.timeline) return timelineOf(shown);
  const sorted = [...shown].sort((a, b) => startOf(a).localeCompare(startOf(b)));
  return opts.sort === 'desc' ? sorted.reverse() : sorted;
}

/** Timeline view: each note as its own entry, newest first. */
export function timelineOf(list: ApiDiscussion[]): ApiDiscussion[] {
  return list
    .flatMap((d) => d.notes.map((n) => ({ ...d, id: `${d.id}:${n.id}`, reply_id: d.id, individual_note: true, notes: [n] })))
    .sort((a, b) => startOf(b).localeCompare(startOf(a)));
}

/** "N of M threads resolved": threads (not individual notes) that can be resolved. */
export function resolveCounts(list: ApiDiscussion[]): { resolved: number; total: number } {
  const threads = list.filter((d) => d.resolvable && !d.individual_note);
  return { resolved: threads.filter((d) => d.resolved).length, total: threads.length };
}

/** The first unresolved thread after `afterId` in display order, wrapping round. */
export function nextUnresolved(list: ApiDiscussion[], afterId: string | null): ApiDiscussion | null {
  const open = list.filter((d) => d.resolvable && !d.individual_note && !d.resolved);
  if (!open.length) return null;
  const at = afterId ? list.findIndex((d) => d.id === afterId) : -1;
  return list.slice(at + 1).find((d) => open.includes(d)) ?? open[0]!;
}

/** The viewer's last own non-system note (Up in an empty box edits it; spec §6). */
export function lastOwnNote(list: ApiDiscussion[], userId: number): ApiNote | null {
  let best: ApiNote | null = null;
  for (const d of list) for (const n of d.notes) if (!n.system && n.author?.id === userId && (!best || n.created_at >= best.created_at)) best = n;
  return best;
}

/** Whether the viewer may edit a note: the note's own flags when present, else its author (broadcast events). */
export function canEditNote(note: ApiNote, userId: number | null): boolean {
  if (note.system || userId === null) return false;
  return note.current_user ? note.current_user.can_edit : note.author?.id === userId;
}

/** The lines of a text quoted for a reply ('> ' on each line, then a blank line). */
export function quoteText(text: string): string {
  const body = text.trim();
  if (!body) return '';
  return `${body
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n')}\n\n`;
}

/** Whether the viewer may resolve: the root note says so, else (broadcast notes) anyone who may comment. */
export function mayResolve(d: ApiDiscussion, canComment: boolean): boolean {
  if (!d.resolvable || d.individual_note) return false;
  const flags = d.notes[0]?.current_user;
  return flags ? flags.can_resolve_discussion : canComment;
}
