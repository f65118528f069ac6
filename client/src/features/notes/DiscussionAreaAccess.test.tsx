import { beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { DISCUSSION_TEXTS, NOTES_FILTER, NOTE_FORM_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import type { FetchStub } from '../../test/kit';
import { issueAtomFamily } from '../issue/issueAtoms';
import { issueEvents } from '../issue/issueEvents';
import { makeIssue } from '../issue/testIssue';
import { currentUserAtom } from '../session/sessionAtoms';
import { discussionOfNote } from './discussionRules';
import { alice, bob, makeNote } from './testNotes';
import { box, CREATE, DISCUSSIONS, KEY, mine, openIssuePage, pageData, permissions, renderArea, submitButton } from './testDiscussionArea';

/** Who may comment, and how the form and notes say so: signed out, locked, archived, internal notes, badges. */
describe('DiscussionArea access', () => {
  let api: FetchStub;
  beforeEach(() => {
    api = openIssuePage();
  });

  it('signed out: the sign-in widget replaces the form; its links return to the issue after sign-in', () => {
    window.history.pushState({}, '', '/g/p/-/issues/1');
    appStore.set(currentUserAtom, null);
    renderArea();
    expect((screen.getByTestId('commenting-signedOut')).textContent).toContain(DISCUSSION_TEXTS.signedOut);
    // The parameter the sign-in page reads (SIGN_IN_REDIRECT_PARAM), not one it ignores
    for (const name of ['sign in', 'register']) expect(screen.getByRole('link', { name }).getAttribute('href')).toBe('/users/sign_in?redirect=%2Fg%2Fp%2F-%2Fissues%2F1');
  });

  it('offers the internal-note checkbox to who may write one: the button says so and the POST carries internal', async () => {
    api.on({ [CREATE]: makeNote({ id: '8', internal: true, confidential: true, note_html: '<p>for the team</p>' }) });
    renderArea();
    await screen.findByText('note 1');
    fireEvent.change(box(), { target: { value: 'for the team' } });
    fireEvent.click(screen.getByRole('checkbox', { name: NOTE_FORM_TEXTS.internalCheckbox }));
    expect(submitButton().textContent).toBe(NOTE_FORM_TEXTS.addInternalNote);
    fireEvent.click(submitButton());
    const stored = await screen.findByText('for the team', { selector: 'p' });
    expect(api.lastCall(CREATE).body.note).toMatchObject({ note: 'for the team', internal: true });
    // the stored note wears the eye-slash badge; the checkbox is cleared for the next comment
    const note = stored.closest('[data-testid="note"]') as HTMLElement;
    expect(within(note).getByTestId('note-internal').textContent).toContain(NOTE_FORM_TEXTS.internalBadge);
    // The stored note can render a tick before the form's own reset (the send resolves after the cache write)
    await waitFor(() => expect((screen.getByRole('checkbox', { name: NOTE_FORM_TEXTS.internalCheckbox }) as HTMLInputElement).checked).toBe(false));
    expect(submitButton().textContent).toBe('Comment');
  });

  it('no internal-note checkbox for who may not write internal notes; a plain comment is not internal', async () => {
    api.on({ [CREATE]: makeNote({ id: '8', note_html: '<p>public</p>' }) });
    renderArea(pageData({ permissions: { ...permissions, canCreateInternalNote: false } }));
    await screen.findByText('note 1');
    expect(screen.queryByRole('checkbox', { name: NOTE_FORM_TEXTS.internalCheckbox })).toBeNull();
    fireEvent.change(box(), { target: { value: 'public' } });
    fireEvent.click(submitButton());
    await screen.findByText('public', { selector: 'p' });
    expect(api.lastCall(CREATE).body.note.internal).toBeUndefined();
    expect(screen.queryByTestId('note-internal')).toBeNull();
  });

  it('a discussion locked while a non-member has the page open swaps the form and replies for the locked widget, and back on unlock', async () => {
    // A non-member: may comment while unlocked, not once locked
    renderArea(pageData({ permissions: { ...permissions, canCreateNoteWhenLocked: false, canCreateInternalNote: false } }));
    await screen.findByText('note 2');
    const t = () => screen.getAllByTestId('discussion')[1]!;
    expect(within(t()).getByRole('button', { name: 'Reply…' })).toBeTruthy();
    const lock = (locked: boolean) => {
      const event = { type: 'issue.updated', seq: 1, issue: { project_path: 'g/p', iid: 1 }, payload: { fields: { discussion_locked: locked } }, actor: alice, at: '' };
      act(() => issueEvents['issue.updated']!(event as never, { store: appStore, queryClient: new QueryClient() }));
    };
    lock(true);
    expect(screen.getByTestId('commenting-locked').textContent).toBe(DISCUSSION_TEXTS.locked('issue'));
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    expect(within(t()).queryByRole('button', { name: 'Reply…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply to comment' })).toBeNull();
    lock(false);
    expect(screen.queryByTestId('commenting-locked')).toBeNull();
    expect(box()).toBeTruthy();
    expect(within(t()).getByRole('button', { name: 'Reply…' })).toBeTruthy();
  });

  it('a member keeps the form when the discussion is locked live, with the locked warning', async () => {
    renderArea();
    await screen.findByText('note 1');
    const event = { type: 'issue.updated', seq: 1, issue: { project_path: 'g/p', iid: 1 }, payload: { fields: { discussion_locked: true } }, actor: alice, at: '' };
    act(() => issueEvents['issue.updated']!(event as never, { store: appStore, queryClient: new QueryClient() }));
    expect(screen.getByTestId('comment-warning').textContent).toBe(NOTE_FORM_TEXTS.lockedWarning('issue'));
    expect(box()).toBeTruthy();
    expect(screen.queryByTestId('commenting-locked')).toBeNull();
  });

  it('a locked issue: the locked widget for who may not comment, the warning above the form for who may', async () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ discussion_locked: true }));
    renderArea(pageData({ permissions: { ...permissions, canCreateNote: false, canCreateNoteWhenLocked: false } }));
    expect(screen.getByTestId('commenting-locked').textContent).toBe(DISCUSSION_TEXTS.locked('issue'));
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    cleanup();
    renderArea();
    expect(screen.getByTestId('comment-warning').textContent).toBe(NOTE_FORM_TEXTS.lockedWarning('issue'));
    expect(box()).toBeTruthy();
  });

  it('an archived project: the archived widget replaces the form', () => {
    renderArea(pageData({ notesData: { notesFilter: NOTES_FILTER.all, prerenderedNotesCount: 0, isProjectArchived: true } }));
    expect(screen.getByTestId('commenting-archived').textContent).toBe(DISCUSSION_TEXTS.archived);
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
  });

  it('notes wear their author\'s role badge (human_access); none without one', async () => {
    api.on({ [DISCUSSIONS]: [discussionOfNote({ ...mine, human_access: 'Maintainer' }), discussionOfNote(makeNote({ id: '3', author: bob, note_html: '<p>by bob</p>', human_access: null }))] });
    renderArea();
    const bobs = (await screen.findByText('by bob')).closest('[data-testid="note"]') as HTMLElement;
    const alices = screen.getByText('note 1').closest('[data-testid="note"]') as HTMLElement;
    const badge = within(alices).getByTestId('note-role-badge');
    expect(badge.textContent).toBe('Maintainer');
    expect(badge.getAttribute('title')).toBe(NOTE_FORM_TEXTS.roleBadgeTitle('Maintainer'));
    expect(within(bobs).queryByTestId('note-role-badge')).toBeNull();
  });

  it("notes by the issue's author wear the Author badge; others' do not", async () => {
    api.on({ [DISCUSSIONS]: [discussionOfNote(mine), discussionOfNote(makeNote({ id: '3', author: bob, note_html: '<p>by bob</p>' }))] });
    renderArea();
    const bobs = (await screen.findByText('by bob')).closest('[data-testid="note"]') as HTMLElement;
    const alices = screen.getByText('note 1').closest('[data-testid="note"]') as HTMLElement;
    expect(within(alices).getByTestId('note-author-badge').textContent).toBe(NOTE_FORM_TEXTS.authorBadge);
    expect(within(bobs).queryByTestId('note-author-badge')).toBeNull();
  });
});
