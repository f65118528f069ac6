import { describe, expect, it } from 'vitest';
import { mergeEdit } from './mergeEdit';

const base = { title: 'Plan', description: 'one\ntwo\nthree\nfour\nfive' };

describe('mergeEdit', () => {
  it("keeps both sides' changes when they do not overlap, taking the title from whoever changed it", () => {
    expect(mergeEdit(base, { title: 'Plan', description: 'ONE\ntwo\nthree\nfour\nfive' }, { title: 'Plan B', description: 'one\ntwo\nthree\nfour\nFIVE' })).toEqual({
      clean: true,
      title: 'Plan B',
      description: 'ONE\ntwo\nthree\nfour\nFIVE',
    });
    expect(mergeEdit(base, { title: 'My plan', description: base.description }, { title: 'Plan', description: 'x' })).toEqual({ clean: true, title: 'My plan', description: 'x' });
  });

  it('lists a title both changed differently first, then the description lines both changed', () => {
    const r = mergeEdit(base, { title: 'Mine', description: 'one\nTWO (mine)\nthree\nfour\nfive' }, { title: 'Theirs', description: 'one\nTWO (theirs)\nthree\nfour\nfive' });
    expect(r).toEqual({
      clean: false,
      conflicts: [
        { kind: 'conflict', base: ['Plan'], mine: ['Mine'], theirs: ['Theirs'] },
        { kind: 'conflict', base: ['two'], mine: ['TWO (mine)'], theirs: ['TWO (theirs)'] },
      ],
    });
  });

  it('is a conflict on the title alone when the descriptions merge', () => {
    expect(mergeEdit(base, { title: 'Mine', description: base.description }, { title: 'Theirs', description: base.description })).toEqual({
      clean: false,
      conflicts: [{ kind: 'conflict', base: ['Plan'], mine: ['Mine'], theirs: ['Theirs'] }],
    });
  });

  it('is clean when both made the same title change', () => {
    expect(mergeEdit(base, { title: 'Same', description: base.description }, { title: 'Same', description: base.description })).toMatchObject({ clean: true, title: 'Same' });
  });
});
