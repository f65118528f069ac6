import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DISCUSSION_TEXTS, IDEMPOTENCY_HEADER, NOTES_FILTER, NOTE_FORM_TEXTS, type ApiProject, type IssuePageData } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { connectionStateAtom } from '../../realtime/realtimeAtoms';
import { issueAtomFamily } from '../issue/issueAtoms';
import { issueEvents } from '../issue/issueEvents';
import { makeIssue } from '../issue/testIssue';
import { testPermissions } from '../issue/testPermissions';
import { csrfTokenAtom, currentUserAtom } from '../session/sessionAtoms';
import { discussionOfNote } from './discussionRules';
import { IssueDiscussionArea } from './IssueDiscussionArea';
import { noteDraftKey, noteEditDraftKey } from './noteDrafts';
import { noteEvents } from './noteEvents';
import { discussionsAtomFamily } from './notesAtoms';
import { pendingNotesAtomFamily } from './pendingNotesAtoms';
import { alice, bob, makeNote, makeThread } from './testNotes';

const KEY = 'g/p#1';
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const permissions = testPermissions();
const pageData = (over: Partial<IssuePageData> = {}): IssuePageData =>
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

const mine = makeNote({ id: '1', note: 'my first', current_user: { can_edit: true, can_award_emoji: true, can_resolve: true, can_resolve_discussion: true } });
const thread = makeThread([makeNote({ id: '2', discussion_id: 'T', individual_note: false, resolvable: true, type: 'DiscussionNote', current_user: { can_edit: true, can_award_emoji: true, can_resolve: true, can_resolve_discussion: true } })]);

function renderArea(data = pageData(), toggle = vi.fn(async () => {})) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Provider store={appStore}>
        <IssueDiscussionArea data={data} issueKey={KEY} stateToggle={{ busy: false, toggle }} />
      </Provider>
    </QueryClientProvider>,
  );
  return { toggle };
}
const box = () => screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement;
const submitButton = () => screen.getByTestId('comment-submit') as HTMLButtonElement;

