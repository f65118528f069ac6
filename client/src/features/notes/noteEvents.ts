import type { ApiNote } from '@tandem/shared-types';
import type { BatchReducers, EventContext, EventReducers } from '../../realtime/eventRegistry';
import { issueKey, updateIssueAtom } from '../issue/issueAtoms';
import { removeNote, upsertNote } from './discussionRules';
import { discussionsAtomFamily, editingNotesAtom, remotelyChangedNotesAtom, updateDiscussions } from './notesAtoms';
import { scheduleDiscussionsRefetch } from './discussionsRefetch';
import { countNoteChange, holdsNote } from './noteCount';
import { flagsGoneStale, refreshViewerFlags } from './viewerFlags';

/**
 * Whether a note for a discussion the page does not hold means the page is missing that thread:
 * a reply (or an older event that does not say) to a thread not held; a note that starts its
 * discussion (`starts_discussion`) is the whole thread.
 */
const missesThread = (list: readonly { id: string }[], note: ApiNote, startsDiscussion: boolean | undefined): boolean =>
  !note.individual_note && !startsDiscussion && list.length > 0 && !list.some((d) => d.id === note.discussion_id);

/** Applies a created or changed note to the issue's discussions; a reply to a thread we do not hold refetches. */
function applyNote(issue: { project_path: string; iid: number }, note: ApiNote, { store }: EventContext, startsDiscussion?: boolean): void {
  const key = issueKey(issue.project_path, issue.iid);
  const list = store.get(discussionsAtomFamily(key));
  if (!list) return;
  const known = list.some((d) => d.id === note.discussion_id);
  if (missesThread(list, note, startsDiscussion)) scheduleDiscussionsRefetch(key);
  const before = known ? holdsNote(store, key, note.id) ?? undefined : undefined;
  updateDiscussions(store, key, (l) => upsertNote(l, note));
  if (flagsGoneStale(before, note)) void refreshViewerFlags(store, key, issue.project_path, issue.iid, note);
}

/** The discussion area's live reducers: events carry the new server state, so applying one twice changes nothing. */
export const noteEvents: EventReducers = {
  'note.created': (e, ctx) => {
    const key = issueKey(e.issue.project_path, e.issue.iid);
    if (ctx.store.get(discussionsAtomFamily(key))) countNoteChange(ctx.store, key, e.payload.note, 1);
    // Before the list is loaded the count still follows (the page shows it elsewhere)
    else if (!e.payload.note.system) updateIssueAtom(ctx.store, key, (issue) => ({ ...issue, user_notes_count: issue.user_notes_count + 1 }));
    applyNote(e.issue, e.payload.note, ctx, e.payload.starts_discussion);
  },
  'note.updated': (e, ctx) => {
    const key = issueKey(e.issue.project_path, e.issue.iid);
    const id = e.payload.note.id;
    const before = ctx.store.get(discussionsAtomFamily(key))?.flatMap((d) => d.notes).find((n) => n.id === id);
    if (ctx.store.get(editingNotesAtom)[id] && before && before.note !== e.payload.note.note) {
      ctx.store.set(remotelyChangedNotesAtom, { ...ctx.store.get(remotelyChangedNotesAtom), [id]: true });
    }
    applyNote(e.issue, e.payload.note, ctx);
  },
  'note.deleted': (e, { store }) => {
    const key = issueKey(e.issue.project_path, e.issue.iid);
    countNoteChange(store, key, holdsNote(store, key, e.payload.note_id), -1);
    updateDiscussions(store, key, (l) => removeNote(l, e.payload.note_id));
  },
};

/**
 * A submitted review's notes (note.created events delivered as one batch): one change of the
 * discussions and one of the comment count, so the page renders the whole review once.
 */
export const noteBatchEvents: BatchReducers = {
  'note.created': (events, { store }) => {
    const first = events[0];
    if (!first) return;
    const key = issueKey(first.issue.project_path, first.issue.iid);
    const list = store.get(discussionsAtomFamily(key));
    if (!list) {
      const added = events.filter((e) => !e.payload.note.system).length;
      if (added) updateIssueAtom(store, key, (issue) => ({ ...issue, user_notes_count: issue.user_notes_count + added }));
      return;
    }
    const held = new Map(list.flatMap((d) => d.notes.map((n) => [n.id, n] as const)));
    let next = list;
    let added = 0;
    let refetch = false;
    const stale: ApiNote[] = [];
    for (const { payload } of events) {
      const note = payload.note;
      if (!note.system && !held.has(note.id)) added++;
      const known = next.some((d) => d.id === note.discussion_id);
      if (missesThread(next, note, payload.starts_discussion)) refetch = true;
      if (flagsGoneStale(known ? held.get(note.id) : undefined, note)) stale.push(note);
      next = upsertNote(next, note);
    }
    if (added) updateIssueAtom(store, key, (issue) => ({ ...issue, user_notes_count: issue.user_notes_count + added }));
    if (next !== list) store.set(discussionsAtomFamily(key), next);
    if (refetch) scheduleDiscussionsRefetch(key);
    for (const note of stale) void refreshViewerFlags(store, key, first.issue.project_path, first.issue.iid, note);
  },
};
