import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIFF_TEXTS, SUGGESTION_TEXTS, withChunks, type ApiDiffFile, type ApiDiffLine, type ApiLineRange, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { renderWithStores, stubFetch, type FetchStub } from '../../../test/kit';
import { ChangesTab } from './ChangesTab';
import { DiffExcerpt } from './DiffExcerpt';
import { rangeLabels } from './DiffNotes';
import { suggestionLines } from '../review/suggestionInsert';

const l = (type: ApiDiffLine['type'], old_line: number | null, new_line: number | null, code: string | null, text: string): ApiDiffLine => ({ type, old_line, new_line, line_code: code, rich_text: text });
// A hunk: context 1, removed old 2-3, added new 2-3, context 4
const LINES = [l('match', null, null, null, '@@ -1,4 +1,4 @@'), l('context', 1, 1, 'h_1_1', 'one'), l('old', 2, null, 'h_2_2', 'two'), l('old', 3, null, 'h_3_2', 'three'), l('new', null, 2, 'h_4_2', 'TWO'), l('new', null, 3, 'h_4_3', 'THREE'), l('context', 4, 4, 'h_4_4', 'four')];
const FILE: ApiDiffFile = {
  file_hash: 'a'.repeat(40), file_identifier_hash: 'b'.repeat(40), old_path: 'src/a.ts', new_path: 'src/a.ts', a_mode: '100644', b_mode: '100644', new_file: false, deleted_file: false, renamed_file: false, mode_changed: false, binary: false,
  added_lines: 2, removed_lines: 2, mode: 'replaced', viewer: { name: 'text' }, alternate_viewer: null, content_sha: '2', view_path: '/acme/tandem/-/blob/2/src/a.ts', collapsed: false, old_raw_path: null, new_raw_path: null, old_size: null, new_size: null,
  highlighted_diff_lines: LINES,
};
const DIFFS = '/acme/tandem/-/merge_requests/7/diffs.json';
const POST = 'POST /api/v4/projects/acme%2Ftandem/merge_requests/7/discussions';
const response: MergeRequestDiffsResponse = { diff_files: [FILE], diff_refs: { base_sha: '1', start_sha: '1', head_sha: '2' }, whitespace_hidden: false };
const REFS = { base_sha: '1', start_sha: '1', head_sha: '2', old_path: 'src/a.ts', new_path: 'src/a.ts', position_type: 'text' };
const tab = () => <ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: 'acme/tandem/-/merge_requests#7', id: 70 }} comment={{ projectPath: 'acme/tandem', iid: 7 }} canReceiveSuggestion />;

/** The comment button of a line (by its code) in the view on screen. */
const button = (code: string) => {
  // Side by side: the line's number cell; inline: its row
  const host = document.querySelector(`td.diff-num[data-range-code="${code}"]`) ?? document.querySelector(`tr[data-range-code="${code}"]`);
  return within(host as HTMLElement).getByTestId('diff-comment-button');
};
const cell = (code: string) => document.querySelector(`td.diff-code[data-range-code="${code}"]`)!;

const THREAD = {
  id: 'd1', individual_note: false, diff_discussion: true,
  notes: [{ id: '5', discussion_id: 'd1', type: 'DiffNote', note: 'These two', note_html: '<p>These two</p>', author: { id: 2, name: 'Bob Brown', username: 'bob' }, position: { ...REFS, old_line: null, new_line: 3, line_range: { start: { line_code: 'h_4_2', type: 'new', old_line: null, new_line: 2 }, end: { line_code: 'h_4_3', type: 'new', old_line: null, new_line: 3 } } } }],
};

