import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIFF_CONSTANTS, DIFF_TEXTS, type ApiDiffFile, type ApiDiffLine, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { deferred, jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../../test/kit';
import { ChangesTab, rendersAtOnce } from './ChangesTab';

const line = (n: number): ApiDiffLine => ({ type: 'new', old_line: null, new_line: n, line_code: `h_0_${n}`, rich_text: `line ${n}` });
const file = (i: number, lines: number, over: Partial<ApiDiffFile> = {}): ApiDiffFile => ({
  file_hash: String(i).repeat(40), file_identifier_hash: `${i}b`.repeat(20), old_path: `f${i}.ts`, new_path: `f${i}.ts`, a_mode: '100644', b_mode: '100644', new_file: true, deleted_file: false, renamed_file: false, mode_changed: false, binary: false,
  added_lines: lines, removed_lines: 0, mode: 'new', viewer: { name: 'text' }, alternate_viewer: null, content_sha: '2', view_path: `/acme/tandem/-/blob/2/f${i}.ts`, collapsed: false, old_raw_path: null, new_raw_path: null, old_size: null, new_size: null,
  highlighted_diff_lines: Array.from({ length: lines }, (_, k) => line(k + 1)),
  ...over,
});
const DIFFS = '/acme/tandem/-/merge_requests/7/diffs.json';
const ONE = '/acme/tandem/-/merge_requests/7/diff_for_path.json';
const response = (files: ApiDiffFile[]): MergeRequestDiffsResponse => ({ diff_files: files, diff_refs: { base_sha: '1', start_sha: '1', head_sha: '2' }, whitespace_hidden: false });
const MOVED = file(5, 0, { old_path: 'docs/old.md', new_path: 'docs/new.md', new_file: false, renamed_file: true, mode: 'renamed', viewer: { name: 'renamed' }, alternate_viewer: { name: 'text' }, added_lines: 0 });
const tab = () => <ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: 'acme/tandem/-/merge_requests#7', id: 70 }} comment={{ projectPath: 'acme/tandem', iid: 7 }} />;

describe('the Changes tab file tree and first files', () => {
  beforeEach(() => {
    cleanup();
    localStorage.clear();
    stubFetch({ [`GET ${DIFFS}`]: response([file(1, 3), file(2, 150), file(3, 5), file(4, 5)]), 'GET /acme/tandem/-/merge_requests/7/discussions.json': [], 'GET /api/v4/projects/acme%2Ftandem/merge_requests/7/draft_notes': [] });
  });

  it('is 320 wide, dragged by its edge between 240 and 400, and remembers the width in local storage', async () => {
    const first = renderWithStores(tab());
    const wrap = await screen.findByTestId('diff-tree-wrap');
    expect(wrap.style.width).toBe('320px');
    const edge = screen.getByTestId('diff-tree-resize');
    expect([edge.getAttribute('aria-valuemin'), edge.getAttribute('aria-valuemax')]).toEqual(['240', '400']);
    fireEvent.pointerDown(edge, { clientX: 500, pointerId: 1 });
    fireEvent.pointerMove(edge, { clientX: 550, pointerId: 1 });
    expect(wrap.style.width).toBe('370px');
    fireEvent.pointerMove(edge, { clientX: 900, pointerId: 1 });
    fireEvent.pointerUp(edge, { clientX: 900, pointerId: 1 });
    expect(wrap.style.width).toBe('400px');
    expect(localStorage.getItem(DIFF_CONSTANTS.treeWidthKey)).toBe('400');
    fireEvent.pointerDown(edge, { clientX: 500, pointerId: 2 });
    fireEvent.pointerMove(edge, { clientX: 0, pointerId: 2 });
    fireEvent.pointerUp(edge, { clientX: 0, pointerId: 2 });
    expect(wrap.style.width).toBe('240px');
    fireEvent.keyDown(edge, { key: 'ArrowRight' });
    expect(localStorage.getItem(DIFF_CONSTANTS.treeWidthKey)).toBe('256');
    first.unmount();
    renderWithStores(tab());
    expect((await screen.findByTestId('diff-tree-wrap')).style.width).toBe('256px');
  });

  it('renders the first 3 files at once only when under the line limit', async () => {
    expect(DIFF_CONSTANTS.renderedAtOnceMaxLines).toBe(100);
    expect([file(1, 99), file(1, 100)].map((f) => rendersAtOnce(f, 0))).toEqual([true, false]);
    expect(rendersAtOnce(file(1, 1), 3)).toBe(false);
    // jsdom has no IntersectionObserver: stub one that never reports, so only eager files render
    const saved = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = class { observe() {} disconnect() {} unobserve() {} takeRecords() { return []; } root = null; rootMargin = ''; thresholds = []; } as unknown as typeof IntersectionObserver;
    try {
      renderWithStores(tab());
      await screen.findAllByTestId('diff-file');
      expect(screen.getAllByTestId('diff-file').map((s) => s.getAttribute('data-path'))).toEqual(['f1.ts', 'f3.ts']);
      expect(screen.getAllByTestId('diff-placeholder')).toHaveLength(2);
    } finally {
      globalThis.IntersectionObserver = saved;
    }
  });
});

