import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { FILE_EDIT_TEXTS, type ApiDiffFile, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { renderWithStores, stubFetch } from '../../../test/kit';
import { ChangesTab } from './ChangesTab';
import type { FileEditContext } from './fileEditRules';

const file = (path: string, o: Partial<ApiDiffFile> = {}): ApiDiffFile => ({
  file_hash: path.padEnd(40, 'a'), file_identifier_hash: path.padEnd(40, 'b'), old_path: path, new_path: path, a_mode: '100644', b_mode: '100644', new_file: false, deleted_file: false, renamed_file: false, mode_changed: false, binary: false,
  added_lines: 1, removed_lines: 0, mode: 'replaced', viewer: { name: 'text' }, alternate_viewer: null, content_sha: '2', view_path: `/acme/tandem/-/blob/2/${path}`, collapsed: false, old_raw_path: null, new_raw_path: null, old_size: null, new_size: null,
  highlighted_diff_lines: [{ type: 'new', old_line: null, new_line: 1, line_code: 'x_0_1', rich_text: 'hello' }],
  ...o,
});
const response: MergeRequestDiffsResponse = {
  diff_files: [file('docs/a.md'), file('gone.md', { deleted_file: true, mode: 'deleted' }), file('logo.png', { binary: true, viewer: { name: 'image' }, highlighted_diff_lines: [] })],
  diff_refs: { base_sha: '1', start_sha: '1', head_sha: '2' },
  whitespace_hidden: false,
};
const ctx: FileEditContext = { sourceProjectPath: 'acme/tandem', sourceBranch: 'feature', projectPath: 'acme/tandem', iid: 7, open: true, canPush: true, canFork: true };
const item = (path: string) => within(document.querySelector(`[data-path="${path}"]`) as HTMLElement).queryByTestId('diff-edit-file');

describe('the diff file header\'s Edit in single-file editor', () => {
  beforeEach(() => {
    cleanup();
    localStorage.clear();
    stubFetch({ 'GET /acme/tandem/-/merge_requests/7/diffs.json': response, 'GET /acme/tandem/-/merge_requests/7/discussions.json': [] });
  });
  const render = (fileEdit: FileEditContext) => renderWithStores(<ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: 'acme/tandem/-/merge_requests#7', id: 70 }} fileEdit={fileEdit} />);

  it('links a text file to the editor on the source branch, and offers nothing on deleted or binary files', async () => {
    render(ctx);
    await screen.findAllByTestId('diff-file');
    expect(item('docs/a.md')!.textContent).toBe(FILE_EDIT_TEXTS.editInSingleFileEditor);
    expect(item('docs/a.md')!.getAttribute('href')).toBe('/acme/tandem/-/edit/feature/docs/a.md?from_merge_request_iid=7');
    expect(item('gone.md')).toBeNull();
    expect(item('logo.png')).toBeNull();
  });

  it('shows GitLab\'s fork message to who may fork but not push, and Cancel hides it', async () => {
    render({ ...ctx, canPush: false });
    await screen.findAllByTestId('diff-file');
    const edit = item('docs/a.md')!;
    expect(edit.tagName).toBe('BUTTON');
    expect(screen.queryByTestId('diff-fork-message')).toBeNull();
    fireEvent.click(edit);
    expect(screen.getByTestId('diff-fork-message').textContent).toContain(FILE_EDIT_TEXTS.forkMessage);
    fireEvent.click(within(screen.getByTestId('diff-fork-message')).getByRole('button', { name: FILE_EDIT_TEXTS.cancel }));
    expect(screen.queryByTestId('diff-fork-message')).toBeNull();
  });

  it('is absent for who may neither push nor fork, and on a merge request that is not open', async () => {
    render({ ...ctx, canPush: false, canFork: false });
    await screen.findAllByTestId('diff-file');
    expect(screen.queryAllByTestId('diff-edit-file')).toEqual([]);
    cleanup();
    render({ ...ctx, open: false });
    await screen.findAllByTestId('diff-file');
    expect(screen.queryAllByTestId('diff-edit-file')).toEqual([]);
  });
});
