import { describe, expect, it } from 'vitest';
import { collapsedLabelsTooltip, collapsedTimeTracking, collapsedWeight } from '@tandem/shared-types';

describe('collapsed sidebar summaries', () => {
  it('a weight is cut to five characters, with an ellipsis above 99999', () => {
    expect(collapsedWeight(null)).toBe('None');
    expect(collapsedWeight(0)).toBe('0');
    expect(collapsedWeight(99999)).toBe('99999');
    expect(collapsedWeight(100000)).toBe('10000…');
    expect(collapsedWeight(1234567)).toBe('12345…');
  });

  it('the labels tooltip names five titles, then "and N more"', () => {
    expect(collapsedLabelsTooltip(['a', 'b'])).toBe('a, b');
    expect(collapsedLabelsTooltip(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c, d, e');
    expect(collapsedLabelsTooltip(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('a, b, c, d, e, and 2 more');
  });

  it('time tracking reads spent / estimate, either alone, or None', () => {
    expect(collapsedTimeTracking('1h', '3h')).toBe('1h / 3h');
    expect(collapsedTimeTracking(null, '3h')).toBe('3h');
    expect(collapsedTimeTracking('2h', null)).toBe('2h');
    expect(collapsedTimeTracking(null, null)).toBe('None');
  });
});
