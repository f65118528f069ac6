import { describe, expect, it } from 'vitest';
import { gapAt, isHiddenContextLine } from '@tandem/shared-types';
import type { DiffFile } from '../../../repository';
import { blobLines, diffLines, languageFor, sha1 } from '../diff-lines';
import { presentDiffFile } from '../diff-presenter';

const DIFF = ['@@ -3,4 +3,4 @@ function f() {', ' keep <a>', '-old line', '+new <script>alert(1)</script>', ' last', '\\ No newline at end of file', '@@ -20 +20,2 @@', ' x', '+y'].join('\n') + '\n';

describe('diffLines', () => {
  it("numbers old and new lines from each hunk header, with GitLab's line codes", () => {
    const lines = diffLines(DIFF, 'notes.txt', 'h');
    expect(lines.map((l) => [l.type, l.old_line, l.new_line, l.line_code])).toEqual([
      ['match', null, null, null],
      ['context', 3, 3, 'h_3_3'],
      ['old', 4, null, 'h_4_4'],
      ['new', null, 4, 'h_5_4'],
      ['context', 5, 5, 'h_5_5'],
      ['new-nonewline', null, null, null],
      ['match', null, null, null],
      ['context', 20, 20, 'h_20_20'],
      ['new', null, 21, 'h_21_21'],
    ]);
  });

  it('says on each hunk header where its hunk starts on each side (context expansion reads the lines before it)', () => {
    const lines = diffLines(DIFF, 'notes.txt', 'h');
    expect(lines.filter((l) => l.type === 'match').map((l) => l.meta_data)).toEqual([
      { old_pos: 3, new_pos: 3 },
      { old_pos: 20, new_pos: 20 },
    ]);
  });

  it('escapes plain text and highlighted code alike: no user markup survives', () => {
    const plain = diffLines(DIFF, 'NOTES', 'h');
    expect(plain[3]!.rich_text).toBe('new &lt;script&gt;alert(1)&lt;/script&gt;');
    const ts = diffLines('@@ -1 +1 @@\n-const a = "<b>";\n+const a = "<i>";\n', 'src/a.ts', 'h');
    expect(ts[2]!.rich_text).toContain('<span class="hljs-keyword">const</span>');
    expect(ts[2]!.rich_text).toContain('&lt;i&gt;');
    expect(ts[2]!.rich_text).not.toContain('<i>');
  });

  it('picks the highlighter language by extension; unknown is plain text', () => {
    expect(languageFor('a/b.ts')).toBe('ts');
    expect(languageFor('Dockerfile')).toBe('dockerfile');
    expect(languageFor('x.unknownext')).toBeNull();
    expect(languageFor('README')).toBeNull();
  });
});

describe('presentDiffFile', () => {
  const base: DiffFile = { oldPath: 'a.txt', newPath: 'a.txt', aMode: '100644', bMode: '100644', newFile: false, renamedFile: false, deletedFile: false, binary: false, additions: 1, deletions: 0, diff: '@@ -1 +1,2 @@\n a\n+b\n', newBlobId: 'f'.repeat(40) };
  const sides = { projectPath: 'g/p', baseSha: '1'.repeat(40), headSha: '2'.repeat(40) };
  it('chooses the viewer by kind, collapses over 500 lines unless expanded, and builds raw links', () => {
    expect(presentDiffFile(base, sides).viewer.name).toBe('text');
    expect(presentDiffFile({ ...base, binary: true, newPath: 'i.PNG', oldPath: 'i.PNG', diff: '' }, sides).viewer.name).toBe('image');
    expect(presentDiffFile({ ...base, binary: true, diff: '' }, sides).viewer.name).toBe('download');
    expect(presentDiffFile({ ...base, renamedFile: true, oldPath: 'o.txt', diff: '' }, sides)).toMatchObject({ viewer: { name: 'renamed' }, mode: 'renamed' });
    expect(presentDiffFile({ ...base, bMode: '100755', diff: '' }, sides)).toMatchObject({ viewer: { name: 'mode_changed' }, mode_changed: true });
    const big = { ...base, newFile: true, diff: '@@ -0,0 +1,501 @@\n' + Array.from({ length: 501 }, (_, i) => `+${i}`).join('\n') + '\n' };
    const collapsed = presentDiffFile(big, sides);
    expect(collapsed).toMatchObject({ collapsed: true, viewer: { name: 'collapsed' }, highlighted_diff_lines: [], old_raw_path: null, mode: 'new' });
    expect(presentDiffFile(big, sides, new Set([collapsed.file_hash])).highlighted_diff_lines).toHaveLength(502);
    expect(presentDiffFile({ ...base, newPath: 'dir/a b#.txt' }, sides).new_raw_path).toBe(`/g/p/-/raw/${'2'.repeat(40)}/dir/a%20b%23.txt`);
  });
});

