import { useEffect, useRef, useState } from 'react';
import { DISCUSSION_TEXTS, type ApiNote } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { issueAtomFamily } from '../issue/issueAtoms';
import { removeNote, upsertNote } from './discussionRules';
import { countNoteChange } from './noteCount';
import { clearNoteDraft, noteEditDraftKey, readNoteDraft, writeNoteDraft } from './noteDrafts';
import { editingNotesAtom, editRequestAtom, remotelyChangedNotesAtom, updateDiscussions } from './notesAtoms';
import { deleteNote, updateNote } from './notesApi';
import { useNotesContext } from './NotesContext';
import { useStoreValue } from '../../shared/useStoreValue';

function setFlag(a: typeof editingNotesAtom, id: string, on: boolean) {
  const cur = appStore.get(a);
  if (!!cur[id] === on) return;
  const next = { ...cur };
  if (on) next[id] = true;
  else delete next[id];
  appStore.set(a, next);
}

/**
 * Edit and delete of one note: optimistic text while saving, restored with the spec's error on
 * failure; 410 removes it. The edit's text is autosaved under `autosave/` with the note's
 * `updated_at` it started from: reopening the edit restores it, and warns when the note changed
 * since (spec §5, §9). Save and cancel clear it.
 */
export function useNoteEditing(note: ApiNote) {
  const { issueKey, projectPath, iid, paths, setError } = useNotesContext();
  const draftKey = noteEditDraftKey(projectPath, iid, note.id);
  // The note's updated_at the edit started from (kept in the draft)
  const baseRef = useRef(note.updated_at);
  const [editing, setEditingState] = useState(false);
  const [savingText, setSavingText] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The text to put back in the reopened editor after a failed save
  const [restore, setRestore] = useState<string | null>(null);
  const remoteChanged = !!useStoreValue(remotelyChangedNotesAtom)[note.id];
  const editRequest = useStoreValue(editRequestAtom);

  const setEditing = (on: boolean) => {
    // Opening the edit: an autosaved draft comes back, with the warning if the note changed since
    let stale = false;
    if (on && !editing) {
      const draft = readNoteDraft(draftKey);
      baseRef.current = draft?.note_updated_at ?? note.updated_at;
      if (draft) setRestore(draft.text);
      stale = !!draft?.note_updated_at && draft.note_updated_at !== note.updated_at;
    }
    setEditingState(on);
    setFlag(editingNotesAtom, note.id, on);
    if (!on || stale) setFlag(remotelyChangedNotesAtom, note.id, stale);
  };
  useEffect(() => {
    if (editRequest?.noteId !== note.id) return;
    // Consumed: a later remount of this note must not reopen its editor
    appStore.set(editRequestAtom, null);
    setEditing(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editRequest]);
  // Unmounted (page left): the edit is closed, and so is its warning; the draft stays
  useEffect(
    () => () => {
      setFlag(editingNotesAtom, note.id, false);
      setFlag(remotelyChangedNotesAtom, note.id, false);
    },
    [note.id],
  );

  const saveDraft = (text: string) => {
    const lock = appStore.get(issueAtomFamily(issueKey))?.lock_version ?? 0;
    writeNoteDraft(draftKey, { text, lock_version: lock, note_updated_at: baseRef.current });
  };
  const cancel = () => {
    clearNoteDraft(draftKey);
    setRestore(null);
    setEditing(false);
  };

  async function save(text: string) {
    setEditing(false);
    if (text === note.note) {
      clearNoteDraft(draftKey);
      return;
    }
    setSavingText(text);
    setError(null);
    try {
      const res = await updateNote(paths.note(note.id), text);
      if (res.status === 410 || res.ok) clearNoteDraft(draftKey);
      if (res.status === 410) {
        // Deleted meanwhile (spec §7): gone here too, and no longer counted
        countNoteChange(appStore, issueKey, note, -1);
        updateDiscussions(appStore, issueKey, (l) => removeNote(l, note.id));
      }
      else if (res.ok && res.data) updateDiscussions(appStore, issueKey, (l) => upsertNote(l, res.data));
      else throw new Error(String(res.status));
    } catch {
      setError(DISCUSSION_TEXTS.editNoteFailed);
      setEditing(true);
      setRestore(text);
    } finally {
      setSavingText(null);
    }
  }
  async function remove() {
    setDeleting(true);
    setError(null);
    try {
      const res = await deleteNote(paths.note(note.id));
      if (!res.ok && res.status !== 404 && res.status !== 410) throw new Error(String(res.status));
      countNoteChange(appStore, issueKey, note, -1);
      updateDiscussions(appStore, issueKey, (l) => removeNote(l, note.id));
    } catch {
      setError(DISCUSSION_TEXTS.deleteNoteFailed);
      setDeleting(false);
    }
  }

  return { editing, setEditing, savingText, deleting, remoteChanged, save, remove, cancel, saveDraft, editText: restore ?? note.note, clearRestore: () => setRestore(null) };
}
