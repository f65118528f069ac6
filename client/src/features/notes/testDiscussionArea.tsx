import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import { NOTES_FILTER, noteablePaths, type ApiProject, type IssuePageData } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { renderWithStores, stubFetch, type FetchStub } from '../../test/kit';
import { connectionStateAtom } from '../../realtime/realtimeAtoms';
import { issueAtomFamily } from '../issue/issueAtoms';
import { makeIssue } from '../issue/testIssue';
import { testPermissions } from '../issue/testPermissions';
import { csrfTokenAtom, currentUserAtom } from '../session/sessionAtoms';
import { discussionOfNote } from './discussionRules';
import { IssueDiscussionArea } from './IssueDiscussionArea';
import { discussionsAtomFamily } from './notesAtoms';
import { pendingNotesAtomFamily } from './pendingNotesAtoms';
import { alice, makeNote, makeThread } from './testNotes';

/** The issue page's discussion area in tests: issue g/p#1 (id 100), its paths, notes and page data. */
export const KEY = 'g/p#1';
export const P = noteablePaths('g/p', 1, 100);
export const DISCUSSIONS = `GET ${P.discussions}`;
export const PAGE_2 = `${DISCUSSIONS}?cursor=c2`;
export const CREATE = `POST ${P.createNote}`;
/** A stored note as the create answer carries it. */
export const created = (over: Parameters<typeof makeNote>[0]) => ({ ...makeNote(over), commands_changes: {}, valid: true });
export const permissions = testPermissions();
export const pageData = (over: Partial<IssuePageData> = {}): IssuePageData =>
  ({
    issue: makeIssue(),
    project: { path_with_namespace: 'g/p', name: 'p', name_with_namespace: 'g / p' } as ApiProject,
    permissions,
    seq: 0,
    endpoint: '/g/p/-/issues/1',
    realtimeChangesPath: '/g/p/-/issues/1/realtime_changes',
    notesPath: '/g/p/noteable/issue/100/notes',
    lastFetchedAt: 1,
    notesData: { notesFilter: NOTES_FILTER.all, prerenderedNotesCount: 2, isProjectArchived: false },
    ...over,
  }) as IssuePageData;

export const mine = makeNote({ id: '1', note: 'my first', current_user: { can_edit: true, can_award_emoji: true, can_resolve: true, can_resolve_discussion: true } });
export const thread = makeThread([makeNote({ id: '2', discussion_id: 'T', individual_note: false, resolvable: true, type: 'DiscussionNote', current_user: { can_edit: true, can_award_emoji: true, can_resolve: true, can_resolve_discussion: true } })]);

/** Alice signed in on the issue page, socket open, no drafts; the server holds `mine` and `thread`. */
export function openIssuePage(): FetchStub {
  localStorage.clear();
  window.history.pushState({}, '', '/g/p/-/issues/1');
  discussionsAtomFamily.remove(KEY);
  appStore.set(pendingNotesAtomFamily(KEY), []);
  appStore.set(issueAtomFamily(KEY), makeIssue({ lock_version: 7 }));
  appStore.set(csrfTokenAtom, 'csrf');
  appStore.set(currentUserAtom, { ...alice, email: 'a@x', is_admin: false, created_at: '' });
  appStore.set(connectionStateAtom, 'open');
  return stubFetch({ [DISCUSSIONS]: [discussionOfNote(mine), thread] });
}

export function renderArea(data = pageData(), toggle = vi.fn(async () => {})) {
  renderWithStores(<IssueDiscussionArea data={data} issueKey={KEY} stateToggle={{ busy: false, toggle }} />);
  return { toggle };
}
export const box = () => screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement;
export const submitButton = () => screen.getByTestId('comment-submit') as HTMLButtonElement;
