import { REALTIME } from '@tandem/shared-types';

const refetchers = new Map<string, () => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** The discussion list on screen registers how to reload itself (with its filter); returns the unregister. */
export function registerDiscussionsRefetch(key: string, refetch: () => void): () => void {
  refetchers.set(key, refetch);
  return () => {
    if (refetchers.get(key) === refetch) refetchers.delete(key);
    const t = timers.get(key);
    if (t) clearTimeout(t);
    timers.delete(key);
  };
}

/** Reloads an issue's discussions once after events stop arriving for the debounce (GitLab's FETCH_UPDATED_NOTES_DEBOUNCE_TIMEOUT). */
export function scheduleDiscussionsRefetch(key: string): void {
  const t = timers.get(key);
  if (t) clearTimeout(t);
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      refetchers.get(key)?.();
    }, REALTIME.notesFetchDebounceMs),
  );
}