describe('the renamed-file viewer', () => {
  let api: FetchStub;
  beforeEach(() => {
    cleanup();
    localStorage.clear();
    api = stubFetch({ [`GET ${DIFFS}`]: response([MOVED]), 'GET /acme/tandem/-/merge_requests/7/discussions.json': [], 'GET /api/v4/projects/acme%2Ftandem/merge_requests/7/draft_notes': [] });
  });

  it('Show file contents loads its lines (busy meanwhile); a failure shows the spec text, which can be dismissed', async () => {
    api.on({ [`GET ${ONE}`]: jsonResponse({ message: 'boom' }, { status: 500 }) });
    renderWithStores(tab());
    const notice = await screen.findByTestId('diff-renamed-notice');
    expect(notice.textContent).toContain(DIFF_TEXTS.renamedNoChanges);
    fireEvent.click(within(notice).getByRole('button', { name: DIFF_TEXTS.showFileContents }));
    expect((await screen.findByTestId('diff-load-error')).textContent).toContain(DIFF_TEXTS.fileContentsFailed);
    fireEvent.click(within(screen.getByTestId('diff-load-error')).getByRole('button'));
    expect(screen.queryByTestId('diff-load-error')).toBeNull();
    const later = deferred();
    api.on({ [`GET ${ONE}`]: later.handler });
    fireEvent.click(screen.getByTestId('diff-show-contents'));
    expect(await screen.findByTestId('diff-contents-loading')).toBeTruthy();
    expect((screen.getByTestId('diff-show-contents') as HTMLButtonElement).disabled).toBe(true);
    later.release({ ...MOVED, viewer: { name: 'text' }, highlighted_diff_lines: [{ type: 'context', old_line: 1, new_line: 1, line_code: 'h_1_1', rich_text: '# Notes' }] });
    await waitFor(() => expect(document.querySelector('[data-path="docs/new.md"]')?.getAttribute('data-viewer')).toBe('text'));
    expect(screen.getByTestId('diff-inline').textContent).toContain('# Notes');
    // Not lines of the diff: no comment on them
    expect(screen.queryByTestId('diff-comment-button')).toBeNull();
    expect(api.lastCall(`GET ${ONE}`).query.get('file_hash')).toBe(MOVED.file_hash);
    // Still says it moved
    expect(screen.getByTestId('diff-renamed-notice').textContent).toContain(DIFF_TEXTS.renamed('docs/old.md', 'docs/new.md'));
  });

  it('offers no contents without a text alternate viewer', async () => {
    api.on({ [`GET ${DIFFS}`]: response([{ ...MOVED, alternate_viewer: null }]) });
    renderWithStores(tab());
    expect((await screen.findByTestId('diff-renamed-notice')).textContent).toContain(DIFF_TEXTS.renamedNoChanges);
    expect(screen.queryByTestId('diff-show-contents')).toBeNull();
  });
});
