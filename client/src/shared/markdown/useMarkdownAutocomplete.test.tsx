import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { DISCUSSION_LIMITS, MARKDOWN_EDITOR_TEXTS } from '@tandem/shared-types';
import { deferred, jsonResponse, stubFetch, type FetchStub } from '../../test/kit';
import { AttachButton } from './AttachButton';
import { AutocompleteMenu } from './AutocompleteMenu';
import { useAttachments } from './useAttachments';
import { useMarkdownAutocomplete } from './useMarkdownAutocomplete';

function Editor({ onKeyDown }: { onKeyDown?: (key: string) => void }) {
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const ac = useMarkdownAutocomplete(ref, { projectPath: 'g/p', iid: 1, id: 100, onChange: setText });
  const att = useAttachments(ref, '/g/p/uploads', setText);
  return (
    <>
      <textarea
        aria-label="Text"
        ref={ref}
        value={text}
        onChange={(e) => setText(e.target.value)}
        {...att.textareaProps}
        {...ac.textareaProps}
        onKeyDown={(e) => {
          ac.textareaProps.onKeyDown(e);
          if (!e.defaultPrevented) onKeyDown?.(e.key);
        }}
      />
      <AutocompleteMenu autocomplete={ac} />
      <AttachButton onFiles={att.uploadAll} uploading={att.uploading} error={att.error} />
    </>
  );
}

const SOURCES = '/g/p/-/autocomplete_sources';
const UPLOAD = 'POST /g/p/uploads';
const box = () => screen.getByLabelText('Text') as HTMLTextAreaElement;

function type(value: string) {
  fireEvent.change(box(), { target: { value } });
  box().setSelectionRange(value.length, value.length);
  fireEvent.keyUp(box(), { key: value.slice(-1) });
}

describe('useMarkdownAutocomplete', () => {
  let api: FetchStub;
  beforeEach(() => {
    api = stubFetch();
  });

  it('fetches members debounced and inserts the chosen username with Enter', async () => {
    api.on({ [`GET ${SOURCES}/members`]: [{ username: 'alice', name: 'Alice Adams' }, { username: 'bob', name: 'Bob Brown' }] });
    const onKeyDown = vi.fn();
    render(<Editor onKeyDown={onKeyDown} />);
    type('Hi @b');
    expect(api.calls).toHaveLength(0);
    const list = await screen.findByRole('listbox', {}, { timeout: DISCUSSION_LIMITS.autocompleteDebounceMs + 1000 });
    expect(api.calls.map((c) => c.url)).toEqual(['/g/p/-/autocomplete_sources/members?type=Issue&type_id=1&search=b']);
    expect(list.textContent).toContain('bob');
    expect(list.textContent).not.toContain('alice');
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { selected: true }).id);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('Hi @bob ');
    expect(onKeyDown).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("lists the issue's commands the server offers for a slash at a line's start, and inserts the chosen one", async () => {
    api.on({
      [`GET ${SOURCES}/commands`]: [
        { name: 'todo', aliases: [], description: 'Add a to-do item', params: [], warning: '', icon: '' },
        { name: 'move', aliases: [], description: 'Move this issue to another project', params: ['path/to/project'], warning: '', icon: '' },
      ],
    });
    render(<Editor />);
    type('Looks done.\n/mo');
    const list = await screen.findByRole('listbox', {}, { timeout: DISCUSSION_LIMITS.autocompleteDebounceMs + 1000 });
    expect(api.calls.map((c) => c.url)).toEqual(['/g/p/-/autocomplete_sources/commands?type=Issue&type_id=1&search=mo']);
    expect(list.textContent).toContain('/move path/to/project');
    expect(list.textContent).toContain('Move this issue to another project');
    expect(list.textContent).not.toContain('/todo');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('Looks done.\n/move ');
  });

  it('moves with the arrow keys and closes on Escape without passing it on', async () => {
    api.on({ [`GET ${SOURCES}/labels`]: [{ title: 'bug', color: '#f00' }, { title: 'needs review', color: '#0f0' }] });
    const onKeyDown = vi.fn();
    render(<Editor onKeyDown={onKeyDown} />);
    type('~');
    await screen.findByRole('listbox');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('needs review');
    fireEvent.keyDown(box(), { key: 'Tab' });
    expect(box().value).toBe('~"needs review" ');
    type('~"needs review" ~');
    await screen.findByRole('listbox');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onKeyDown).not.toHaveBeenCalled();
  });

  it("asks nothing for '&' on an issue (a project's sources have no epics)", async () => {
    render(<Editor />);
    type('see &1');
    await new Promise((r) => setTimeout(r, DISCUSSION_LIMITS.autocompleteDebounceMs + 100));
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('suggests emoji from the local data without a request', async () => {
    render(<Editor />);
    type('great :tad');
    const list = await screen.findByRole('listbox', {}, { timeout: 3000 });
    expect(list.textContent).toContain(':tada:');
    expect(api.calls).toHaveLength(0);
    fireEvent.mouseDown(screen.getAllByRole('option')[0]!);
    expect(box().value).toBe('great :tada: ');
  });
});

describe('useAttachments', () => {
  let api: FetchStub;
  beforeEach(() => {
    api = stubFetch();
  });

  it('shows the uploading placeholder, then the returned markdown (multipart `file`)', async () => {
    const answer = deferred();
    api.on({ [UPLOAD]: answer.handler });
    render(<Editor />);
    type('See');
    const file = new File(['png'], 'shot.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('md-attach-input'), { target: { files: [file] } });
    expect(box().value).toBe(`See ${MARKDOWN_EDITOR_TEXTS.uploading('shot.png')}`);
    expect((api.lastCall(UPLOAD).body as FormData).get('file')).toBeInstanceOf(File);
    await act(async () => answer.release({ alt: 'shot', url: '/uploads/x/shot.png', markdown: '![shot](/uploads/x/shot.png)' }));
    await waitFor(() => expect(box().value).toBe('See ![shot](/uploads/x/shot.png)'));
  });

  it("removes the placeholder and shows the server's message when refused", async () => {
    api.on({ [UPLOAD]: jsonResponse({ message: 'File type is not allowed' }, { status: 422 }) });
    render(<Editor />);
    fireEvent.drop(box(), { dataTransfer: { files: [new File(['x'], 'a.exe')], types: ['Files'] } });
    await waitFor(() => expect(screen.getByTestId('md-attach-error').textContent).toBe('File type is not allowed'));
    expect(box().value).toBe('');
  });

  it('refuses a file over the limit without sending it', () => {
    render(<Editor />);
    const big = new File(['x'], 'big.bin');
    Object.defineProperty(big, 'size', { value: DISCUSSION_LIMITS.uploadMaxBytes + 1 });
    fireEvent.change(screen.getByTestId('md-attach-input'), { target: { files: [big] } });
    expect(screen.getByTestId('md-attach-error').textContent).toContain('File is too big');
    expect(api.calls).toHaveLength(0);
  });
});
