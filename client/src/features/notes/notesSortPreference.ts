import type { NotesSort } from '@tandem/shared-types';

/** The discussion sort is remembered per noteable type (sidebar spec: discussion sort dropdown). */
const sortKey = (noteableType: string) => `tandem/notes-sort/${noteableType}`;

export function readNotesSort(noteableType: string, storage: Storage = localStorage): NotesSort {
  try {
    return storage.getItem(sortKey(noteableType)) === 'desc' ? 'desc' : 'asc';
  } catch {
    return 'asc';
  }
}

export function writeNotesSort(noteableType: string, sort: NotesSort, storage: Storage = localStorage): void {
  try {
    storage.setItem(sortKey(noteableType), sort);
  } catch {
    // Storage disabled: the choice lasts for the page only
  }
}