describe('the bottom match line', () => {
  // Lines 5..6 changed (one removed, two added) in a file of 40 lines: 2..4 and 7..9 are context
  const diff = '@@ -2,7 +2,8 @@\n 2\n 3\n 4\n-5\n+5a\n+5b\n 6\n 7\n 8\n';
  const file: DiffFile = { oldPath: 'a.txt', newPath: 'a.txt', aMode: '100644', bMode: '100644', newFile: false, renamedFile: false, deletedFile: false, binary: false, additions: 2, deletions: 1, diff, newBlobId: 'a'.repeat(40) };
  const sides = { projectPath: 'g/p', baseSha: '1'.repeat(40), headSha: '2'.repeat(40) };

  it('closes a file that goes on past its last hunk: one past its last line on each side, so the hidden lines below are known', () => {
    const lines = presentDiffFile(file, { ...sides, lineCounts: new Map([['a'.repeat(40), 40]]) }).highlighted_diff_lines;
    const last = lines[lines.length - 1]!;
    expect(last).toMatchObject({ type: 'match', rich_text: '', meta_data: { new_pos: 41, old_pos: 40 } });
    // The gap below: new lines 10..40, old = new - 1
    expect(gapAt(lines, lines.length - 1)).toEqual({ since: 10, to: 40, offset: 1 });
    // Context lines hidden there take diff notes (old and new line given); lines of the diff or past the end do not count
    expect(isHiddenContextLine(lines, 29, 30)).toBe(true);
    expect(isHiddenContextLine(lines, 30, 30)).toBe(false);
    expect(isHiddenContextLine(lines, 40, 41)).toBe(false);
    expect(isHiddenContextLine(lines, 1, 1)).toBe(true);
  });

  it('is absent when the last hunk reaches the end of the file, and for deleted files', () => {
    const atEnd = presentDiffFile(file, { ...sides, lineCounts: new Map([['a'.repeat(40), 9]]) }).highlighted_diff_lines;
    expect(atEnd[atEnd.length - 1]!.type).toBe('context');
    expect(isHiddenContextLine(atEnd, 9, 10)).toBe(false);
    const unknown = presentDiffFile(file, sides).highlighted_diff_lines;
    expect(unknown.filter((l) => l.type === 'match')).toHaveLength(1);
  });
});

describe('blobLines', () => {
  const text = ['const a = 1;', 'const b = "<b>";', 'const c = 3;'].join('\n') + '\n';

  it('numbers lines since..to on the new side and new - offset on the old, with the diff\'s line codes', () => {
    const h = sha1('src/x.ts');
    expect(blobLines(text, 'src/x.ts', 2, 3, 1).map((l) => [l.type, l.old_line, l.new_line, l.line_code])).toEqual([
      ['context', 1, 2, `${h}_1_2`],
      ['context', 2, 3, `${h}_2_3`],
    ]);
  });

  it('highlights and escapes like the diff, and leaves out lines past the end of the file', () => {
    const [b] = blobLines(text, 'src/x.ts', 2, 2, 0);
    expect(b!.rich_text).toContain('hljs-');
    expect(b!.rich_text).toContain('&lt;b&gt;');
    expect(b!.rich_text).not.toContain('<b>');
    expect(blobLines(text, 'README', 3, 10, 0).map((l) => l.new_line)).toEqual([3]);
    expect(blobLines('', 'README', 1, 5, 0)).toEqual([]);
  });
});
