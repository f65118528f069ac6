import { describe, expect, it } from 'vitest';
import { canRerequest, collapsedCount, collapsedTooltip, personTooltip, sortByCanMerge } from './reviewerRules';

const p = (name: string, can_merge: boolean) => ({ name, can_merge });

describe('the reviewer rules (spec sidebar-and-widgets §5, §9)', () => {
  it('sorts those who can merge first, keeping each group in order', () => {
    expect(sortByCanMerge([p('a', false), p('b', true), p('c', false), p('d', true)]).map((x) => x.name)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('caps the collapsed count at 99+', () => {
    expect(collapsedCount(0)).toBe('0');
    expect(collapsedCount(99)).toBe('99');
    expect(collapsedCount(100)).toBe('99+');
  });

  it('names at most five in the collapsed tooltip, then "+ N more", with the merge status unless everyone can merge', () => {
    expect(collapsedTooltip([p('Ann', true), p('Bo', true)])).toBe('Ann, Bo');
    expect(collapsedTooltip([p('Ann', false)])).toBe('Ann (cannot merge)');
    expect(collapsedTooltip([p('Ann', false), p('Bo', false)])).toBe('Ann, Bo (no one can merge)');
    expect(collapsedTooltip([p('Ann', true), p('Bo', false), p('Cy', false)])).toBe('Ann, Bo, Cy (1/3 can merge)');
    const seven = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((n) => p(n, true));
    expect(collapsedTooltip(seven)).toBe('A, B, C, D, E, + 2 more');
  });

  it('flags one who cannot merge, and a busy one, in their tooltip', () => {
    expect(personTooltip({ name: 'Ann', can_merge: true })).toBe('Ann');
    expect(personTooltip({ name: 'Ann', can_merge: false })).toBe('Ann (Cannot merge)');
    expect(personTooltip({ name: 'Ann', can_merge: false, availability: 'busy' })).toBe('Ann (Busy) (Cannot merge)');
  });

  it('offers re-request review only to who may update, for reviewers who have reviewed', () => {
    expect(canRerequest(true, { reviewed: true })).toBe(true);
    expect(canRerequest(true, { reviewed: false })).toBe(false);
    expect(canRerequest(false, { reviewed: true })).toBe(false);
  });
});
