import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { FILE_EDIT_TEXTS } from '@tandem/shared-types';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../../test/kit';
import { BlobEditForm } from './BlobEditForm';
import { loadEditableBlob } from './blobEditApi';

const FILE = 'PUT /api/v4/projects/acme%2Ftandem/repository/files/docs%2Fguide.md';
const blob = { ref: 'feature', path: 'docs/guide.md', fileName: 'guide.md', content: '# Guide\n', lastCommitId: 'c'.repeat(40) };

describe('the single-file editor', () => {
  let api: FetchStub;
  beforeEach(() => {
    cleanup();
    api = stubFetch({});
  });

  it('commits the text with GitLab\'s default message and the last_commit_id it loaded', async () => {
    api.on({ [FILE]: { file_path: 'docs/guide.md', branch: 'feature' } });
    const done = vi.fn();
    renderWithStores(<BlobEditForm projectPath="acme/tandem" blob={blob} cancelHref="/acme/tandem/-/merge_requests/7/diffs" onCommitted={done} />);
    expect((screen.getByTestId('blob-edit-message') as HTMLTextAreaElement).value).toBe('Update guide.md');
    expect((screen.getByTestId('blob-edit-branch') as HTMLInputElement).value).toBe('feature');
    fireEvent.change(screen.getByTestId('blob-edit-content'), { target: { value: '# Guide\n\nMore\n' } });
    fireEvent.click(screen.getByTestId('blob-edit-commit'));
    await waitFor(() => expect(done).toHaveBeenCalledWith('feature'));
    expect(api.lastCall(FILE).body).toEqual({ branch: 'feature', content: '# Guide\n\nMore\n', commit_message: 'Update guide.md', last_commit_id: 'c'.repeat(40) });
  });

  it('a file changed meanwhile: GitLab\'s message is shown and the typed text stays', async () => {
    api.on({ [FILE]: () => jsonResponse({ message: FILE_EDIT_TEXTS.fileChanged }, { status: 400 }) });
    const done = vi.fn();
    renderWithStores(<BlobEditForm projectPath="acme/tandem" blob={blob} cancelHref="/acme/tandem" onCommitted={done} />);
    fireEvent.change(screen.getByTestId('blob-edit-content'), { target: { value: 'my work\n' } });
    fireEvent.click(screen.getByTestId('blob-edit-commit'));
    expect((await screen.findByTestId('blob-edit-error')).textContent).toContain(FILE_EDIT_TEXTS.fileChanged);
    expect((screen.getByTestId('blob-edit-content') as HTMLTextAreaElement).value).toBe('my work\n');
    expect(done).not.toHaveBeenCalled();
  });

  it('a new target branch starts from the branch opened', async () => {
    api.on({ [FILE]: { file_path: 'docs/guide.md', branch: 'fix' } });
    renderWithStores(<BlobEditForm projectPath="acme/tandem" blob={blob} cancelHref="/acme/tandem" onCommitted={vi.fn()} />);
    fireEvent.change(screen.getByTestId('blob-edit-branch'), { target: { value: 'fix' } });
    fireEvent.click(screen.getByTestId('blob-edit-commit'));
    await waitFor(() => expect(api.callsTo(FILE)).toHaveLength(1));
    expect(api.lastCall(FILE).body).toMatchObject({ branch: 'fix', start_branch: 'feature' });
  });

  it('opens <ref>/<path> with the longest ref that holds the file; a binary file is not text', async () => {
    const GET = 'GET /api/v4/projects/acme%2Ftandem/repository/files/:path';
    api.on({
      [GET]: (c) =>
        c.query.get('ref') === 'feature/x' && c.params.path === 'a.bin'
          ? { file_name: 'a.bin', file_path: 'a.bin', content: btoa('a\u0000b'), last_commit_id: 'd'.repeat(40) }
          : jsonResponse({ message: '404 File Not Found' }, { status: 404 }),
    });
    expect(await loadEditableBlob('acme/tandem', 'feature/x/a.bin')).toEqual({ ref: 'feature/x', path: 'a.bin', fileName: 'a.bin', content: null, lastCommitId: 'd'.repeat(40) });
    expect(await loadEditableBlob('acme/tandem', 'nope/a.bin')).toBeNull();
  });
});
