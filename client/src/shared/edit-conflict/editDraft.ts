/**
 * What an open title/description edit form autosaves (an issue's, an epic's): the user's text,
 * the lock_version it was editing and, when the form keeps it, the text that version had (the
 * base a later three-way merge starts from).
 */
export interface EditDraft {
  title: string;
  description: string;
  lock_version: number;
  base?: { title: string; description: string };
}

/** Reads a draft; anything malformed (another version, hand-edited storage) counts as none. */
export function readEditDraft(key: string, storage: Storage = localStorage): EditDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<EditDraft>;
    if (typeof d.title !== 'string' || typeof d.description !== 'string' || typeof d.lock_version !== 'number') return null;
    const base = d.base && typeof d.base.title === 'string' && typeof d.base.description === 'string' ? { title: d.base.title, description: d.base.description } : undefined;
    return { title: d.title, description: d.description, lock_version: d.lock_version, ...(base ? { base } : {}) };
  } catch {
    return null;
  }
}

export function writeEditDraft(key: string, draft: EditDraft, storage: Storage = localStorage): void {
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept
  }
}

export function clearEditDraft(key: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // ignore: nothing to clear
  }
}
