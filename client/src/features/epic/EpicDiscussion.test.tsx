import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { DISCUSSION_LIMITS, DISCUSSION_TEXTS, MARKDOWN_EDITOR_TEXTS, NOTES_FILTER, NOTE_FORM_TEXTS, type ApiEpic, type ApiNote, type EpicPageData } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../test/kit';
import { connectionStateAtom } from '../../realtime/realtimeAtoms';
import { awardEvents } from '../awards/awardEvents';
import { discussionOfNote } from '../notes/discussionRules';
import { noteEvents } from '../notes/noteEvents';
import { discussionsAtomFamily } from '../notes/notesAtoms';
import { pendingNotesAtomFamily } from '../notes/pendingNotesAtoms';
import { alice, bob, makeNote } from '../notes/testNotes';
import { csrfTokenAtom, currentUserAtom } from '../session/sessionAtoms';
import { epicAtomFamily, epicKey } from './epicAtoms';
import { EpicDiscussion } from './EpicDiscussion';
import { epicEvents } from './epicEvents';

const KEY = epicKey('acme', 3);
const EPIC = '/groups/acme/-/epics/3';
const DISCUSSIONS = `GET ${EPIC}/discussions.json`;
const permissions = { canUpdateIssue: true, canReopenIssue: true, canCreateIssue: false, canDestroy: false, canAdmin: true, canCreateNote: true, canUpdate: true, canCreateInternalNote: true, canAwardEmoji: true, canCreateNoteWhenLocked: true, canCreateNoteWhenUnlocked: true };
const epic = { id: 30, iid: 3, title: 'Roadmap', state: 'opened', confidential: false, author: { id: 2 }, references: { full: 'acme&3' } } as unknown as ApiEpic;
const data: EpicPageData = { epic, permissions, seq: 0, lastFetchedAt: 1, awards: [], notesData: { notesFilter: NOTES_FILTER.all, prerenderedNotesCount: 1, isProjectArchived: false } };
const epicNote = (over: Partial<ApiNote> & { id: string }) =>
  makeNote({ noteable_type: 'Epic', noteable_id: 30, noteable_iid: 3, project_id: null, noteable_note_url: `/groups/acme/-/epics/3#note_${over.id}`, ...over });
const ctx = () => ({ store: appStore, queryClient: new QueryClient() });
const event = (type: string, payload: unknown, seq = 1) => ({ type, seq, issue: { id: 30, iid: 3, project_path: 'groups/acme' }, payload, actor: bob, at: '' });

