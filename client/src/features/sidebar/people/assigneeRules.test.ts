import { describe, expect, it } from 'vitest';
import { assigneeTooltip, collapseAssignees, currentUserFirst, mergeSearchResults, sameSelection, searchTerm, type PersonOption } from './assigneeRules';

const person = (username: string, name = username.toUpperCase()): PersonOption => ({ username, name, avatar_url: null });

describe('assignee rules', () => {
  it('trims the search and skips an empty one', () => {
    expect(searchTerm('  bo ')).toBe('bo');
    expect(searchTerm('   ')).toBeNull();
    expect(searchTerm('')).toBeNull();
  });

  it('merges matching participants (name or username, any case) and drops duplicates by username', () => {
    const results = [person('bob', 'Bob Brown'), person('bobby')];
    const participants = [person('bob', 'Bob (participant)'), person('carol', 'Carol Bobson'), person('dave', 'Dave Diaz')];
    const merged = mergeSearchResults(results, participants, 'BOB');
    expect(merged.map((p) => p.username)).toEqual(['bob', 'bobby', 'carol']);
    expect(merged[0]!.name).toBe('Bob Brown');
  });

  it('lists the current user first', () => {
    expect(currentUserFirst([person('a'), person('me'), person('b')], 'me').map((p) => p.username)).toEqual(['me', 'a', 'b']);
    expect(currentUserFirst([person('a'), person('b')], null).map((p) => p.username)).toEqual(['a', 'b']);
  });

  it('shows 5 assignees, then "+ N more" or "- show less"', () => {
    const seven = Array.from({ length: 7 }, (_, i) => i);
    expect(collapseAssignees(seven, false)).toEqual({ shown: [0, 1, 2, 3, 4], hidden: 2, toggle: '+ 2 more' });
    expect(collapseAssignees(seven, true)).toEqual({ shown: seven, hidden: 0, toggle: '- show less' });
    expect(collapseAssignees([1, 2, 3, 4, 5], false)).toEqual({ shown: [1, 2, 3, 4, 5], hidden: 0, toggle: null });
  });

  it('adds (Busy) to a busy user\'s tooltip', () => {
    expect(assigneeTooltip({ name: 'Bob', availability: 'busy' })).toBe('Bob (Busy)');
    expect(assigneeTooltip({ name: 'Bob', availability: 'not_set' })).toBe('Bob');
  });

  it('compares selections by order and content', () => {
    expect(sameSelection(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameSelection(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameSelection([], [])).toBe(true);
  });
});
