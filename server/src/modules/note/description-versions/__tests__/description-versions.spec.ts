import { describe, expect, it } from 'vitest';
import { descriptionDiffHtml } from '../description-diff';
import { mergesIntoPrevious } from '../description-merge';

describe('description-change notes merge', () => {
  const at = (min: number, sec = 0) => new Date(Date.UTC(2026, 10, 25, 10, min, sec));
  const prev = { authorId: 1, updatedAt: at(0), versionDeleted: false };

  it('merges the same author within 10 minutes, rounded up', () => {
    expect(mergesIntoPrevious(prev, 1, at(0, 5))).toBe(true);
    expect(mergesIntoPrevious(prev, 1, at(10))).toBe(true);
    // 10 min 1 s rounds up to 11 minutes: a new note
    expect(mergesIntoPrevious(prev, 1, at(10, 1))).toBe(false);
    expect(mergesIntoPrevious(prev, 1, at(9, 59))).toBe(true);
  });

  it('does not merge another author, a deleted version or the first change', () => {
    expect(mergesIntoPrevious(prev, 2, at(1))).toBe(false);
    expect(mergesIntoPrevious({ ...prev, versionDeleted: true }, 1, at(1))).toBe(false);
    expect(mergesIntoPrevious({ ...prev, authorId: null }, 1, at(1))).toBe(false);
    expect(mergesIntoPrevious(null, 1, at(1))).toBe(false);
  });

  it('takes the limit as given', () => {
    expect(mergesIntoPrevious(prev, 1, at(3), 2)).toBe(false);
  });
});

describe('description diff', () => {
  it('marks added and removed words', () => {
    expect(descriptionDiffHtml('the quick fox', 'the slow fox')).toBe('the <del class="idiff deletion">quick</del><ins class="idiff addition">slow</ins> fox');
  });
  it('escapes all text', () => {
    const html = descriptionDiffHtml('<b>a</b>', '<script>alert(1)</script> & "x"');
    // the only tags are the diff's own
    expect(html).not.toMatch(/<(?!\/?(ins|del)\b)/);
    expect(html).toContain('&lt;');
    expect(html).toContain('&amp;');
  });
});