/** The shared discussion area on an epic: the epic's paths, its noun, no project-only tools, live through the epic's events. */
describe('EpicDiscussion (the discussion area on an epic)', () => {
  let api: FetchStub;
  beforeEach(() => {
    localStorage.clear();
    discussionsAtomFamily.remove(KEY);
    appStore.set(pendingNotesAtomFamily(KEY), []);
    appStore.set(epicAtomFamily(KEY), epic);
    appStore.set(csrfTokenAtom, 'csrf');
    appStore.set(currentUserAtom, { ...alice, email: 'a@x', is_admin: false, created_at: '' });
    appStore.set(connectionStateAtom, 'open');
    api = stubFetch({ [DISCUSSIONS]: [discussionOfNote(epicNote({ id: '1', note_html: '<p>first on the epic</p>' }))] });
  });
  const renderIt = () => renderWithStores(<EpicDiscussion data={data} epicKey={KEY} groupPath="acme" />);
  const box = () => screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement;

  it("reads the epic's discussions and posts comments to the epic's notes path", async () => {
    const CREATE = `POST ${EPIC}/notes?target_type=epic&target_id=30`;
    api.on({ [CREATE]: { ...epicNote({ id: '5', note_html: '<p>a new comment</p>' }), valid: true, commands_changes: {} } });
    renderIt();
    await screen.findByText('first on the epic');
    expect(api.callsTo(DISCUSSIONS)).toHaveLength(1);
    fireEvent.change(box(), { target: { value: 'a new comment' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    await screen.findByText('a new comment', { selector: 'p' });
    expect(api.lastCall(CREATE).body).toEqual({ note: { noteable_type: 'Epic', noteable_id: 30, note: 'a new comment' } });
  });

  it('closes the epic (not an issue) from the form', async () => {
    api.on({ 'PUT /api/v4/groups/acme/epics/3': { ...epic, state: 'closed' } });
    renderIt();
    await screen.findByText('first on the epic');
    fireEvent.click(screen.getByRole('button', { name: 'Close epic' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v4/groups/acme/epics/3').map((c) => c.body)).toEqual([{ state_event: 'close' }]));
    // The page follows the live event: the button turns to Reopen
    act(() => epicEvents['epic.updated']!(event('epic.updated', { fields: { state: 'closed', updated_at: '' } }) as never, ctx()));
    expect(screen.getByRole('button', { name: 'Reopen epic' })).toBeTruthy();
  });

  it("a refused close shows the epic toggle's own failure text", async () => {
    api.on({ 'PUT /api/v4/groups/acme/epics/3': () => jsonResponse({ message: 'boom' }, { status: 500 }) });
    renderIt();
    await screen.findByText('first on the epic');
    fireEvent.click(screen.getByRole('button', { name: 'Close epic' }));
    expect((await screen.findByTestId('epic-state-error')).textContent).toContain('Something went wrong while closing the epic. Please try again later.');
    expect(screen.getByRole('button', { name: 'Close epic' })).toBeTruthy();
  });

  it("applies the epic stream's live events: a reply from someone else, a reaction, the epic made confidential", async () => {
    renderIt();
    await screen.findByText('first on the epic');
    act(() => noteEvents['note.created']!(event('note.created', { note: epicNote({ id: '8', note_html: '<p>from bob, live</p>', author: bob }) }) as never, ctx()));
    expect(screen.getByText('from bob, live')).toBeTruthy();
    act(() => awardEvents['award.toggled']!(event('award.toggled', { awardable_type: 'Epic', awardable_id: 30, name: 'rocket', user: bob, toggled_on: true }, 2) as never, ctx()));
    expect(within(screen.getByTestId('awards-epic')).getByTestId('award-rocket')).toBeTruthy();
    act(() => epicEvents['epic.updated']!(event('epic.updated', { fields: { confidential: true, updated_at: '' } }, 3) as never, ctx()));
    expect(screen.getByTestId('comment-warning').textContent).toBe(NOTE_FORM_TEXTS.confidentialWarning('epic'));
  });

  /** Types `value` into `el` with the caret at its end, as the autocomplete reads it. */
  const typeInto = (el: HTMLTextAreaElement, value: string) => {
    fireEvent.change(el, { target: { value } });
    el.setSelectionRange(value.length, value.length);
    fireEvent.keyUp(el, { key: value.slice(-1) });
  };
  const UPLOAD = 'POST /groups/acme/-/uploads';
  const MEMBERS = 'GET /groups/acme/-/autocomplete_sources/members';

  it("the comment box attaches files to the group's uploads and inserts the returned link", async () => {
    api.on({ [UPLOAD]: { alt: 'plan', url: '/groups/acme/-/uploads/abc/plan.pdf', markdown: '[plan.pdf](/groups/acme/-/uploads/abc/plan.pdf)' } });
    renderIt();
    await screen.findByText('first on the epic');
    typeInto(box(), 'See');
    const form = screen.getByTestId('comment-form');
    fireEvent.change(within(form).getByTestId('md-attach-input'), { target: { files: [new File(['pdf'], 'plan.pdf')] } });
    expect(box().value).toBe(`See ${MARKDOWN_EDITOR_TEXTS.uploading('plan.pdf')}`);
    await waitFor(() => expect(box().value).toBe('See [plan.pdf](/groups/acme/-/uploads/abc/plan.pdf)'));
    expect((api.lastCall(UPLOAD).body as FormData).get('file')).toBeInstanceOf(File);
  });

  it("the comment box autocompletes from the group's sources: @ members of the epic's group, & epics", async () => {
    api.on({
      [MEMBERS]: [{ username: 'bob', name: 'Bob Brown' }, { username: 'carol', name: 'Carol Chen' }],
      'GET /groups/acme/-/autocomplete_sources/epics': [{ iid: 4, title: 'Q4 roadmap', reference: '&4' }],
    });
    renderIt();
    await screen.findByText('first on the epic');
    typeInto(box(), 'ping @ca');
    const list = await screen.findByRole('listbox', {}, { timeout: DISCUSSION_LIMITS.autocompleteDebounceMs + 1000 });
    expect(api.lastCall(MEMBERS).url).toBe('/groups/acme/-/autocomplete_sources/members?type=Epic&type_id=3&search=ca');
    expect(list.textContent).toContain('carol');
    expect(list.textContent).not.toContain('bob');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('ping @carol ');
    // The editor puts the caret after the insertion on the next frame: type on after it
    await act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
    typeInto(box(), 'ping @carol see &Q4');
    await screen.findByRole('listbox', {}, { timeout: DISCUSSION_LIMITS.autocompleteDebounceMs + 1000 });
    expect(api.lastCall('GET /groups/acme/-/autocomplete_sources/epics').url).toBe('/groups/acme/-/autocomplete_sources/epics?type=Epic&type_id=3&search=Q4');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('ping @carol see &4 ');
  });

  it("reply and edit boxes on the epic use the group's uploads and sources too", async () => {
    api.on({
      [UPLOAD]: { alt: 'shot', url: '/groups/acme/-/uploads/def/shot.png', markdown: '![shot](/groups/acme/-/uploads/def/shot.png)' },
      [MEMBERS]: [{ username: 'bob', name: 'Bob Brown' }],
    });
    renderIt();
    await screen.findByText('first on the epic');
    fireEvent.click(screen.getByRole('button', { name: 'Reply to comment' }));
    const reply = (await screen.findByRole('textbox', { name: 'Reply' })) as HTMLTextAreaElement;
    fireEvent.change(within(reply.closest('form')!).getByTestId('md-attach-input'), { target: { files: [new File(['png'], 'shot.png', { type: 'image/png' })] } });
    await waitFor(() => expect(reply.value).toBe('![shot](/groups/acme/-/uploads/def/shot.png)'));
    expect(api.callsTo(UPLOAD)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Edit comment' }));
    const editBox = (await screen.findByRole('textbox', { name: 'Edit comment' })) as HTMLTextAreaElement;
    typeInto(editBox, 'hello @b');
    await screen.findByRole('listbox', {}, { timeout: DISCUSSION_LIMITS.autocompleteDebounceMs + 1000 });
    expect(api.lastCall(MEMBERS).url).toBe('/groups/acme/-/autocomplete_sources/members?type=Epic&type_id=3&search=b');
    fireEvent.keyDown(editBox, { key: 'Enter' });
    expect(editBox.value).toBe('hello @bob ');
  });

  it("compares and deletes a description version at the epic's paths", async () => {
    const changed = epicNote({ id: '9', system: true, note: 'changed the description', note_html: '<p>changed the description</p>', description_version_id: 7, start_description_version_id: null, description_version_deleted: false, description_diff_path: '/groups/acme/-/epics/3/descriptions/7/diff' });
    api.on({
      [DISCUSSIONS]: [discussionOfNote(changed)],
      [`GET ${EPIC}/descriptions/7/diff`]: { diff: 'the <ins class="idiff addition">new</ins> plan' },
      [`DELETE ${EPIC}/descriptions/7`]: {},
    });
    renderIt();
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(DISCUSSION_TEXTS.compareDescriptionVersion) }));
    expect((await screen.findByTestId('description-diff')).innerHTML).toBe('the <ins class="idiff addition">new</ins> plan');
    fireEvent.click(screen.getByRole('button', { name: DISCUSSION_TEXTS.removeDescriptionHistory }));
    await waitFor(() => expect(api.callsTo(`DELETE ${EPIC}/descriptions/7`)).toHaveLength(1));
  });

  it('signed out: the signed-out widget replaces the form', async () => {
    appStore.set(currentUserAtom, null);
    renderIt();
    await screen.findByText('first on the epic');
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    expect(screen.getByTestId('commenting-signedOut')).toBeTruthy();
  });
});
