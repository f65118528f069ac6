import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { NOTE_FORM_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { renderWithStores } from '../../test/kit';
import { knownUserStatusesAtom } from '../user-status/userStatusAtoms';
import { NoteHeader } from './NoteHeader';
import { makeNote } from './testNotes';

describe('NoteHeader', () => {
  afterEach(() => appStore.set(knownUserStatusesAtom, new Map()));

  it("shows the author's status emoji beside the name (loaded when not a common one), its message as the tooltip; none without a status", async () => {
    const note = makeNote();
    const username = note.author!.username;
    appStore.set(knownUserStatusesAtom, new Map([[username, { emoji: 'palm_tree', message: 'On holiday' }]]));
    const { unmount } = renderWithStores(<NoteHeader note={note} />);
    const emoji = await screen.findByRole('img', { name: 'Status: On holiday' }, { timeout: 5000 });
    expect(emoji.textContent).toBe('🌴');
    expect(emoji.getAttribute('title')).toBe('On holiday');
    unmount();
    appStore.set(knownUserStatusesAtom, new Map([[username, null]]));
    renderWithStores(<NoteHeader note={note} />);
    expect(screen.queryByTestId('user-status-emoji')).toBeNull();
  });

  it("shows 'Contributor' for an author with is_contributor, and nothing otherwise", () => {
    renderWithStores(<NoteHeader note={{ ...makeNote(), is_contributor: true }} />);
    const badge = screen.getByTestId('note-contributor-badge');
    expect(badge.textContent).toBe(NOTE_FORM_TEXTS.contributorBadge);
    expect(badge.getAttribute('title')).toBe(NOTE_FORM_TEXTS.contributorBadgeTitle);
    cleanup();
    renderWithStores(<NoteHeader note={makeNote()} />);
    expect(screen.queryByTestId('note-contributor-badge')).toBeNull();
  });
});
