import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIFF_TEXTS, REVIEW_TEXTS, type ApiDiffFile, type ApiDiffLine, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { jsonResponse, renderWithStores, stubFetch, type FetchCall, type FetchStub } from '../../../test/kit';
import { ChangesTab } from './ChangesTab';

const ctx = (o: number, n: number): ApiDiffLine => ({ type: 'context', old_line: o, new_line: n, line_code: `h_${o}_${n}`, rich_text: `line ${n}` });
const header = (o: number, n: number): ApiDiffLine => ({ type: 'match', old_line: null, new_line: null, line_code: null, rich_text: `@@ -${o},3 +${n},3 @@`, meta_data: { old_pos: o, new_pos: n } });

// Lines 1-4 hidden above the first hunk; 8-39 (new side; old = new - 1) between the hunks; 43-70 below the last
const FILE: ApiDiffFile = {
  file_hash: 'a'.repeat(40), file_identifier_hash: 'b'.repeat(40), old_path: 'src/a.ts', new_path: 'src/a.ts', a_mode: '100644', b_mode: '100644', new_file: false, deleted_file: false, renamed_file: false, mode_changed: false, binary: false,
  added_lines: 2, removed_lines: 1, mode: 'replaced', viewer: { name: 'text' }, alternate_viewer: null, content_sha: '2', view_path: '/acme/tandem/-/blob/2/src/a.ts', collapsed: false, old_raw_path: null, new_raw_path: null, old_size: null, new_size: null,
  highlighted_diff_lines: [
    header(5, 5), ctx(5, 5), { type: 'old', old_line: 6, new_line: null, line_code: 'h_6_6', rich_text: 'before' }, { type: 'new', old_line: null, new_line: 6, line_code: 'h_7_6', rich_text: 'after' }, ctx(7, 7),
    header(39, 40), ctx(39, 40), { type: 'new', old_line: null, new_line: 41, line_code: 'h_40_41', rich_text: 'added' }, ctx(40, 42),
    // The file goes on to line 70: the server's bottom match line, one past its end
    { type: 'match', old_line: null, new_line: null, line_code: null, rich_text: '', meta_data: { old_pos: 70, new_pos: 71 } },
  ],
};
const DIFFS = '/acme/tandem/-/merge_requests/7/diffs.json';
const BLOB = 'GET /acme/tandem/-/blob/2/src/a.ts/diff';
const response: MergeRequestDiffsResponse = { diff_files: [FILE], diff_refs: { base_sha: '1', start_sha: '1', head_sha: '2' }, whitespace_hidden: false };
/** The server's answer: lines since..to of the file at the head, the old side numbered new - offset. */
const blobLines = (c: FetchCall) => {
  const since = Number(c.query.get('since'));
  const to = Number(c.query.get('to'));
  const offset = Number(c.query.get('offset'));
  return Array.from({ length: to - since + 1 }, (_, i) => ctx(since + i - offset, since + i));
};
const newLines = () => [...document.querySelectorAll('[data-path="src/a.ts"] tr.diff-line')].map((tr) => tr.getAttribute('data-line-code'));

