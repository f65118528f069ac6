import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { DISCUSSION_TEXTS, type ApiNote } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { removeNote, upsertNote } from './discussionRules';
import { countNoteChange } from './noteCount';
import { editingNotesAtom, editRequestAtom, remotelyChangedNotesAtom, updateDiscussions } from './notesAtoms';
import { deleteNote, updateNote } from './notesApi';
import { useNotesContext } from './NotesContext';

function setFlag(a: typeof editingNotesAtom, id: string, on: boolean) {
  const cur = appStore.get(a);
  if (!!cur[id] === on) return;
  const next = { ...cur };
  if (on) next[id] = true;
  else delete next[id];
  appStore.set(a, next);
}

/** Edit and delete of one note: optimistic text while saving, restored with the spec's error on failure; 410 removes it. */
export function useNoteEditing(note: ApiNote) {
  const { issueKey, paths, setError } = useNotesContext();
  const [editing, setEditingState] = useState(false);
  const [savingText, setSavingText] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The text to put back in the reopened editor after a failed save
  const [restore, setRestore] = useState<string | null>(null);
  const remoteChanged = !!useAtomValue(remotelyChangedNotesAtom, { store: appStore })[note.id];
  const editRequest = useAtomValue(editRequestAtom, { store: appStore });

  const setEditing = (on: boolean) => {
    setEditingState(on);
    setFlag(editingNotesAtom, note.id, on);
    if (!on) setFlag(remotelyChangedNotesAtom, note.id, false);
  };
  useEffect(() => {
    if (editRequest?.noteId !== note.id) return;
    // Consumed: a later remount of this note must not reopen its editor
    appStore.set(editRequestAtom, null);
    setEditing(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editRequest]);
  useEffect(() => () => setFlag(editingNotesAtom, note.id, false), [note.id]);

  async function save(text: string) {
    setEditing(false);
    if (text === note.note) return;
    setSavingText(text);
    setError(null);
    try {
      const res = await updateNote(paths.note(note.id), text);
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

  return { editing, setEditing, savingText, deleting, remoteChanged, save, remove, editText: restore ?? note.note, clearRestore: () => setRestore(null) };
}
