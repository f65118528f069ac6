import { describe, expect, it } from 'vitest';
import { threeWayMerge } from './threeWayMerge';

const base = ['# Plan', '', 'one', 'two', 'three', 'four', 'five', '', 'end'].join('\n');
const edit = (text: string, changes: Record<string, string | null>) =>
  text
    .split('\n')
    .flatMap((l) => (l in changes ? (changes[l] === null ? [] : [changes[l]!]) : [l]))
    .join('\n');

describe('threeWayMerge', () => {
  it('applies two edits that do not overlap', () => {
    const mine = edit(base, { one: 'ONE (mine)' });
    const theirs = edit(base, { five: 'FIVE (theirs)' });
    const r = threeWayMerge(base, mine, theirs);
    expect(r.clean).toBe(true);
    expect(r.text).toBe(edit(base, { one: 'ONE (mine)', five: 'FIVE (theirs)' }));
  });

  it('merges insertions and deletions on different lines', () => {
    const mine = `${base}\nappended by me`;
    const theirs = edit(base, { '# Plan': null, three: 'three\ninserted by them' });
    const r = threeWayMerge(base, mine, theirs);
    expect(r.clean).toBe(true);
    expect(r.text).toBe(`${edit(base, { '# Plan': null, three: 'three\ninserted by them' })}\nappended by me`);
  });

  it('takes the other side when one side did not change the text', () => {
    expect(threeWayMerge(base, base, 'new')).toEqual({ clean: true, text: 'new', chunks: [{ kind: 'merged', lines: ['new'] }] });
    expect(threeWayMerge(base, 'mine', base).text).toBe('mine');
  });

  it('accepts the same change made on both sides', () => {
    const both = edit(base, { two: 'TWO' });
    const r = threeWayMerge(base, both, both);
    expect(r.clean).toBe(true);
    expect(r.text).toBe(both);
  });

  it('reports overlapping edits as a conflict with both versions, keeping the rest merged', () => {
    const mine = edit(base, { two: 'two (mine)', end: 'end (mine)' });
    const theirs = edit(base, { two: 'two (theirs)', three: 'three (theirs)' });
    const r = threeWayMerge(base, mine, theirs);
    expect(r.clean).toBe(false);
    const conflicts = r.chunks.filter((c) => c.kind === 'conflict');
    expect(conflicts).toEqual([{ kind: 'conflict', base: ['two', 'three'], mine: ['two (mine)', 'three'], theirs: ['two (theirs)', 'three (theirs)'] }]);
    // the non-conflicting change of mine is still merged around it
    expect(r.chunks[r.chunks.length - 1]).toEqual({ kind: 'merged', lines: ['four', 'five', '', 'end (mine)'] });
  });

  it('treats edits of adjacent lines as a conflict (as git does)', () => {
    const r = threeWayMerge(base, edit(base, { two: '2' }), edit(base, { three: '3' }));
    expect(r.clean).toBe(false);
  });

  it('handles empty texts', () => {
    expect(threeWayMerge('', 'a', '').text).toBe('a');
    expect(threeWayMerge('', '', 'b').text).toBe('b');
    expect(threeWayMerge('', 'a', 'b').clean).toBe(false);
  });
});
