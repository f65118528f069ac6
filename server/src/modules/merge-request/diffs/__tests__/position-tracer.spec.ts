import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import type { ApiDiffPosition, ApiTextDiffPosition } from '@tandem/shared-types';
import { sha1 } from '../diff-lines';
import { mapLine, traceDiffPosition, type FileChange, type NewDiffFile, type TraceInput } from '../position-tracer';

/** A unified diff from its first hunk, as the repository port gives it. */
const udiff = (a: string, b: string) => {
  const p = createTwoFilesPatch('a', 'b', a, b, '', '', { context: 3 });
  return p.slice(p.indexOf('@@'));
};
const text = (...lines: string[]) => lines.join('\n') + '\n';
const numbered = (n: number, f: (i: number) => string = (i) => `line ${i}`) => Array.from({ length: n }, (_, i) => f(i + 1));

const OLD_REFS = { base_sha: 'b'.repeat(40), start_sha: 'b'.repeat(40), head_sha: '1'.repeat(40) };
const NEW_REFS = { base_sha: 'b'.repeat(40), start_sha: 'b'.repeat(40), head_sha: '2'.repeat(40) };
const pos = (path: string, oldLine: number | null, newLine: number | null, extra: Partial<ApiTextDiffPosition> = {}): ApiTextDiffPosition => ({
  ...OLD_REFS, old_path: path, new_path: path, position_type: 'text', old_line: oldLine, new_line: newLine, line_range: null, ...extra,
});

/** The base version, the head before the push and after it: the tracer's input for one file. */
function push(path: string, base: string, oldHead: string, newHead: string, opts: { rename?: string; deleted?: boolean } = {}): TraceInput {
  const newPath = opts.rename ?? path;
  const head: FileChange = { oldPath: path, newPath, deleted: !!opts.deleted, diff: opts.deleted ? '' : udiff(oldHead, newHead) };
  const newDiff: NewDiffFile[] = opts.deleted ? [] : [{ oldPath: path, newPath, diff: udiff(base, newHead) }];
  return { headChanges: new Map(oldHead === newHead && !opts.rename && !opts.deleted ? [] : [[path, head]]), baseChanges: new Map(), newDiff, refs: NEW_REFS };
}

const BASE = text(...numbered(20));
// The merge request changed line 10 and added one after line 15
const HEAD = text(...numbered(20, (i) => (i === 10 ? 'line 10 changed' : i === 15 ? 'line 15\nadded after 15' : `line ${i}`)));

describe('mapLine', () => {
  it('shifts lines below an insertion, keeps those above, and loses a removed line', () => {
    const d = udiff(text('a', 'b', 'c', 'd'), text('a', 'x', 'y', 'b', 'd'));
    expect([1, 2, 3, 4].map((l) => mapLine(d, l))).toEqual([1, 4, null, 5]);
    expect([1, 2, 3, 4, 5].map((l) => mapLine(d, l, true))).toEqual([1, null, null, 2, 4]);
  });

  it("reads git's zero-count hunks (pure insertion and pure deletion without context)", () => {
    expect(mapLine('@@ -5,0 +6,2 @@\n+x\n+y\n', 5)).toBe(5);
    expect(mapLine('@@ -5,0 +6,2 @@\n+x\n+y\n', 6)).toBe(8);
    expect(mapLine('@@ -3,2 +2,0 @@\n-c\n-d\n', 2)).toBe(2);
    expect(mapLine('@@ -3,2 +2,0 @@\n-c\n-d\n', 3)).toBeNull();
    expect(mapLine('@@ -3,2 +2,0 @@\n-c\n-d\n', 5)).toBe(3);
  });
});

