/** A comment that could not be sent yet: kept with its idempotency key so the retry never doubles it. */
export interface QueuedNote {
  key: string;
  /** Where it goes: the issue (`${projectPath}#${iid}`). */
  issueKey: string;
  note: string;
  thread: boolean;
  replyTo?: string;
  internal?: boolean;
  created_at: string;
}

const STORAGE_KEY = 'tandem/notes-outbox';

export function readQueue(storage: Storage = localStorage): QueuedNote[] {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? list.filter((q): q is QueuedNote => !!q && typeof q.key === 'string' && typeof q.note === 'string' && typeof q.issueKey === 'string') : [];
  } catch {
    return [];
  }
}

function writeQueue(list: QueuedNote[], storage: Storage): void {
  try {
    if (list.length) storage.setItem(STORAGE_KEY, JSON.stringify(list));
    else storage.removeItem(STORAGE_KEY);
  } catch {
    // Storage disabled: the comment stays pending for this page only
  }
}

/** Adds a comment; the same key twice is kept once. */
export function enqueue(item: QueuedNote, storage: Storage = localStorage): void {
  const list = readQueue(storage);
  if (!list.some((q) => q.key === item.key)) writeQueue([...list, item], storage);
}

export function dequeue(key: string, storage: Storage = localStorage): void {
  writeQueue(
    readQueue(storage).filter((q) => q.key !== key),
    storage,
  );
}
