import { AUTOSAVE_PREFIX } from '@tandem/shared-types';

/** What the open edit form autosaves, including the lock_version it was editing. */
export interface IssueDraft {
  title: string;
  description: string;
  lock_version: number;
}

/** One key per issue under the spec's 'autosave/' prefix. */
export const issueDraftKey = (projectPath: string, iid: number) => `${AUTOSAVE_PREFIX}${projectPath}/-/issues/${iid}/edit`;

/** Reads a draft; anything malformed (another version, hand-edited storage) counts as none. */
export function readIssueDraft(key: string, storage: Storage = localStorage): IssueDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<IssueDraft>;
    if (typeof d.title !== 'string' || typeof d.description !== 'string' || typeof d.lock_version !== 'number') return null;
    return { title: d.title, description: d.description, lock_version: d.lock_version };
  } catch {
    return null;
  }
}

export function writeIssueDraft(key: string, draft: IssueDraft, storage: Storage = localStorage): void {
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept
  }
}

export function clearIssueDraft(key: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // ignore: nothing to clear
  }
}
