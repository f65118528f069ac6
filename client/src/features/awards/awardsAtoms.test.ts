import { describe, expect, it } from 'vitest';
import { groupAwards, setAward, toggleAward } from './awardsAtoms';

const me = { id: 7, name: 'Me', username: 'me' };
const bob = { id: 2, name: 'Bob', username: 'bob' };

describe('toggleAward', () => {
  it('adds the viewer award when absent and removes it when present', () => {
    const on = toggleAward([{ name: 'tada', user: bob }], 'tada', me);
    expect(on.on).toBe(true);
    expect(on.awards).toEqual([{ name: 'tada', user: bob }, { name: 'tada', user: me }]);
    const off = toggleAward(on.awards, 'tada', me);
    expect(off.on).toBe(false);
    expect(off.awards).toEqual([{ name: 'tada', user: bob }]);
  });

  it('thumbs up removes the viewer thumbs down and the reverse; others keep theirs', () => {
    const start = [{ name: 'thumbsdown', user: me }, { name: 'thumbsdown', user: bob }];
    const up = toggleAward(start, 'thumbsup', me);
    expect(up.removedOpposite).toBe('thumbsdown');
    expect(up.awards).toEqual([{ name: 'thumbsdown', user: bob }, { name: 'thumbsup', user: me }]);
    const down = toggleAward(up.awards, 'thumbsdown', me);
    expect(down.removedOpposite).toBe('thumbsup');
    expect(down.awards.filter((a) => a.user.id === me.id)).toEqual([{ name: 'thumbsdown', user: me }]);
  });

  it('other emojis are not exclusive', () => {
    const r = toggleAward([{ name: 'thumbsup', user: me }], 'tada', me);
    expect(r.removedOpposite).toBeNull();
    expect(r.awards).toHaveLength(2);
  });
});

describe('setAward', () => {
  it('is idempotent: the same change twice is one change', () => {
    const once = setAward([], 'tada', me, true);
    expect(setAward(once, 'tada', me, true)).toBe(once);
    const off = setAward(once, 'tada', me, false);
    expect(setAward(off, 'tada', me, false)).toBe(off);
    expect(off).toEqual([]);
  });
});

describe('groupAwards', () => {
  it('groups by emoji, thumbs first, marking the viewer', () => {
    const g = groupAwards([{ name: 'tada', user: bob }, { name: 'thumbsdown', user: me }, { name: 'thumbsup', user: bob }], 7);
    expect(g.map((x) => [x.name, x.users.length, x.mine])).toEqual([
      ['thumbsup', 1, false],
      ['thumbsdown', 1, true],
      ['tada', 1, false],
    ]);
  });
});
