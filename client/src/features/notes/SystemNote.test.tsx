import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DISCUSSION_TEXTS, noteablePaths, type ApiNote } from '@tandem/shared-types';
import { testPermissions } from '../issue/testPermissions';
import { NotesContext, type NotesContextValue } from './NotesContext';
import { SystemNote } from './SystemNote';

const ctx = { paths: noteablePaths('g/p', 1, 10), permissions: testPermissions({}), currentUser: null } as unknown as NotesContextValue;
const show = (n: ApiNote) =>
  render(
    <NotesContext.Provider value={ctx}>
      <SystemNote note={n} />
    </NotesContext.Provider>,
  );

const commitNote = (n: number): ApiNote =>
  ({
    id: '1', type: null, system: true, system_note_icon_name: 'commit', note: '', body: '', author: { id: 1, name: 'Bob', username: 'bob', path: '/bob' }, created_at: new Date().toISOString(),
    note_html: `<p>added ${n} commits</p><ul>${Array.from({ length: n }, (_, i) => `<li>abcdef0${i} - Commit ${i + 1}</li>`).join('')}</ul>`,
  }) as unknown as ApiNote;

describe('SystemNote commit lists', () => {
  afterEach(cleanup);

  it('collapses a list of more than 3 commits behind "Toggle commit list"', () => {
    show(commitNote(5));
    const text = screen.getByTestId('system-note-text');
    expect(text.className).toContain('is-collapsed-list');
    expect(text.querySelectorAll('li')).toHaveLength(5);
    const toggle = screen.getByRole('button', { name: DISCUSSION_TEXTS.toggleCommitList });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(text.className).not.toContain('is-collapsed-list');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows 3 commits or fewer as they are, with no toggle', () => {
    show(commitNote(3));
    expect(screen.getByTestId('system-note-text').className).not.toContain('is-collapsed-list');
    expect(screen.queryByTestId('commit-list-toggle')).toBeNull();
  });
});
