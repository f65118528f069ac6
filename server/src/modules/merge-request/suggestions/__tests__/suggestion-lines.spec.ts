import { describe, expect, it } from 'vitest';
import { applySuggestionLines, linesOf, parseSuggestionBlocks, suggestionRange } from '@tandem/shared-types';

describe('parseSuggestionBlocks', () => {
  it('reads each ```suggestion:-N+M block (default -0+0) with its text, and nothing else', () => {
    const md = 'Try this:\n```suggestion:-1+2\nconst a = 1;\nconst b = 2;\n```\nand\n~~~suggestion\n~~~\n```ts\nnot a suggestion\n```\n';
    expect(parseSuggestionBlocks(md)).toEqual([
      { linesAbove: 1, linesBelow: 2, toContent: 'const a = 1;\nconst b = 2;\n' },
      { linesAbove: 0, linesBelow: 0, toContent: '' },
    ]);
    expect(parseSuggestionBlocks('```suggestionx\nx\n```')).toEqual([]);
  });

  it('covers the commented line and N above, M below, never above line 1', () => {
    expect(suggestionRange(10, { linesAbove: 2, linesBelow: 1 })).toEqual({ fromLine: 8, toLine: 11 });
    expect(suggestionRange(1, { linesAbove: 3, linesBelow: 0 })).toEqual({ fromLine: 1, toLine: 1 });
  });
});

describe('applySuggestionLines', () => {
  const file = 'one\ntwo\nthree\nfour\n';

  it('replaces the lines of each suggestion, bottom up, keeping the others', () => {
    const r = applySuggestionLines(file, [
      { fromLine: 1, toLine: 1, fromContent: 'one\n', toContent: 'ONE\n' },
      { fromLine: 3, toLine: 4, fromContent: 'three\nfour\n', toContent: 'three-and-four\nplus\nmore\n' },
    ]);
    expect(r).toEqual({ ok: true, content: 'ONE\ntwo\nthree-and-four\nplus\nmore\n' });
  });

  it('an empty suggestion removes its lines; a last line without newline keeps having none', () => {
    expect(applySuggestionLines(file, [{ fromLine: 2, toLine: 2, fromContent: 'two\n', toContent: '' }])).toEqual({ ok: true, content: 'one\nthree\nfour\n' });
    expect(applySuggestionLines('a\nb', [{ fromLine: 2, toLine: 2, fromContent: 'b', toContent: 'B\n' }])).toEqual({ ok: true, content: 'a\nB' });
  });

  it('refuses when a line changed or moved since (outdated), or when two suggestions overlap', () => {
    expect(applySuggestionLines(file, [{ fromLine: 2, toLine: 2, fromContent: 'TWO\n', toContent: 'x\n' }])).toEqual({ ok: false, reason: 'outdated', index: 0 });
    expect(applySuggestionLines(file, [{ fromLine: 9, toLine: 9, fromContent: 'x\n', toContent: 'y\n' }])).toEqual({ ok: false, reason: 'outdated', index: 0 });
    expect(
      applySuggestionLines(file, [
        { fromLine: 2, toLine: 3, fromContent: 'two\nthree\n', toContent: 'x\n' },
        { fromLine: 3, toLine: 3, fromContent: 'three\n', toContent: 'y\n' },
      ]),
    ).toEqual({ ok: false, reason: 'overlap', index: 1 });
  });

  it('linesOf gives the text of a range, null past the end', () => {
    expect(linesOf(file, 2, 3)).toBe('two\nthree\n');
    expect(linesOf(file, 4, 5)).toBeNull();
  });
});