describe('DiscussionArea', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let routes: Record<string, () => Response | Promise<Response>>;
  beforeEach(() => {
    localStorage.clear();
    window.history.pushState({}, '', '/g/p/-/issues/1');
    discussionsAtomFamily.remove(KEY);
    appStore.set(pendingNotesAtomFamily(KEY), []);
    appStore.set(issueAtomFamily(KEY), makeIssue({ lock_version: 7 }));
    appStore.set(csrfTokenAtom, 'csrf');
    appStore.set(currentUserAtom, { ...alice, email: 'a@x', is_admin: false, created_at: '' });
    appStore.set(connectionStateAtom, 'open');
    routes = { 'discussions.json': () => json(200, [discussionOfNote(mine), thread]) };
    fetchMock = vi.fn((url: string) => {
      const route = Object.keys(routes).find((r) => url.includes(r));
      return Promise.resolve(route ? routes[route]!() : json(404, {}));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a skeleton, then the discussions from discussions.json with the saved filter', async () => {
    let answer!: () => void;
    routes['discussions.json'] = () => new Promise((r) => (answer = () => r(json(200, [discussionOfNote(mine), thread]))));
    renderArea(pageData({ notesData: { notesFilter: NOTES_FILTER.comments, prerenderedNotesCount: 2, isProjectArchived: false } }));
    expect(screen.getByTestId('notes-skeleton').children).toHaveLength(2);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toContain('notes_filter=1');
    act(() => answer());
    await screen.findByText('note 1');
    expect(screen.getAllByTestId('discussion')).toHaveLength(2);
    expect((screen.getByTestId('threads-resolved')).textContent).toContain('0 of 1 thread resolved');
  });

  it('reads every page (X-Next-Page-Cursor) so the last comment is reachable', async () => {
    routes['discussions.json'] = () => json(200, [discussionOfNote(mine)], { 'x-next-page-cursor': 'c2' });
    routes['cursor=c2'] = () => json(200, [discussionOfNote(makeNote({ id: '9', note_html: '<p>the last one</p>' }))]);
    // The more specific route must win
    routes = { 'cursor=c2': routes['cursor=c2']!, 'discussions.json': routes['discussions.json']! };
    renderArea();
    await screen.findByText('the last one');
    expect(screen.getByText('note 1')).toBeTruthy();
  });

  it('the submit is disabled while empty; Ctrl+Enter sends with an idempotency key; the draft is kept and then cleared', async () => {
    let answer!: () => void;
    routes['/notes?'] = () => new Promise((r) => (answer = () => r(json(200, { ...makeNote({ id: '5', note_html: '<p>hello there</p>' }), commands_changes: {}, valid: true }))));
    renderArea();
    await screen.findByText('note 1');
    expect(submitButton().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: 'hello there' } });
    expect(JSON.parse(localStorage.getItem(noteDraftKey('g/p', 1))!)).toEqual({ text: 'hello there', lock_version: 7 });
    expect(submitButton().disabled).toBe(false);
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    // Submitting: the box and the button are disabled and a placeholder shows at once
    await waitFor(() => expect(box().disabled).toBe(true));
    expect(submitButton().disabled).toBe(true);
    expect((screen.getByTestId('pending-note')).textContent).toContain('hello there');
    const post = fetchMock.mock.calls.find((c) => String(c[0]).includes('/notes?'))!;
    expect(post[1].headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(post[1].body)).toEqual({ note: { noteable_type: 'Issue', noteable_id: 100, note: 'hello there' } });
    act(() => answer());
    await screen.findByText('hello there', { selector: 'p' });
    expect(screen.queryByTestId('pending-note')).toBeNull();
    expect(box().value).toBe('');
    expect(localStorage.getItem(noteDraftKey('g/p', 1))).toBeNull();
  });

  it('restores the draft on reload', async () => {
    localStorage.setItem(noteDraftKey('g/p', 1), JSON.stringify({ text: 'half written', lock_version: 7 }));
    renderArea();
    expect(box().value).toBe('half written');
  });

  it('on a refusal the placeholder goes, the text is restored and the spec error shows', async () => {
    routes['/notes?'] = () => json(422, { errors: { base: ['Noteable is locked'] } });
    renderArea();
    await screen.findByText('note 1');
    fireEvent.change(box(), { target: { value: 'try this' } });
    fireEvent.click(submitButton());
    expect((await screen.findByTestId('notes-error')).textContent).toContain(DISCUSSION_TEXTS.submitFailedBecause('Noteable is locked'));
    expect(box().value).toBe('try this');
    expect(box().disabled).toBe(false);
    expect(screen.queryByTestId('pending-note')).toBeNull();
  });

  it('"Start thread" sends a DiscussionNote; with an empty box the close button only closes', async () => {
    routes['/notes?'] = () => json(200, { ...makeNote({ id: '6', discussion_id: 'N', individual_note: false }), commands_changes: {}, valid: true });
    const { toggle } = renderArea();
    await screen.findByText('note 1');
    fireEvent.click(screen.getByRole('button', { name: 'Close issue' }));
    expect(toggle).toHaveBeenCalledWith('CLOSE');
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('/notes?'))).toBe(false);
    const menu = screen.getByRole('button', { name: 'Comment type' });
    fireEvent.pointerDown(menu, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('menuitemradio', { name: /Start thread/ }));
    fireEvent.change(box(), { target: { value: 'a thread' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start thread' }));
    await waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('/notes?'))).toBe(true));
    const post = fetchMock.mock.calls.find((c) => String(c[0]).includes('/notes?'))!;
    expect(JSON.parse(post[1].body).note.type).toBe('DiscussionNote');
  });

  it('Up in the empty box edits my last note; a failed save restores the editor with the spec error', async () => {
    routes['/notes/2?'] = () => json(500, {});
    renderArea();
    await screen.findByText('note 1');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    const editor = await screen.findByRole('textbox', { name: 'Edit comment' });
    expect((editor as HTMLTextAreaElement).value).toBe('note 2');
    fireEvent.change(editor, { target: { value: 'note 2 changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save comment' }));
    expect((await screen.findByTestId('notes-error')).textContent).toContain(DISCUSSION_TEXTS.editNoteFailed);
    expect((screen.getByRole('textbox', { name: 'Edit comment' }) as HTMLTextAreaElement).value).toBe('note 2 changed');
  });

  it('history only replaces the form with the notice; its button shows all again', async () => {
    renderArea(pageData({ notesData: { notesFilter: NOTES_FILTER.history, prerenderedNotesCount: 1, isProjectArchived: false } }));
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    fireEvent.click(within(screen.getByTestId('notes-filtered-notice')).getByRole('button', { name: DISCUSSION_TEXTS.showAllActivity }));
    await waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('notes_filter=0&persist_filter=true'))).toBe(true));
    expect(box()).toBeTruthy();
  });

  it('a #note_ anchor switches the saved filter back to all', async () => {
    window.history.pushState({}, '', '/g/p/-/issues/1#note_2');
    renderArea(pageData({ notesData: { notesFilter: NOTES_FILTER.history, prerenderedNotesCount: 1, isProjectArchived: false } }));
    await waitFor(() => expect(fetchMock.mock.calls[0]![0]).toContain('notes_filter=0'));
  });

  it('signed out: the sign-in widget replaces the form; its links return to the issue after sign-in', () => {
    window.history.pushState({}, '', '/g/p/-/issues/1');
    appStore.set(currentUserAtom, null);
    renderArea();
    expect((screen.getByTestId('commenting-signedOut')).textContent).toContain(DISCUSSION_TEXTS.signedOut);
    // The parameter the sign-in page reads (SIGN_IN_REDIRECT_PARAM), not one it ignores
    for (const name of ['sign in', 'register']) expect(screen.getByRole('link', { name }).getAttribute('href')).toBe('/users/sign_in?redirect=%2Fg%2Fp%2F-%2Fissues%2F1');
  });

  it('resolving a thread shows the server answer; deleting asks first', async () => {
    routes['/resolve'] = () => json(200, { ...thread, resolved: true, notes: thread.notes.map((n) => ({ ...n, resolved: true, resolved_by: alice })) });
    renderArea();
    await screen.findByText('note 2');
    fireEvent.click(screen.getByRole('button', { name: 'Resolve thread' }));
    await screen.findByRole('button', { name: 'Unresolve thread' });
    expect((screen.getByTestId('threads-resolved')).textContent).toContain('1 of 1 thread resolved');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete comment' })[0]!);
    expect(await screen.findByText(DISCUSSION_TEXTS.confirmDelete('comment'))).toBeTruthy();
  });

  it('Reply on an individual note shows it as a thread; cancelling with text asks first, then reverts', async () => {
    renderArea();
    await screen.findByText('note 1');
    const individual = screen.getAllByTestId('discussion')[0]!;
    expect(individual.className).not.toContain('discussion--thread');
    fireEvent.click(within(individual).getByRole('button', { name: 'Reply to comment' }));
    expect(individual.className).toContain('discussion--thread');
    const reply = within(individual).getByRole('textbox', { name: 'Reply' });
    fireEvent.change(reply, { target: { value: 'half a thought' } });
    expect(JSON.parse(localStorage.getItem(noteDraftKey('g/p', 1, 'd1'))!).text).toBe('half a thought');
    fireEvent.click(within(individual).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(DISCUSSION_TEXTS.confirmCancelReply)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard reply' }));
    await waitFor(() => expect(within(individual).queryByRole('textbox', { name: 'Reply' })).toBeNull());
    expect(individual.className).not.toContain('discussion--thread');
  });

  it('a reply is posted into its discussion with in_reply_to_discussion_id', async () => {
    routes['/notes?'] = () => json(200, { ...makeNote({ id: '7', discussion_id: 'T', individual_note: false, note_html: '<p>my reply</p>' }), commands_changes: {}, valid: true });
    renderArea();
    await screen.findByText('note 2');
    const t = screen.getAllByTestId('discussion')[1]!;
    fireEvent.click(within(t).getByRole('button', { name: 'Reply…' }));
    fireEvent.change(within(t).getByRole('textbox', { name: 'Reply' }), { target: { value: 'my reply' } });
    fireEvent.click(within(t).getByRole('button', { name: 'Reply' }));
    await within(t).findByText('my reply', { selector: 'p' });
    const post = fetchMock.mock.calls.find((c) => String(c[0]).includes('/notes?'))!;
    expect(JSON.parse(post[1].body)).toMatchObject({ in_reply_to_discussion_id: 'T', note: { note: 'my reply' } });
  });

  it('warns when the note being edited changes on the server meanwhile', async () => {
    renderArea();
    await screen.findByText('note 1');
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit comment' })[0]!);
    await screen.findByRole('textbox', { name: 'Edit comment' });
    const event = { type: 'note.updated', seq: 1, issue: { project_path: 'g/p', iid: 1 }, payload: { note: { ...mine, note: 'changed by a second tab', note_html: '<p>changed by a second tab</p>' } }, actor: alice, at: '' };
    act(() => noteEvents['note.updated']!(event as never, { store: appStore, queryClient: new QueryClient() }));
    expect((await screen.findByTestId('note-remote-change')).textContent).toContain(DISCUSSION_TEXTS.remoteChangeWhileEditing);
  });
  it('an edit is autosaved with the note version it started from, restored on reopening, cleared on save', async () => {
    routes['/notes/1?'] = () => json(200, { ...mine, note: 'edited later', note_html: '<p>edited later</p>', updated_at: '2026-01-02T00:00:00.000Z' });
    renderArea();
    await screen.findByText('note 1');
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit comment' })[0]!);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Edit comment' }), { target: { value: 'edited later' } });
    expect(JSON.parse(localStorage.getItem(noteEditDraftKey('g/p', 1, '1'))!)).toEqual({ text: 'edited later', lock_version: 7, note_updated_at: mine.updated_at });
    // The page is left and opened again: the edit comes back with its text, no warning
    cleanup();
    renderArea();
    await screen.findByText('note 1');
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit comment' })[0]!);
    expect(((await screen.findByRole('textbox', { name: 'Edit comment' })) as HTMLTextAreaElement).value).toBe('edited later');
    expect(screen.queryByTestId('note-remote-change')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save comment' }));
    await screen.findByText('edited later', { selector: 'p' });
    expect(localStorage.getItem(noteEditDraftKey('g/p', 1, '1'))).toBeNull();
    // Two page loads: slow on a loaded machine
  }, 20_000);

  it('a restored edit draft of a note that changed since warns; cancelling asks first and clears the draft', async () => {
    localStorage.setItem(noteEditDraftKey('g/p', 1, '1'), JSON.stringify({ text: 'my old edit', lock_version: 7, note_updated_at: '2025-12-31T00:00:00.000Z' }));
    renderArea();
    await screen.findByText('note 1');
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit comment' })[0]!);
    expect(((await screen.findByRole('textbox', { name: 'Edit comment' })) as HTMLTextAreaElement).value).toBe('my old edit');
    expect(screen.getByTestId('note-remote-change').textContent).toContain(DISCUSSION_TEXTS.remoteChangeWhileEditing);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel editing' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit comment' })).toBeNull());
    expect(localStorage.getItem(noteEditDraftKey('g/p', 1, '1'))).toBeNull();
    // Opened again: the note's own text, no warning
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit comment' })[0]!);
    expect(((await screen.findByRole('textbox', { name: 'Edit comment' })) as HTMLTextAreaElement).value).toBe('my first');
    expect(screen.queryByTestId('note-remote-change')).toBeNull();
  });

  it('offers the internal-note checkbox to who may write one: the button says so and the POST carries internal', async () => {
    routes['/notes?'] = () => json(200, makeNote({ id: '8', internal: true, confidential: true, note_html: '<p>for the team</p>' }));
    renderArea();
    await screen.findByText('note 1');
    fireEvent.change(box(), { target: { value: 'for the team' } });
    fireEvent.click(screen.getByRole('checkbox', { name: NOTE_FORM_TEXTS.internalCheckbox }));
    expect(submitButton().textContent).toBe(NOTE_FORM_TEXTS.addInternalNote);
    fireEvent.click(submitButton());
    const stored = await screen.findByText('for the team', { selector: 'p' });
    const post = fetchMock.mock.calls.find((c) => String(c[0]).includes('/notes?'))!;
    expect(JSON.parse(post[1].body).note).toMatchObject({ note: 'for the team', internal: true });
    // the stored note wears the eye-slash badge; the checkbox is cleared for the next comment
    const note = stored.closest('[data-testid="note"]') as HTMLElement;
    expect(within(note).getByTestId('note-internal').textContent).toContain(NOTE_FORM_TEXTS.internalBadge);
    expect((screen.getByRole('checkbox', { name: NOTE_FORM_TEXTS.internalCheckbox }) as HTMLInputElement).checked).toBe(false);
    expect(submitButton().textContent).toBe('Comment');
  });

  it('no internal-note checkbox for who may not write internal notes; a plain comment is not internal', async () => {
    routes['/notes?'] = () => json(200, makeNote({ id: '8', note_html: '<p>public</p>' }));
    renderArea(pageData({ permissions: { ...permissions, canCreateInternalNote: false } }));
    await screen.findByText('note 1');
    expect(screen.queryByRole('checkbox', { name: NOTE_FORM_TEXTS.internalCheckbox })).toBeNull();
    fireEvent.change(box(), { target: { value: 'public' } });
    fireEvent.click(submitButton());
    await screen.findByText('public', { selector: 'p' });
    const post = fetchMock.mock.calls.find((c) => String(c[0]).includes('/notes?'))!;
    expect(JSON.parse(post[1].body).note.internal).toBeUndefined();
    expect(screen.queryByTestId('note-internal')).toBeNull();
  });

  it('an edit answered 410 Gone removes the note here and uncounts it', async () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ lock_version: 7, user_notes_count: 2 }));
    routes['/notes/1?'] = () => json(410, { message: 'gone' });
    renderArea();
    await screen.findByText('note 1');
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit comment' })[0]!);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Edit comment' }), { target: { value: 'too late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save comment' }));
    // The saving text stands in for 'note 1' until the answer: wait for the note itself to go
    await waitFor(() => expect(screen.queryByText('too late')).toBeNull());
    expect(screen.queryByText('note 1')).toBeNull();
    expect(screen.queryByTestId('notes-error')).toBeNull();
    expect(appStore.get(issueAtomFamily(KEY))!.user_notes_count).toBe(1);
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

  it('says so when the discussions cannot be fetched', async () => {
    routes['discussions.json'] = () => json(500, {});
    renderArea();
    expect((await screen.findByTestId('notes-error')).textContent).toBe(DISCUSSION_TEXTS.fetchFailed);
  });

  it('r with text selected in a note opens that thread\'s reply box with the text quoted', async () => {
    renderArea();
    const body = await screen.findByText('note 2');
    const range = document.createRange();
    range.selectNodeContents(body);
    const sel = window.getSelection()!;
    sel.removeAllRanges();
    sel.addRange(range);
    fireEvent.keyDown(document.body, { key: 'r' });
    const t = screen.getAllByTestId('discussion')[1]!;
    expect(((await within(t).findByRole('textbox', { name: 'Reply' })) as HTMLTextAreaElement).value).toBe('> note 2\n\n');
  });

  it('a #note_ anchor on a later page is scrolled to once that page arrives', async () => {
    window.history.pushState({}, '', '/g/p/-/issues/1#note_9');
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    let second!: () => void;
    routes = {
      'cursor=c2': () => new Promise((r) => (second = () => r(json(200, [discussionOfNote(makeNote({ id: '9', note_html: '<p>far down</p>' }))])))),
      'discussions.json': () => json(200, [discussionOfNote(mine)], { 'x-next-page-cursor': 'c2' }),
    };
    renderArea();
    // the first page is on screen without the note; the second brings it
    await screen.findByText('note 1');
    await waitFor(() => expect(second).toBeDefined());
    act(() => second());
    await screen.findByText('far down');
    await waitFor(() => expect(document.getElementById('note_9')!.classList.contains('note--target')).toBe(true));
    expect(scrolled).toHaveBeenCalled();
  });
  it('a send whose answer is lost stays pending with its key; Retry now sends it again with the same key and it shows once', async () => {
    let calls = 0;
    routes['/notes?'] = () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json(200, makeNote({ id: '8', note_html: '<p>said once</p>' }));
    };
    fetchMock.mockImplementation((url: string) => {
      const route = Object.keys(routes).find((r) => url.includes(r));
      try {
        return Promise.resolve(route ? routes[route]!() : json(404, {}));
      } catch (e) {
        return Promise.reject(e);
      }
    });
    renderArea();
    await screen.findByText('note 1');
    fireEvent.change(box(), { target: { value: 'said once' } });
    fireEvent.click(submitButton());
    // It shows as 'sending' first; once the request fails it is queued with its key.
    await waitFor(() => expect(screen.getByTestId('pending-note').getAttribute('data-status')).toBe('queued'));
    const pending = screen.getByTestId('pending-note');
    fireEvent.click(within(pending).getByRole('button', { name: NOTE_FORM_TEXTS.retryNow }));
    await screen.findByText('said once', { selector: 'p' });
    expect(screen.queryByTestId('pending-note')).toBeNull();
    const keys = fetchMock.mock.calls.filter((c) => String(c[0]).includes('/notes?')).map((c) => c[1].headers[IDEMPOTENCY_HEADER]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
  it('notes wear their author\'s role badge (human_access); none without one', async () => {
    routes['discussions.json'] = () => json(200, [discussionOfNote({ ...mine, human_access: 'Maintainer' }), discussionOfNote(makeNote({ id: '3', author: bob, note_html: '<p>by bob</p>', human_access: null }))]);
    renderArea();
    const bobs = (await screen.findByText('by bob')).closest('[data-testid="note"]') as HTMLElement;
    const alices = screen.getByText('note 1').closest('[data-testid="note"]') as HTMLElement;
    const badge = within(alices).getByTestId('note-role-badge');
    expect(badge.textContent).toBe('Maintainer');
    expect(badge.getAttribute('title')).toBe(NOTE_FORM_TEXTS.roleBadgeTitle('Maintainer'));
    expect(within(bobs).queryByTestId('note-role-badge')).toBeNull();
  });

  it("notes by the issue's author wear the Author badge; others' do not", async () => {
    routes['discussions.json'] = () => json(200, [discussionOfNote(mine), discussionOfNote(makeNote({ id: '3', author: bob, note_html: '<p>by bob</p>' }))]);
    renderArea();
    const bobs = (await screen.findByText('by bob')).closest('[data-testid="note"]') as HTMLElement;
    const alices = screen.getByText('note 1').closest('[data-testid="note"]') as HTMLElement;
    expect(within(alices).getByTestId('note-author-badge').textContent).toBe(NOTE_FORM_TEXTS.authorBadge);
    expect(within(bobs).queryByTestId('note-author-badge')).toBeNull();
  });
});
