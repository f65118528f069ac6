import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ApiNote, CurrentUser } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { stubFetch, type FetchStub } from '../../test/kit';
import { currentUserAtom } from '../session/sessionAtoms';
import { awardEvents } from './awardEvents';
import { awardsAtomFamily } from './awardsAtoms';
import { NoteAwardsBar } from './NoteAwardsBar';

const me = { id: 7, username: 'mia', name: 'Mia', state: 'active', locked: false, avatar_url: null, web_url: '' } as CurrentUser;
const bob = { id: 2, username: 'bob', name: 'Bob', state: 'active', locked: false, avatar_url: null, web_url: '' };
const note = (over: Partial<ApiNote> = {}) =>
  ({ id: '55', system: false, emoji_awardable: true, award_emoji: [{ name: 'eyes', user: { id: 2, name: 'Bob', username: 'bob' } }], current_user: { can_award_emoji: true }, ...over }) as unknown as ApiNote;

describe('NoteAwardsBar', () => {
  let api: FetchStub;
  beforeEach(() => {
    api = stubFetch({ 'POST /g/p/notes/:id/toggle_award_emoji': { ok: true } });
    appStore.set(currentUserAtom, me);
  });
  afterEach(() => {
    appStore.set(currentUserAtom, null);
    awardsAtomFamily.remove('Note:55');
  });

  it("shows the note's awards, toggles on the note's path and follows award.toggled for the note", async () => {
    render(<NoteAwardsBar note={note()} projectPath="g/p" iid={1} issueId={100} />);
    expect(screen.getByTestId('award-eyes').textContent).toContain('1');
    expect(screen.queryByTestId('award-thumbsup')).toBeNull();
    fireEvent.click(screen.getByTestId('award-eyes'));
    await waitFor(() => expect(api.calls.map((c) => c.url)).toEqual(['/g/p/notes/55/toggle_award_emoji']));
    act(() =>
      awardEvents['award.toggled']!(
        { type: 'award.toggled', seq: 3, issue: { id: 100, iid: 1, project_path: 'g/p' }, payload: { awardable_type: 'Note', awardable_id: 55, name: 'rocket', user: bob, toggled_on: true }, actor: bob, at: '' },
        { store: appStore, queryClient: undefined as never },
      ),
    );
    expect(screen.getByTestId('award-rocket').textContent).toContain('1');
  });

  it('renders nothing for a system note, and disabled buttons for a viewer who may not award', () => {
    const { container } = render(<NoteAwardsBar note={note({ system: true })} projectPath="g/p" iid={1} issueId={100} />);
    expect(container.textContent).toBe('');
    cleanup();
    render(<NoteAwardsBar note={note({ current_user: { can_award_emoji: false } as ApiNote['current_user'] })} projectPath="g/p" iid={1} issueId={100} />);
    expect((screen.getByTestId('award-eyes') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('add-reaction')).toBeNull();
  });

  it('follows the live lock over the flag the note was loaded with: an unlock after loading shows the control, a lock hides it', () => {
    const lockedAtLoad = note({ current_user: { can_award_emoji: false } as ApiNote['current_user'] });
    const { rerender } = render(<NoteAwardsBar note={lockedAtLoad} projectPath="g/p" iid={1} issueId={100} canAward={false} />);
    expect((screen.getByTestId('award-eyes') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('add-reaction')).toBeNull();
    rerender(<NoteAwardsBar note={lockedAtLoad} projectPath="g/p" iid={1} issueId={100} canAward />);
    expect((screen.getByTestId('award-eyes') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('add-reaction')).toBeTruthy();
    rerender(<NoteAwardsBar note={note()} projectPath="g/p" iid={1} issueId={100} canAward={false} />);
    expect((screen.getByTestId('award-eyes') as HTMLButtonElement).disabled).toBe(true);
  });
});
