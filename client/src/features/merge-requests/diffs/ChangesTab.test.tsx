import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIFF_CONSTANTS, DIFF_TEXTS, DISCUSSION_TEXTS, REVIEW_TEXTS, SUGGESTION_TEXTS, excerptLines, type ApiDraftNote, type ApiDiffFile, type ApiDiffLine, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { deferred, jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../../test/kit';
import { ChangesTab } from './ChangesTab';
import { DiffExcerpt } from './DiffExcerpt';
import { mergeRequestChangesKey } from '../mergeRequestApi';
import { parallelRows } from './DiffLines';
import { reviewedKey } from './diffPrefs';

const line = (type: ApiDiffLine['type'], old_line: number | null, new_line: number | null, text: string): ApiDiffLine => ({ type, old_line, new_line, line_code: type === 'match' ? null : `h_${old_line ?? 0}_${new_line ?? 0}`, rich_text: text });

const file = (over: Partial<ApiDiffFile>): ApiDiffFile => ({
  file_hash: 'a'.repeat(40), file_identifier_hash: 'b'.repeat(40), old_path: 'src/a.ts', new_path: 'src/a.ts', a_mode: '100644', b_mode: '100644', new_file: false, deleted_file: false, renamed_file: false, mode_changed: false, binary: false,
  added_lines: 1, removed_lines: 1, mode: 'replaced', viewer: { name: 'text' }, alternate_viewer: null, content_sha: '2', view_path: '/acme/tandem/-/blob/2/src/a.ts', collapsed: false, old_raw_path: '/acme/tandem/-/raw/1/src/a.ts', new_raw_path: '/acme/tandem/-/raw/2/src/a.ts', old_size: null, new_size: null,
  highlighted_diff_lines: [line('match', null, null, '@@ -1,2 +1,2 @@'), line('context', 1, 1, 'keep'), line('old', 2, null, 'before'), line('new', null, 2, '<span class="hljs-keyword">after</span>')],
  ...over,
});

const CODE = file({});
const IMAGE = file({ file_hash: 'c'.repeat(40), file_identifier_hash: 'd'.repeat(40), old_path: 'logo.png', new_path: 'logo.png', binary: true, viewer: { name: 'image' }, highlighted_diff_lines: [], old_raw_path: '/acme/tandem/-/raw/1/logo.png', new_raw_path: '/acme/tandem/-/raw/2/logo.png', old_size: 10, new_size: 12 });
const BIG = file({ file_hash: 'e'.repeat(40), file_identifier_hash: 'f'.repeat(40), old_path: 'big.txt', new_path: 'big.txt', mode: 'new', new_file: true, collapsed: true, viewer: { name: 'collapsed' }, highlighted_diff_lines: [] });
const MOVED = file({ file_hash: '1'.repeat(40), file_identifier_hash: '2'.repeat(40), old_path: 'docs/old.md', new_path: 'docs/new.md', renamed_file: true, mode: 'renamed', viewer: { name: 'renamed' }, highlighted_diff_lines: [] });
const EXEC = file({ file_hash: '3'.repeat(40), file_identifier_hash: '4'.repeat(40), old_path: 'build.sh', new_path: 'build.sh', b_mode: '100755', mode_changed: true, viewer: { name: 'mode_changed' }, highlighted_diff_lines: [] });
const DIFFS = '/acme/tandem/-/merge_requests/7/diffs.json';
const DISCUSSIONS = '/acme/tandem/-/merge_requests/7/discussions.json';
const NOTE_KEY = 'acme/tandem/-/merge_requests#7';
const THREAD = { id: 'd1', individual_note: false, diff_discussion: true, notes: [{ id: '5', discussion_id: 'd1', type: 'DiffNote', note: 'Why?', note_html: '<p>Why?</p>', author: { id: 2, name: 'Bob Brown', username: 'bob' }, position: { base_sha: '1', start_sha: '1', head_sha: '2', old_path: 'src/a.ts', new_path: 'src/a.ts', position_type: 'text', old_line: null, new_line: 2, line_range: null } }] };
const ONE = '/acme/tandem/-/merge_requests/7/diff_for_path.json';
const DRAFTS = '/api/v4/projects/acme%2Ftandem/merge_requests/7/draft_notes';
const response = (files: ApiDiffFile[], hidden = false): MergeRequestDiffsResponse => ({ diff_files: files, diff_refs: { base_sha: '1', start_sha: '1', head_sha: '2' }, whitespace_hidden: hidden });

describe('parallelRows', () => {
  it('pairs removed lines with the added lines after them; context on both sides; hunk headers span', () => {
    const rows = parallelRows([line('match', null, null, '@@'), line('context', 1, 1, 'a'), line('old', 2, null, 'b'), line('old', 3, null, 'c'), line('new', null, 2, 'B'), line('context', 4, 3, 'd')]);
    expect(rows.map((r) => (r.match ? 'match' : `${r.left?.rich_text ?? '-'}|${r.right?.rich_text ?? '-'}`))).toEqual(['match', 'a|a', 'b|B', 'c|-', 'd|d']);
  });
});

describe('excerptLines', () => {
  it('is the commented line and up to 3 lines before it, never past its hunk header', () => {
    const lines = [line('match', null, null, '@@'), line('context', 1, 1, 'a'), line('context', 2, 2, 'b'), line('old', 3, null, 'c'), line('new', null, 3, 'C'), line('context', 4, 4, 'd'), line('context', 5, 5, 'e')];
    expect(excerptLines(lines, null, 5).map((l) => l.rich_text)).toEqual(['c', 'C', 'd', 'e']);
    expect(excerptLines(lines, 3, null).map((l) => l.rich_text)).toEqual(['a', 'b', 'c']);
    expect(excerptLines(lines, null, 99)).toEqual([]);
  });
});

describe('ChangesTab', () => {
  let api: FetchStub;
  beforeEach(() => {
    cleanup();
    localStorage.clear();
    api = stubFetch({ [`GET ${DIFFS}`]: response([CODE, IMAGE, BIG, MOVED, EXEC]), [`GET ${DIFFS}?w=1`]: response([CODE], true), [`GET ${DISCUSSIONS}`]: [], [`GET ${DRAFTS}`]: [] });
  });

  it('shows the tree, the highlighted lines inline and side by side (remembered), and hides whitespace with w=1', async () => {
    renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: NOTE_KEY, id: 70 }} comment={{ projectPath: "acme/tandem", iid: 7 }} />);
    expect((await screen.findByTestId('diff-file-count')).textContent).toContain('5 files');
    expect(within(screen.getByTestId('diff-tree')).getAllByRole('link').map((a) => a.textContent)).toEqual(['src/a.ts', 'logo.png', 'big.txt', 'docs/new.md', 'build.sh']);
    const inline = screen.getByTestId('diff-inline');
    expect(inline.querySelector('.hljs-keyword')?.textContent).toBe('after');
    fireEvent.click(screen.getByTestId('diff-view-parallel'));
    expect(screen.getByTestId('diff-parallel')).toBeTruthy();
    expect(localStorage.getItem(DIFF_CONSTANTS.viewKey)).toBe('parallel');
    fireEvent.click(screen.getByTestId('diff-hide-whitespace'));
    await waitFor(() => expect((screen.getByTestId('diff-file-count')).textContent).toContain('1 file'));
    expect(api.lastCall(`GET ${DIFFS}`).query.get('w')).toBe('1');
    expect(localStorage.getItem(DIFF_CONSTANTS.whitespaceKey)).toBe('1');
  });

  it('switches image modes, shows the renamed and mode-change notices', async () => {
    renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: NOTE_KEY, id: 70 }} comment={{ projectPath: "acme/tandem", iid: 7 }} />);
    const img = await screen.findByTestId('image-diff');
    expect((img)?.getAttribute('data-mode')).toBe('twoUp');
    fireEvent.click(screen.getByRole('tab', { name: DIFF_TEXTS.imageModes.swipe }));
    expect(screen.getByTestId('image-swipe')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: DIFF_TEXTS.imageModes.onion }));
    fireEvent.change(screen.getByTestId('onion-opacity'), { target: { value: '20' } });
    expect(screen.getByTestId('onion-new').style.opacity).toBe('0.2');
    expect((screen.getAllByTestId('diff-renamed-notice')[0]!).textContent).toContain(DIFF_TEXTS.renamed('docs/old.md', 'docs/new.md'));
    expect((screen.getByTestId('diff-mode-notice')).textContent).toContain(DIFF_TEXTS.modeChanged('100644', '100755'));
  });

  it('"Show file contents" loads the collapsed file; a failure shows the spec text, which can be dismissed', async () => {
    api.on({ [`GET ${ONE}`]: jsonResponse({ message: 'boom' }, { status: 500 }) });
    renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: NOTE_KEY, id: 70 }} comment={{ projectPath: "acme/tandem", iid: 7 }} />);
    fireEvent.click(await screen.findByTestId('diff-show-contents'));
    expect((await screen.findByTestId('diff-load-error')).textContent).toContain(DIFF_TEXTS.fileContentsFailed);
    fireEvent.click(within(screen.getByTestId('diff-load-error')).getByRole('button'));
    expect(screen.queryByTestId('diff-load-error')).toBeNull();
    api.on({ [`GET ${ONE}`]: { ...BIG, collapsed: false, viewer: { name: 'text' }, highlighted_diff_lines: [line('new', null, 1, 'line 1')] } });
    fireEvent.click(screen.getByTestId('diff-show-contents'));
    await waitFor(() => expect((document.querySelector(`[data-path="big.txt"]`))?.getAttribute('data-viewer')).toBe('text'));
    expect(api.lastCall(`GET ${ONE}`).query.get('file_hash')).toBe(BIG.file_hash);
  });

  it('remembers Viewed per file in local storage and counts it', async () => {
    const first = renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: NOTE_KEY, id: 70 }} comment={{ projectPath: "acme/tandem", iid: 7 }} />);
    fireEvent.click((await screen.findAllByTestId('diff-viewed'))[0]!);
    expect((screen.getByTestId('diff-viewed-count')).textContent).toContain('1/5');
    expect(JSON.parse(localStorage.getItem(reviewedKey('acme/tandem', 7))!)).toEqual({ [CODE.file_identifier_hash]: [`hash:${CODE.file_hash}`] });
    first.unmount();
    renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: NOTE_KEY, id: 70 }} comment={{ projectPath: "acme/tandem", iid: 7 }} />);
    expect((await screen.findByTestId('diff-viewed-count')).textContent).toContain('1/5');
    expect((screen.getAllByTestId('diff-viewed')[0] as HTMLInputElement).checked).toBe(true);
  });

  it('shows diff threads under their line, and a line comment posts GitLab\'s position', async () => {
    api.on({ [`GET ${DISCUSSIONS}`]: [THREAD], 'POST /api/v4/projects/acme%2Ftandem/merge_requests/7/discussions': { id: 'd2', individual_note: false, notes: [] } });
    renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: NOTE_KEY, id: 70 }} comment={{ projectPath: 'acme/tandem', iid: 7 }} />);
    const thread = await screen.findByTestId('diff-thread');
    expect(thread.textContent).toContain('Why?');
    // It sits right under the added line 2
    expect(thread.closest('tr')?.previousElementSibling?.getAttribute('data-line-code')).toBe('h_0_2');
    const removed = document.querySelector('[data-path="src/a.ts"] tr[data-line-code="h_2_0"]')!;
    fireEvent.click(within(removed as HTMLElement).getByTestId('diff-comment-button'));
    fireEvent.change(screen.getByTestId('diff-comment-text'), { target: { value: 'Gone?' } });
    fireEvent.click(screen.getByTestId('diff-comment-submit'));
    await waitFor(() => expect(api.callsTo('POST /api/v4/projects/acme%2Ftandem/merge_requests/7/discussions')).toHaveLength(1));
    expect(api.lastCall('POST /api/v4/projects/acme%2Ftandem/merge_requests/7/discussions').body).toEqual({ body: 'Gone?', position: { base_sha: '1', start_sha: '1', head_sha: '2', old_path: 'src/a.ts', new_path: 'src/a.ts', position_type: 'text', old_line: 2, new_line: null, line_range: null } });
    await waitFor(() => expect(screen.queryByTestId('diff-comment-form')).toBeNull());
  });

  it("a diff thread's notes carry the Overview's header: author, time, the Author, role and Contributor badges, 'A deleted user' without an author", async () => {
    const [root] = THREAD.notes;
    const byAuthor = { ...root!, id: '6', note: 'Because.', note_html: '<p>Because.</p>', author: { id: 9, name: 'Mia Maker', username: 'mia' }, human_access: 'Maintainer', created_at: '2026-11-01T10:00:00Z' };
    const byContributor = { ...root!, id: '7', note: 'Seen it before.', note_html: '<p>Seen it before.</p>', is_contributor: true };
    const byNobody = { ...root!, id: '8', note: 'Old.', note_html: '<p>Old.</p>', author: null };
    api.on({ [`GET ${DISCUSSIONS}`]: [{ ...THREAD, notes: [root, byAuthor, byContributor, byNobody] }] });
    renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: NOTE_KEY, id: 70 }} noteableAuthorId={9} />);
    await screen.findByTestId('diff-thread');
    const notes = screen.getAllByTestId('diff-thread-note');
    expect(notes.map((n) => n.querySelector('.note-header__name')?.textContent)).toEqual(['Bob Brown', 'Mia Maker', 'Bob Brown', DISCUSSION_TEXTS.deletedUser]);
    expect(within(notes[0]!).getByTestId('note-author').getAttribute('href')).toBe('/bob');
    expect(within(notes[0]!).queryByTestId('note-author-badge')).toBeNull();
    expect(within(notes[1]!).getByTestId('note-author-badge')).toBeTruthy();
    expect(within(notes[1]!).getByTestId('note-role-badge').textContent).toBe('Maintainer');
    expect(within(notes[2]!).getByTestId('note-contributor-badge')).toBeTruthy();
    expect(notes[3]!.textContent).not.toContain('Someone');
  });

  it("a reply in a diff thread offers Insert suggestion for the thread's line (GitLab's reply: its discussion's last line), where the merge request takes suggestions", async () => {
    api.on({ [`GET ${DISCUSSIONS}`]: [THREAD] });
    renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: NOTE_KEY, id: 70 }} comment={{ projectPath: 'acme/tandem', iid: 7 }} canReceiveSuggestion />);
    const thread = await screen.findByTestId('diff-thread');
    fireEvent.click(within(thread).getByTestId('diff-thread-reply'));
    const box = within(thread).getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.click(within(thread).getByTestId('insert-suggestion'));
    expect(box.value).toBe('```suggestion:-0+0\nafter\n```\n');
  });

  it('a reply offers no Insert suggestion when the merge request does not take suggestions', async () => {
    api.on({ [`GET ${DISCUSSIONS}`]: [THREAD] });
    renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: NOTE_KEY, id: 70 }} comment={{ projectPath: 'acme/tandem', iid: 7 }} />);
    const thread = await screen.findByTestId('diff-thread');
    fireEvent.click(within(thread).getByTestId('diff-thread-reply'));
    expect(within(thread).getByRole('textbox')).toBeTruthy();
    expect(within(thread).queryByTestId('insert-suggestion')).toBeNull();
  });

  it('keeps the diff on screen after a push and offers the latest; threads show only on the version they are on', async () => {
    const outdated = { ...THREAD, id: 'd3', notes: [{ ...THREAD.notes[0]!, id: '9', discussion_id: 'd3', note: 'Old', note_html: '<p>Old</p>', outdated: true, position: { ...THREAD.notes[0]!.position, head_sha: '0', new_line: 1 } }] };
    api.on({ [`GET ${DISCUSSIONS}`]: [THREAD, outdated] });
    const { queryClient } = renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: NOTE_KEY, id: 70 }} comment={{ projectPath: 'acme/tandem', iid: 7 }} />);
    // the thread on this version sits under its line; the outdated one (on head 0) has no line here
    const shown = await screen.findAllByTestId('diff-thread');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.textContent).toContain('Why?');
    expect(shown[0]!.textContent).not.toContain('Old');
    // A push: the diff now ends on head 3 with other lines
    const next = file({ highlighted_diff_lines: [line('match', null, null, '@@ -1 +1 @@'), line('new', null, 1, 'pushed line')] });
    api.on({ [`GET ${DIFFS}`]: { ...response([next]), diff_refs: { base_sha: '1', start_sha: '1', head_sha: '3' } } });
    await queryClient.invalidateQueries({ queryKey: mergeRequestChangesKey('acme/tandem', 7) });
    const notice = await screen.findByTestId('diff-changed-notice');
    expect(notice.textContent).toContain(DIFF_TEXTS.diffChanged);
    // no jump: the version on screen stays, with its thread
    expect(document.querySelector('[data-path="src/a.ts"]')?.textContent).toContain('after');
    expect(screen.getAllByTestId('diff-thread')).toHaveLength(1);
    fireEvent.click(within(notice).getByRole('button', { name: DIFF_TEXTS.showLatest }));
    await waitFor(() => expect(document.querySelector('[data-path="src/a.ts"]')?.textContent).toContain('pushed line'));
    expect(screen.queryByTestId('diff-changed-notice')).toBeNull();
    // the thread is still on head 2: not placed on head 3 until its position follows
    expect(screen.queryAllByTestId('diff-thread')).toHaveLength(0);
  });

  it('batch review: "Start a review" keeps a pending draft under its line, then the form says "Add to review"; a reply draft sits in its thread; Delete asks first', async () => {
    const pos = { base_sha: '1', start_sha: '1', head_sha: '2', old_path: 'src/a.ts', new_path: 'src/a.ts', position_type: 'text' as const, old_line: null, new_line: 2, line_range: null };
    const draft = (over: Partial<ApiDraftNote>): ApiDraftNote => ({ id: 1, author_id: 2, merge_request_id: 70, discussion_id: null, resolve_discussion: false, note: 'Rename it', note_html: '<p>Rename it</p>', commit_id: null, position: pos, line_code: null, file_path: 'src/a.ts', author: null, references: { users: [], commands: '' }, created_at: '', updated_at: '', ...over });
    api.on({ [`GET ${DISCUSSIONS}`]: [THREAD], [`POST ${DRAFTS}`]: draft({}) });
    renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: NOTE_KEY, id: 70 }} comment={{ projectPath: 'acme/tandem', iid: 7 }} />);
    await screen.findByTestId('diff-thread');
    const removed = document.querySelector('[data-path="src/a.ts"] tr[data-line-code="h_2_0"]')!;
    fireEvent.click(within(removed as HTMLElement).getByTestId('diff-comment-button'));
    expect(screen.getByTestId('review-add').textContent).toBe(REVIEW_TEXTS.startReview);
    expect(screen.getByTestId('diff-comment-submit').textContent).toBe(REVIEW_TEXTS.addCommentNow);
    fireEvent.change(screen.getByTestId('diff-comment-text'), { target: { value: 'Rename it' } });
    // the server now holds two drafts: this one on line 2 and a reply in the thread
    api.on({ [`GET ${DRAFTS}`]: [draft({}), draft({ id: 2, note: 'Agreed', note_html: '<p>Agreed</p>', discussion_id: 'd1', resolve_discussion: true })] });
    fireEvent.click(screen.getByTestId('review-add'));
    await waitFor(() => expect(screen.getAllByTestId('pending-draft')).toHaveLength(2));
    expect(api.lastCall(`POST ${DRAFTS}`).body).toEqual({ note: 'Rename it', position: { ...pos, old_line: 2, new_line: null } });
    const [reply, lineDraft] = screen.getAllByTestId('pending-draft');
    expect(reply!.closest('[data-testid="diff-thread"]')).not.toBeNull();
    expect(reply!.textContent).toContain(REVIEW_TEXTS.resolveThread);
    expect(lineDraft!.textContent).toContain(REVIEW_TEXTS.pending);
    expect(lineDraft!.textContent).toContain('Rename it');
    // With drafts pending, a reply form offers "Add to review"
    fireEvent.click(screen.getByTestId('diff-thread-reply'));
    expect(screen.getByTestId('review-add').textContent).toBe(REVIEW_TEXTS.addToReview);
    // Delete asks with the spec's text
    fireEvent.click(within(lineDraft as HTMLElement).getByTestId('pending-draft-delete'));
    expect(await screen.findByText(DISCUSSION_TEXTS.confirmDelete('pending comment'))).toBeTruthy();
  });

  it('suggestions: a proposed change with Apply suggestion; two added to the batch apply as one call', async () => {
    const sugg = (from: string, to: string) => ({ id: 0, from_line: 2, to_line: 2, appliable: true, applied: false, from_content: from, to_content: to, inapplicable_reason: null });
    const note = { ...THREAD.notes[0]!, id: '5', note: '```suggestion\nafter2\n```', suggestions: [sugg('after\n', 'after2\n'), sugg('after\n', 'after3\n')] };
    api.on({ [`GET ${DISCUSSIONS}`]: [{ ...THREAD, notes: [note] }], 'PUT /api/v4/suggestions/501/apply': { id: 501, applied: true }, 'PUT /api/v4/suggestions/batch_apply': [] });
    renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: NOTE_KEY, id: 70 }} comment={{ projectPath: 'acme/tandem', iid: 7 }} canApplySuggestions />);
    const blocks = await screen.findAllByTestId('suggestion');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.querySelector('.diff-code.old')?.textContent).toBe('after');
    expect(blocks[0]!.querySelector('.diff-code.new')?.textContent).toBe('after2');
    fireEvent.click(within(blocks[0]!).getByText(SUGGESTION_TEXTS.applySuggestion));
    fireEvent.click(within(blocks[0]!).getByText(SUGGESTION_TEXTS.apply));
    await waitFor(() => expect(api.callsTo('PUT /api/v4/suggestions/501/apply')).toHaveLength(1));
    // The apply's answer handled (the batch buttons are disabled while it is in flight)
    await waitFor(() => expect((within(blocks[0]!).getByTestId('suggestion-batch-toggle') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(blocks[0]!).getByText(SUGGESTION_TEXTS.addToBatch));
    fireEvent.click(within(blocks[1]!).getByText(SUGGESTION_TEXTS.addToBatch));
    expect(await within(blocks[0]!).findByText(SUGGESTION_TEXTS.removeFromBatch)).toBeTruthy();
    fireEvent.click(within(blocks[1]!).getByText(SUGGESTION_TEXTS.applyBatch(2)));
    fireEvent.click(within(blocks[1]!).getByText(SUGGESTION_TEXTS.apply));
    await waitFor(() => expect(api.callsTo('PUT /api/v4/suggestions/batch_apply')).toHaveLength(1));
    expect(api.lastCall('PUT /api/v4/suggestions/batch_apply').body).toEqual({ ids: [501, 502] });
  });
});

