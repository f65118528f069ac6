import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { IssuePermissions } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { renderWithStores } from '../../test/kit';
import { issueAtomFamily } from '../issue/issueAtoms';
import { issueEvents } from '../issue/issueEvents';
import { makeIssue } from '../issue/testIssue';
import { currentUserAtom } from '../session/sessionAtoms';
import { IssueAwardsBar } from './IssueAwardsBar';

const KEY = 'g/p#1';
const base: IssuePermissions = { canUpdateIssue: false, canReopenIssue: false, canCreateIssue: true, canDestroy: false, canAdmin: false, canCreateNote: true, canUpdate: false, canCreateInternalNote: false, canAwardEmoji: true, canCreateNoteWhenLocked: false, canCreateNoteWhenUnlocked: true };
const lock = (locked: boolean, seq: number) => {
  const e = { type: 'issue.updated', seq, issue: { project_path: 'g/p', iid: 1 }, payload: { fields: { discussion_locked: locked, lock_version: seq, updated_at: '' } }, actor: null, at: '' };
  act(() => issueEvents['issue.updated']!(e as never, { store: appStore, queryClient: new QueryClient() }));
};
const addReaction = () => screen.queryByRole('button', { name: 'Add reaction' });

/** The issue's reaction controls follow the live lock, like the comment form (canAwardEmojiWhenLocked/Unlocked). */
describe('IssueAwardsBar', () => {
  beforeEach(() => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ discussion_locked: false }));
    appStore.set(currentUserAtom, { id: 9, username: 'erin', name: 'Erin', state: 'active', locked: false, avatar_url: null, web_url: '/erin', email: 'e@x', is_admin: false, created_at: '' });
  });
  const renderBar = (permissions: IssuePermissions) =>
    renderWithStores(<IssueAwardsBar issueKey={KEY} awards={[]} permissions={permissions} toggleUrl="/g/p/-/issues/1/toggle_award_emoji" />);

  it('a non-member loses the reaction control when the issue is locked while the page is open, and gets it back on unlock', () => {
    renderBar({ ...base, canAwardEmojiWhenLocked: false, canAwardEmojiWhenUnlocked: true });
    expect(addReaction()).toBeTruthy();
    lock(true, 1);
    expect(addReaction()).toBeNull();
    lock(false, 2);
    expect(addReaction()).toBeTruthy();
  });

  it('a member who may still comment keeps it when the issue is locked', () => {
    renderBar({ ...base, canCreateNoteWhenLocked: true, canAwardEmojiWhenLocked: true, canAwardEmojiWhenUnlocked: true });
    lock(true, 1);
    expect(addReaction()).toBeTruthy();
  });

  it('a page rendered locked for a non-member shows it once the issue is unlocked', () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ discussion_locked: true }));
    renderBar({ ...base, canCreateNote: false, canAwardEmoji: false, canAwardEmojiWhenLocked: false, canAwardEmojiWhenUnlocked: true });
    expect(addReaction()).toBeNull();
    lock(false, 1);
    expect(addReaction()).toBeTruthy();
  });
});