describe('context expansion in the Changes tab', () => {
  let api: FetchStub;
  beforeEach(() => {
    cleanup();
    localStorage.clear();
    api = stubFetch({ [`GET ${DIFFS}`]: response, 'GET /acme/tandem/-/merge_requests/7/discussions.json': [], 'GET /api/v4/projects/acme%2Ftandem/merge_requests/7/draft_notes': [], [BLOB]: blobLines });
  });

  const render = () => renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: 'acme/tandem/-/merge_requests#7', id: 70 }} comment={{ projectPath: 'acme/tandem', iid: 7 }} />);

  it('inline: expands down 20, then all the rest, reading the file at the head; expanded lines take comments', async () => {
    render();
    await screen.findByTestId('diff-inline');
    // Above the first hunk: 4 lines, one button; between the hunks: 32 lines, up, down and all
    const [top, middle, bottom] = [...document.querySelectorAll('tr.diff-match')] as HTMLElement[];
    expect(within(top!).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([DIFF_TEXTS.expandAll]);
    expect(within(middle!).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([DIFF_TEXTS.expandUp, DIFF_TEXTS.expandDown, DIFF_TEXTS.expandAll]);
    // Below the last hunk: 28 lines, down and all (nothing above them to unfold up to)
    expect(within(bottom!).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([DIFF_TEXTS.expandDown, DIFF_TEXTS.expandAll]);

    fireEvent.click(within(middle!).getByTestId('diff-expand-down'));
    await waitFor(() => expect(newLines()).toContain('h_26_27'));
    expect(api.lastCall(BLOB).query.toString()).toBe('since=8&to=27&offset=1');
    const codes = newLines();
    expect(codes.slice(codes.indexOf('h_7_7'), codes.indexOf('h_7_7') + 3)).toEqual(['h_7_7', 'h_7_8', 'h_8_9']);
    // 12 lines still hidden: one button for all of them
    const rest = [...document.querySelectorAll('tr.diff-match')][1] as HTMLElement;
    expect(within(rest).getAllByRole('button')).toHaveLength(1);
    expect(document.querySelector('tr[data-line-code="h_7_8"] [data-testid="diff-comment-button"]')).not.toBeNull();
    expect(document.querySelector('tr[data-line-code="h_7_7"] [data-testid="diff-comment-button"]')).not.toBeNull();

    fireEvent.click(within(rest).getByTestId('diff-expand-all'));
    await waitFor(() => expect(document.querySelectorAll('tr.diff-match')).toHaveLength(2));
    expect(api.lastCall(BLOB).query.toString()).toBe('since=28&to=39&offset=1');
    const all = newLines();
    expect(all.slice(all.indexOf('h_7_7'), all.indexOf('h_39_40') + 1)).toHaveLength(34);
  });

  it('below the last hunk: expands down 20, then the rest to the end of the file; the bottom line then goes', async () => {
    render();
    await screen.findByTestId('diff-inline');
    const bottom = () => [...document.querySelectorAll('tr.diff-match')].at(-1) as HTMLElement;
    fireEvent.click(within(bottom()).getByTestId('diff-expand-down'));
    await waitFor(() => expect(newLines()).toContain('h_61_62'));
    expect(api.lastCall(BLOB).query.toString()).toBe('since=43&to=62&offset=1');
    expect(newLines().at(-1)).toBe('h_61_62');
    // 8 left: one button
    expect(within(bottom()).getAllByRole('button')).toHaveLength(1);
    fireEvent.click(within(bottom()).getByTestId('diff-expand-all'));
    await waitFor(() => expect(newLines().at(-1)).toBe('h_69_70'));
    expect(api.lastCall(BLOB).query.toString()).toBe('since=63&to=70&offset=1');
    expect(document.querySelectorAll('tr.diff-match')).toHaveLength(2);
  });

  it('a comment on an expanded line sends both its old and new line (an unchanged line outside the hunks)', async () => {
    api.on({ 'POST /api/v4/projects/acme%2Ftandem/merge_requests/7/discussions': { id: 'd'.repeat(40), notes: [] } });
    render();
    await screen.findByTestId('diff-inline');
    fireEvent.click(within([...document.querySelectorAll('tr.diff-match')].at(-1) as HTMLElement).getByTestId('diff-expand-down'));
    await waitFor(() => expect(newLines()).toContain('h_49_50'));
    fireEvent.click(document.querySelector('tr[data-line-code="h_49_50"] [data-testid="diff-comment-button"]')!);
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'Below the hunk' } });
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.addCommentNow }));
    await waitFor(() => expect(api.callsTo('POST /api/v4/projects/acme%2Ftandem/merge_requests/7/discussions')).toHaveLength(1));
    const body = api.lastCall('POST /api/v4/projects/acme%2Ftandem/merge_requests/7/discussions').body as { position: Record<string, unknown> };
    expect(body.position).toMatchObject({ old_line: 49, new_line: 50, new_path: 'src/a.ts', head_sha: '2' });
  });

  it('side by side: expands up 20 above the next hunk, on both sides', async () => {
    render();
    await screen.findByTestId('diff-inline');
    fireEvent.click(screen.getByTestId('diff-view-parallel'));
    const middle = [...screen.getByTestId('diff-parallel').querySelectorAll('tr.diff-match')][1] as HTMLElement;
    fireEvent.click(within(middle).getByTestId('diff-expand-up'));
    await waitFor(() => expect(newLines()).toContain('h_19_20'));
    expect(api.lastCall(BLOB).query.toString()).toBe('since=20&to=39&offset=1');
    const row = document.querySelector('tr[data-line-code="h_19_20"]')!;
    // The numbers beside each side's comment button
    expect([...row.querySelectorAll('td.diff-num')].map((td) => td.lastChild?.textContent)).toEqual(['19', '20']);
    expect([...row.querySelectorAll('td.diff-code')].map((td) => td.textContent)).toEqual(['line 20', 'line 20']);
    // The header stays above them with the 12 lines left
    const header = [...screen.getByTestId('diff-parallel').querySelectorAll('tr.diff-match')][1] as HTMLElement;
    expect(within(header).getAllByRole('button')).toHaveLength(1);
    expect(header.nextElementSibling?.getAttribute('data-line-code')).toBe('h_19_20');
  });

  it('a failed read says so and leaves the diff as it was', async () => {
    api.on({ [BLOB]: jsonResponse({ message: 'boom' }, { status: 500 }) });
    render();
    await screen.findByTestId('diff-inline');
    fireEvent.click(screen.getAllByTestId('diff-expand-all')[0]!);
    expect((await screen.findByTestId('diff-expand-error')).textContent).toContain(DIFF_TEXTS.expandFailed);
    expect(document.querySelectorAll('tr.diff-match')).toHaveLength(3);
  });
});
