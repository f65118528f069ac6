import { AUTOSAVE_PREFIX } from '@tandem/shared-types';

/** A comment or reply being written, kept with the issue's lock version (spec §9). */
export interface NoteDraft {
  text: string;
  lock_version: number;
  /** An edit's draft: the `updated_at` of the note the edit started from. */
  note_updated_at?: string;
}

/** `autosave/<project>/-/issues/<iid>/note` or `/reply/<discussion id>`. */
export const noteDraftKey = (projectPath: string, iid: number, replyTo?: string) =>
  `${AUTOSAVE_PREFIX}${projectPath}/-/issues/${iid}/${replyTo ? `reply/${replyTo}` : 'note'}`;

/** The draft of an edit of an existing note: `autosave/<project>/-/issues/<iid>/notes/<note id>/edit`. */
export const noteEditDraftKey = (projectPath: string, iid: number, noteId: string) => `${AUTOSAVE_PREFIX}${projectPath}/-/issues/${iid}/notes/${noteId}/edit`;

export function readNoteDraft(key: string, storage: Storage = localStorage): NoteDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<NoteDraft>;
    if (typeof d.text !== 'string' || typeof d.lock_version !== 'number') return null;
    return { text: d.text, lock_version: d.lock_version, ...(typeof d.note_updated_at === 'string' ? { note_updated_at: d.note_updated_at } : {}) };
  } catch {
    return null;
  }
}

/** Saves the draft; an empty text removes it. */
export function writeNoteDraft(key: string, draft: NoteDraft, storage: Storage = localStorage): void {
  try {
    if (!draft.text) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept
  }
}

export function clearNoteDraft(key: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // nothing to clear
  }
}
