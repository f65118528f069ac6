import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { stubFetch, type FetchStub } from '../../test/kit';
import { noteablePaths } from '@tandem/shared-types';
import { MarkdownEditor } from './MarkdownEditor';

function Harness({ onSubmit = vi.fn(), onCancel = vi.fn() }: { onSubmit?: () => void; onCancel?: () => void }) {
  const [value, setValue] = useState('**hi**');
  return <MarkdownEditor value={value} onChange={setValue} onSubmit={onSubmit} onCancel={onCancel} previewProjectPath="g/p" noteable={{ iid: 1, id: 10 }} label="Comment" />;
}

describe('MarkdownEditor', () => {
  let api: FetchStub;
  beforeEach(() => {
    api = stubFetch({ 'POST /api/v4/markdown': { html: '<p><strong>hi</strong></p>' } });
  });

  it('previews through the server with the project, and Write brings the textarea back', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    expect((await screen.findByText('hi')).tagName).toBe('STRONG');
    expect(api.lastCall('POST /api/v4/markdown').body).toMatchObject({ text: '**hi**', project: 'g/p' });
    fireEvent.click(screen.getByRole('tab', { name: 'Write' }));
    expect(screen.getByRole('textbox', { name: 'Comment' })).toBeTruthy();
  });

  it("an issue comment's preview asks for and lists the quick actions' explanations; a description's does not", async () => {
    api.on({ 'POST /api/v4/markdown': { html: '<p>Done.</p>', commands: ['Closes this issue.', 'Adds a to-do item.'] } });
    const Comment = () => {
      const [value, setValue] = useState('Done.\n/close\n/todo');
      return <MarkdownEditor value={value} onChange={setValue} onSubmit={vi.fn()} onCancel={vi.fn()} previewProjectPath="g/p" noteable={{ iid: 1, id: 10 }} sources={noteablePaths('g/p', 1, 10)} label="Comment" />;
    };
    const { unmount } = render(<Comment />);
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const list = await screen.findByTestId('preview-commands');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Closes this issue.', 'Adds a to-do item.']);
    expect(api.lastCall('POST /api/v4/markdown').body).toMatchObject({ project: 'g/p', quick_actions: true });
    unmount();
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    await screen.findByText('Done.');
    expect(api.lastCall('POST /api/v4/markdown').body).not.toHaveProperty('quick_actions');
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
