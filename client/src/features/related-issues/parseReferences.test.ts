import { describe, expect, it } from 'vitest';
import { addPending, parseReferences, splitTyped } from './parseReferences';

describe('parseReferences', () => {
  it("splits on whitespace, drops empty pieces, prefixes a leading digit with '#', removes duplicates", () => {
    expect(parseReferences('  12 \n g/p#3\t#4  12 ')).toEqual(['#12', 'g/p#3', '#4']);
    expect(parseReferences('http://x/g/p/-/issues/9 3a')).toEqual(['http://x/g/p/-/issues/9', '#3a']);
    expect(parseReferences('   ')).toEqual([]);
  });

  it('keeps the pending list free of duplicates', () => {
    expect(addPending(['#1'], ['#1', '#2'])).toEqual(['#1', '#2']);
  });

  it('turns pieces finished by whitespace into tokens, leaving the one being typed', () => {
    expect(splitTyped('1 2 g/p#')).toEqual({ done: ['#1', '#2'], rest: 'g/p#' });
    expect(splitTyped('#5')).toEqual({ done: [], rest: '#5' });
    expect(splitTyped('5 ')).toEqual({ done: ['#5'], rest: '' });
  });
});
