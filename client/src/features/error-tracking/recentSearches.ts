import { ERROR_TRACKING } from '@tandem/shared-types';

const keyOf = (listPath: string) => `${ERROR_TRACKING.recentSearchesKeyPrefix}${listPath}`;

/**
 * The list's recent searches (spec: five, stored locally per list path). Unparseable stored
 * searches reset the list, and the error is rethrown (outside the render, so the page stays up).
 */
export function loadRecentSearches(listPath: string, storage: Storage = window.localStorage): string[] {
  const raw = storage.getItem(keyOf(listPath));
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || !parsed.every((s) => typeof s === 'string')) throw new TypeError('recent searches are not a list of strings');
    return parsed.slice(0, ERROR_TRACKING.recentSearchesMax);
  } catch (e) {
    storage.removeItem(keyOf(listPath));
    setTimeout(() => {
      throw e;
    });
    return [];
  }
}

/** Adds a search (trimmed; an empty one is not stored), most recent first, without repeats. */
export function addRecentSearch(listPath: string, term: string, current: readonly string[], storage: Storage = window.localStorage): string[] {
  const t = term.trim();
  if (!t) return [...current];
  const next = [t, ...current.filter((s) => s !== t)].slice(0, ERROR_TRACKING.recentSearchesMax);
  storage.setItem(keyOf(listPath), JSON.stringify(next));
  return next;
}

export function clearRecentSearches(listPath: string, storage: Storage = window.localStorage): void {
  storage.removeItem(keyOf(listPath));
}
