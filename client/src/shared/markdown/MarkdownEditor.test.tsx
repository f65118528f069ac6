import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MarkdownEditor } from './MarkdownEditor';

function Harness({ onSubmit = vi.fn(), onCancel = vi.fn() }: { onSubmit?: () => void; onCancel?: () => void }) {
  const [value, setValue] = useState('**hi**');
  return <MarkdownEditor value={value} onChange={setValue} onSubmit={onSubmit} onCancel={onCancel} previewProjectPath="g/p" noteable={{ iid: 1, id: 10 }} label="Comment" />;
}

describe('MarkdownEditor', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ html: '<p><strong>hi</strong></p>' }), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('previews through the server with the project, and Write brings the textarea back', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    expect((await screen.findByText('hi')).tagName).toBe('STRONG');
    const [url, init] = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(url).toBe('/api/v4/markdown');
    expect(JSON.parse(init.body)).toMatchObject({ text: '**hi**', project: 'g/p' });
    fireEvent.click(screen.getByRole('tab', { name: 'Write' }));
    expect(screen.getByRole('textbox', { name: 'Comment' })).toBeTruthy();
  });

  it('Ctrl+Enter submits; Escape leaves zen mode first, then cancels', () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onSubmit={onSubmit} onCancel={onCancel} />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    fireEvent.keyDown(box, { key: 'Enter', metaKey: true });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Go full screen' }));
    expect(screen.getByRole('dialog', { name: 'Comment' })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onCancel).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