describe('DiffExcerpt', () => {
  const LINES = '/acme/tandem/-/merge_requests/7/discussions/d1/diff_lines.json';
  beforeEach(() => cleanup());

  it("loads the thread's code lazily; a failure says 'Unable to load the diff' and Try again reads it again", async () => {
    const api = stubFetch({ [`GET ${LINES}`]: jsonResponse({ message: 'boom' }, { status: 500 }) });
    renderWithStores(<DiffExcerpt discussion={THREAD as never} projectPath="acme/tandem" iid={7} />);
    const error = await screen.findByTestId('diff-excerpt-error');
    expect(error.textContent).toContain(DIFF_TEXTS.diffLoadFailed);
    const again = deferred();
    api.on({ [`GET ${LINES}`]: again.handler });
    fireEvent.click(within(error).getByRole('button', { name: DIFF_TEXTS.tryAgain }));
    // While it reads again the excerpt says it is loading, not the failure it is retrying
    expect(await screen.findByTestId('diff-excerpt-loading')).toBeTruthy();
    expect(screen.queryByTestId('diff-excerpt-error')).toBeNull();
    again.release({ truncated_diff_lines: [line('context', 1, 1, 'keep'), line('new', null, 2, 'added here')] });
    await waitFor(() => expect(screen.getByTestId('diff-excerpt').textContent).toContain('added here'));
    expect(screen.queryByTestId('diff-excerpt-loading')).toBeNull();
    expect(screen.queryByTestId('diff-excerpt-error')).toBeNull();
    expect(screen.queryByTestId('diff-excerpt-outdated')).toBeNull();
    expect(api.callsTo(`GET ${LINES}`)).toHaveLength(2);
  });

  it('marks a thread a push outdated, showing the code it was written on', async () => {
    stubFetch({ [`GET ${LINES}`]: { truncated_diff_lines: [line('new', null, 2, 'as it was')] } });
    const thread = { ...THREAD, active: false, notes: [{ ...THREAD.notes[0]!, outdated: true }] };
    renderWithStores(<DiffExcerpt discussion={thread as never} projectPath="acme/tandem" iid={7} />);
    expect((await screen.findByTestId('diff-excerpt-outdated')).textContent).toContain(DIFF_TEXTS.outdated);
    await waitFor(() => expect(screen.getByTestId('diff-excerpt').textContent).toContain('as it was'));
  });
});
