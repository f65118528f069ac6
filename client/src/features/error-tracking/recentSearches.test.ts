import { afterEach, describe, expect, it, vi } from 'vitest';
import { addRecentSearch, loadRecentSearches } from './recentSearches';

const LIST = '/acme/tandem/-/error_tracking';
const KEY = `recent-searches/error-tracking/${LIST}`;

describe('the error list recent searches (spec: five, per list path, trimmed, empty not stored)', () => {
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
  });

  it('keeps the five most recent trimmed searches, newest first, without repeats; an empty one is not stored', () => {
    let r: string[] = [];
    for (const t of ['  a ', 'b', 'c', 'd', 'e', 'f', 'c', '   ']) r = addRecentSearch(LIST, t, r);
    expect(r).toEqual(['c', 'f', 'e', 'd', 'b']);
    expect(loadRecentSearches(LIST)).toEqual(['c', 'f', 'e', 'd', 'b']);
    expect(loadRecentSearches('/other/project/-/error_tracking')).toEqual([]);
  });

  it('unparseable stored searches: the list is reset and the error rethrown', () => {
    vi.useFakeTimers();
    localStorage.setItem(KEY, '{not json');
    expect(loadRecentSearches(LIST)).toEqual([]);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(() => vi.runAllTimers()).toThrow(SyntaxError);
  });
});