describe('traceDiffPosition', () => {
  it('an added line follows when lines are inserted above it', () => {
    const newHead = text('new first', 'new second', ...HEAD.trimEnd().split('\n'));
    const r = traceDiffPosition(pos('f.txt', null, 16), push('f.txt', BASE, HEAD, newHead));
    expect(r).toEqual({ outdated: false, position: expect.objectContaining({ new_line: 18, old_line: null, head_sha: NEW_REFS.head_sha, new_path: 'f.txt' }) });
  });

  it('a context line follows lines deleted above it, with its old line from the new diff', () => {
    const newHead = HEAD.replace('line 2\nline 3\n', '');
    // line 12 is context in the diff (within 3 lines of the change on line 10)
    const r = traceDiffPosition(pos('f.txt', 12, 12), push('f.txt', BASE, HEAD, newHead));
    expect(r).toEqual({ outdated: false, position: expect.objectContaining({ old_line: 12, new_line: 10 }) });
  });

  it('a note on the line the push changed is outdated', () => {
    const newHead = HEAD.replace('line 10 changed', 'line 10 changed again');
    expect(traceDiffPosition(pos('f.txt', null, 10), push('f.txt', BASE, HEAD, newHead))).toEqual({ outdated: true });
    // ... while a note two lines further stays
    expect(traceDiffPosition(pos('f.txt', 12, 12), push('f.txt', BASE, HEAD, newHead)).outdated).toBe(false);
  });

  it('a note on a line the push removed is outdated', () => {
    const newHead = HEAD.replace('added after 15\n', '');
    expect(traceDiffPosition(pos('f.txt', null, 16), push('f.txt', BASE, HEAD, newHead))).toEqual({ outdated: true });
  });

  it('an added line is outdated once the push reverts it (it is no longer added)', () => {
    const newHead = HEAD.replace('line 10 changed', 'line 10');
    expect(traceDiffPosition(pos('f.txt', null, 10), push('f.txt', BASE, HEAD, newHead))).toEqual({ outdated: true });
  });

  it('a removed line follows while it stays removed, and is outdated when the push restores it', () => {
    // the removed side of the line-10 change: old line 10
    const still = HEAD.replace('line 1\n', 'line 1 edited\n');
    expect(traceDiffPosition(pos('f.txt', 10, null), push('f.txt', BASE, HEAD, still))).toEqual({ outdated: false, position: expect.objectContaining({ old_line: 10, new_line: null }) });
    const restored = HEAD.replace('line 10 changed', 'line 10');
    expect(traceDiffPosition(pos('f.txt', 10, null), push('f.txt', BASE, HEAD, restored))).toEqual({ outdated: true });
  });

  it('a renamed file carries the note to its new path', () => {
    const r = traceDiffPosition(pos('f.txt', null, 10), push('f.txt', BASE, HEAD, HEAD, { rename: 'g.txt' }));
    expect(r).toEqual({ outdated: false, position: expect.objectContaining({ new_path: 'g.txt', old_path: 'f.txt', new_line: 10 }) });
  });

  it('a note on a file the push deleted is outdated', () => {
    expect(traceDiffPosition(pos('f.txt', null, 10), push('f.txt', BASE, HEAD, '', { deleted: true }))).toEqual({ outdated: true });
  });

  it('a file the push did not touch keeps its notes, on the new shas', () => {
    const r = traceDiffPosition(pos('f.txt', null, 16), { ...push('f.txt', BASE, HEAD, HEAD), headChanges: new Map() });
    expect(r).toEqual({ outdated: false, position: { ...pos('f.txt', null, 16), ...NEW_REFS } });
  });

  it("a line range follows with both ends' new line codes, and is outdated when one end changed", () => {
    const hash = sha1('f.txt');
    const range = { start: { line_code: `${hash}_11_11`, type: null, old_line: 11, new_line: 11 }, end: { line_code: `${hash}_12_12`, type: null, old_line: 12, new_line: 12 } };
    const shifted = text('top', ...HEAD.trimEnd().split('\n'));
    const r = traceDiffPosition(pos('f.txt', 12, 12, { line_range: range }), push('f.txt', BASE, HEAD, shifted));
    expect(r).toEqual({ outdated: false, position: expect.objectContaining({ new_line: 13, line_range: { start: { line_code: `${hash}_11_12`, type: null, old_line: 11, new_line: 12 }, end: { line_code: `${hash}_12_13`, type: null, old_line: 12, new_line: 13 } } }) });
    const touched = HEAD.replace('line 11\n', 'line eleven\n');
    expect(traceDiffPosition(pos('f.txt', 12, 12, { line_range: range }), push('f.txt', BASE, HEAD, touched))).toEqual({ outdated: true });
  });

  describe('image positions (GitLab image strategy)', () => {
    const img: ApiDiffPosition = { ...OLD_REFS, old_path: 'a.png', new_path: 'a.png', position_type: 'image', x: 7, y: 8, width: 80, height: 50 };
    const input = (head: FileChange | null, newDiff: NewDiffFile[] = [{ oldPath: 'a.png', newPath: head?.newPath ?? 'a.png', diff: '' }]): TraceInput => ({
      headChanges: new Map(head ? [['a.png', head]] : []), baseChanges: new Map(), newDiff, refs: NEW_REFS,
    });

    it('an image the push left alone keeps its point, on the new shas', () => {
      expect(traceDiffPosition(img, input(null))).toEqual({ outdated: false, position: { ...img, ...NEW_REFS } });
    });

    it('a renamed image with the same content carries its point to the new path', () => {
      const r = traceDiffPosition(img, input({ oldPath: 'a.png', newPath: 'b.png', deleted: false, diff: '', sameContent: true }));
      expect(r).toEqual({ outdated: false, position: { ...img, ...NEW_REFS, new_path: 'b.png' } });
    });

    it('an image whose content changed, or that was deleted, outdates its notes', () => {
      expect(traceDiffPosition(img, input({ oldPath: 'a.png', newPath: 'a.png', deleted: false, diff: '', sameContent: false }))).toEqual({ outdated: true });
      expect(traceDiffPosition(img, input({ oldPath: 'a.png', newPath: 'a.png', deleted: true, diff: '' }, []))).toEqual({ outdated: true });
    });

    it('an image no longer in the merge request\'s diff outdates its notes', () => {
      expect(traceDiffPosition(img, input(null, []))).toEqual({ outdated: true });
    });
  });
});