describe('comments on a range of lines', () => {
  let api: FetchStub;
  beforeEach(() => {
    cleanup();
    localStorage.clear();
    api = stubFetch({ [`GET ${DIFFS}`]: response, 'GET /acme/tandem/-/merge_requests/7/discussions.json': [], 'GET /api/v4/projects/acme%2Ftandem/merge_requests/7/draft_notes': [], [POST]: { id: 'd2', individual_note: false, notes: [] } });
  });

  it("inline: dragging a line's comment button over lines selects them; the form says so and posts GitLab's line_range, its own line the range's last", async () => {
    renderWithStores(tab());
    await screen.findByTestId('diff-inline');
    fireEvent.mouseDown(button('h_4_2'), { button: 0 });
    fireEvent.mouseOver(cell('h_4_3'));
    fireEvent.mouseOver(cell('h_4_4'));
    expect(screen.getAllByTestId('diff-range-line').map((c) => c.textContent)).toEqual(['TWO', 'THREE', 'four']);
    fireEvent.mouseUp(cell('h_4_4'));
    const header = await screen.findByTestId('diff-range-form-header');
    expect(header.textContent).toBe(DIFF_TEXTS.commentingOnLines('+2', '4'));
    expect(header.textContent).toBe('Commenting on lines +2 to 4');
    // The form sits under the range's last line
    expect(header.closest('tr')?.previousElementSibling?.getAttribute('data-line-code')).toBe('h_4_4');
    fireEvent.change(screen.getByTestId('diff-comment-text'), { target: { value: 'This block' } });
    fireEvent.click(screen.getByTestId('diff-comment-submit'));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    expect(api.lastCall(POST).body).toEqual({
      body: 'This block',
      position: { ...REFS, old_line: 4, new_line: 4, line_range: { start: { line_code: 'h_4_2', type: 'new', old_line: null, new_line: 2 }, end: { line_code: 'h_4_4', type: null, old_line: 4, new_line: 4 } } },
    });
  });

  it('shift-clicking a second comment button after opening a comment on a first line selects the range (in the diff order)', async () => {
    renderWithStores(tab());
    await screen.findByTestId('diff-inline');
    fireEvent.click(button('h_4_3'));
    expect(screen.queryByTestId('diff-range-form-header')).toBeNull();
    fireEvent.click(button('h_1_1'), { shiftKey: true });
    expect((await screen.findByTestId('diff-range-form-header')).textContent).toBe('Commenting on lines 1 to +3');
    expect(screen.getAllByTestId('diff-comment-form')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('diff-comment-text'), { target: { value: 'All of it' } });
    fireEvent.click(screen.getByTestId('diff-comment-submit'));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    expect(api.lastCall(POST).body).toMatchObject({ position: { old_line: null, new_line: 3, line_range: { start: { line_code: 'h_1_1', type: null, old_line: 1, new_line: 1 }, end: { line_code: 'h_4_3', type: 'new', old_line: null, new_line: 3 } } } });
  });

  it('side-by-side: a range of removed lines on the old side', async () => {
    localStorage.setItem('diff_view', 'parallel');
    renderWithStores(tab());
    await screen.findByTestId('diff-parallel');
    fireEvent.mouseDown(button('h_2_2'), { button: 0 });
    fireEvent.mouseOver(cell('h_3_2'));
    fireEvent.mouseUp(cell('h_3_2'));
    expect((await screen.findByTestId('diff-range-form-header')).textContent).toBe('Commenting on lines -2 to -3');
    fireEvent.change(screen.getByTestId('diff-comment-text'), { target: { value: 'Gone' } });
    fireEvent.click(screen.getByTestId('diff-comment-submit'));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    expect(api.lastCall(POST).body).toMatchObject({ position: { old_line: 3, new_line: null, line_range: { start: { line_code: 'h_2_2', type: 'old', old_line: 2, new_line: null }, end: { line_code: 'h_3_2', type: 'old', old_line: 3, new_line: null } } } });
  });

  it("a thread on a range says 'Comment on lines +2 to +3' under the range's last line, in the Changes tab and over the Overview's excerpt", async () => {
    api.on({ 'GET /acme/tandem/-/merge_requests/7/discussions.json': [THREAD], 'GET /acme/tandem/-/merge_requests/7/discussions/d1/diff_lines.json': { truncated_diff_lines: LINES.slice(4, 6) } });
    const { unmount } = renderWithStores(tab());
    const thread = await screen.findByTestId('diff-thread');
    expect(within(thread).getByTestId('diff-thread-range').textContent).toBe('Comment on lines +2 to +3');
    expect(thread.closest('tr')?.previousElementSibling?.getAttribute('data-line-code')).toBe('h_4_3');
    unmount();
    renderWithStores(<DiffExcerpt discussion={THREAD as never} projectPath="acme/tandem" iid={7} />);
    expect((await screen.findByTestId('diff-excerpt-range')).textContent).toBe(DIFF_TEXTS.commentOnLines('+2', '+3'));
    await waitFor(() => expect(screen.getByTestId('diff-excerpt').textContent).toContain('THREE'));
    expect(screen.getByTestId('diff-excerpt').textContent).toContain('TWO');
  });

  it('a range stored before its ends carried lines is labelled from its line codes', () => {
    const old = { start: { line_code: 'h_1_1', type: null }, end: { line_code: 'h_4_3', type: 'new' } } as unknown as ApiLineRange;
    expect(rangeLabels(old)).toEqual(['1', '+3']);
    expect(rangeLabels({ start: { line_code: 'h_2_2', type: 'old', old_line: 2, new_line: null }, end: { line_code: 'h_3_2', type: 'old', old_line: 3, new_line: null } })).toEqual(['-2', '-3']);
  });
  const text = () => screen.getByTestId('diff-comment-text') as HTMLTextAreaElement;

  it("Insert suggestion on a range inserts GitLab's ```suggestion:-N+0 with all the range's lines, and the comment's position ends on the range's last line (what the block replaces)", async () => {
    renderWithStores(tab());
    await screen.findByTestId('diff-inline');
    fireEvent.mouseDown(button('h_4_2'), { button: 0 });
    fireEvent.mouseOver(cell('h_4_4'));
    fireEvent.mouseUp(cell('h_4_4'));
    await screen.findByTestId('diff-range-form-header');
    fireEvent.click(screen.getByTestId('insert-suggestion'));
    expect(text().value).toBe('```suggestion:-2+0\nTWO\nTHREE\nfour\n```\n');
    fireEvent.click(screen.getByTestId('diff-comment-submit'));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    expect(api.lastCall(POST).body).toMatchObject({ body: '```suggestion:-2+0\nTWO\nTHREE\nfour\n```\n', position: { old_line: 4, new_line: 4, line_range: { start: { line_code: 'h_4_2' }, end: { line_code: 'h_4_4' } } } });
  });

  it("a range's removed lines stay out of its suggestion (GitLab's commentLines)", async () => {
    renderWithStores(tab());
    await screen.findByTestId('diff-inline');
    fireEvent.click(button('h_2_2'));
    fireEvent.click(button('h_4_3'), { shiftKey: true });
    expect((await screen.findByTestId('diff-range-form-header')).textContent).toBe('Commenting on lines -2 to +3');
    fireEvent.click(screen.getByTestId('insert-suggestion'));
    expect(text().value).toBe('```suggestion:-1+0\nTWO\nTHREE\n```\n');
  });

  it('a range ending on a removed line takes no suggestion', async () => {
    renderWithStores(tab());
    await screen.findByTestId('diff-inline');
    fireEvent.click(button('h_1_1'));
    fireEvent.click(button('h_3_2'), { shiftKey: true });
    expect((await screen.findByTestId('diff-range-form-header')).textContent).toBe('Commenting on lines 1 to -3');
    expect(screen.queryByTestId('insert-suggestion')).toBeNull();
    expect(SUGGESTION_TEXTS.insertSuggestion).toBe('Insert suggestion');
  });

  it('no suggestion over lines a hidden gap splits (it would replace lines the range does not show); a fence outgrows backticks in the lines', () => {
    const gapped = [l('new', null, 2, 'h_4_2', 'TWO'), l('match', null, null, null, '@@ -9 +9 @@'), l('context', 9, 9, 'h_9_9', 'nine')];
    expect(suggestionLines(gapped)).toBeNull();
    expect(suggestionLines(LINES.slice(1))!.map((x) => x.line_code)).toEqual(['h_1_1', 'h_4_2', 'h_4_3', 'h_4_4']);
  });

  it("hovering a range thread highlights its lines, and only while hovered (GitLab's comment position hover)", async () => {
    api.on({ 'GET /acme/tandem/-/merge_requests/7/discussions.json': [THREAD] });
    renderWithStores(tab());
    const thread = await screen.findByTestId('diff-thread');
    const hovered = () => ['h_1_1', 'h_4_2', 'h_4_3', 'h_4_4'].filter((c) => cell(c).classList.contains('diff-range-hover'));
    expect(hovered()).toEqual([]);
    fireEvent.mouseEnter(thread);
    expect(hovered()).toEqual(['h_4_2', 'h_4_3']);
    fireEvent.mouseLeave(thread);
    expect(hovered()).toEqual([]);
  });

  it('side-by-side: hovering a range thread highlights both cells of its unchanged lines', async () => {
    localStorage.setItem('diff_view', 'parallel');
    const onContext = { ...THREAD, notes: [{ ...THREAD.notes[0]!, position: { ...REFS, old_line: 4, new_line: 4, line_range: { start: { line_code: 'h_1_1', type: null, old_line: 1, new_line: 1 }, end: { line_code: 'h_4_4', type: null, old_line: 4, new_line: 4 } } } }] };
    api.on({ 'GET /acme/tandem/-/merge_requests/7/discussions.json': [onContext] });
    renderWithStores(tab());
    fireEvent.mouseEnter(await screen.findByTestId('diff-thread'));
    expect(document.querySelectorAll('td.diff-code.diff-range-hover[data-range-code="h_1_1"]')).toHaveLength(2);
    expect(document.querySelectorAll('td.diff-code.diff-range-hover')).toHaveLength(2 + 2 + 2 + 2);
  });

  describe('on a touch screen', () => {
    /** Where the finger is: the code cell of each line, by its row. */
    let under: Element | null = null;
    beforeEach(() => {
      document.elementFromPoint = () => under;
    });
    const moveTo = (code: string) => {
      under = cell(code);
      fireEvent.pointerMove(document, { pointerType: 'touch', isPrimary: true, clientX: 5, clientY: 5 });
    };

    it("a finger dragged from a line's comment button over lines selects them (read where the finger is), and lifting it opens the range's form", async () => {
      renderWithStores(tab());
      await screen.findByTestId('diff-inline');
      fireEvent.pointerDown(button('h_4_2'), { pointerType: 'touch', isPrimary: true, button: 0 });
      moveTo('h_4_3');
      moveTo('h_4_4');
      expect(screen.getAllByTestId('diff-range-line').map((c) => c.textContent)).toEqual(['TWO', 'THREE', 'four']);
      fireEvent.pointerUp(document, { pointerType: 'touch', isPrimary: true });
      expect((await screen.findByTestId('diff-range-form-header')).textContent).toBe('Commenting on lines +2 to 4');
    });

    it('a drag the browser takes over (pointercancel) ends with nothing selected and no form', async () => {
      renderWithStores(tab());
      await screen.findByTestId('diff-inline');
      fireEvent.pointerDown(button('h_4_2'), { pointerType: 'touch', isPrimary: true, button: 0 });
      moveTo('h_4_4');
      expect(screen.getAllByTestId('diff-range-line')).toHaveLength(3);
      fireEvent.pointerCancel(document, { pointerType: 'touch' });
      expect(screen.queryAllByTestId('diff-range-line')).toHaveLength(0);
      fireEvent.pointerUp(document, { pointerType: 'touch' });
      expect(screen.queryByTestId('diff-range-form-header')).toBeNull();
    });
  });

  it("a drag stays in its chunk (GitLab's: the lines between two hunk headers)", async () => {
    const two = withChunks([...LINES, l('match', null, null, null, '@@ -9,1 +9,1 @@'), l('context', 9, 9, 'h_9_9', 'nine')]);
    api.on({ [`GET ${DIFFS}`]: { ...response, diff_files: [{ ...FILE, highlighted_diff_lines: two }] } });
    renderWithStores(tab());
    await screen.findByTestId('diff-inline');
    fireEvent.mouseDown(button('h_4_3'), { button: 0 });
    fireEvent.mouseOver(cell('h_4_4'));
    fireEvent.mouseOver(cell('h_9_9'));
    expect(screen.getAllByTestId('diff-range-line').map((c) => c.textContent)).toEqual(['THREE', 'four']);
    fireEvent.mouseUp(cell('h_9_9'));
    expect((await screen.findByTestId('diff-range-form-header')).textContent).toBe('Commenting on lines +3 to 4');
  });
});
