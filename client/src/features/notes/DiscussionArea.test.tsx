import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { ABUSE_TEXTS, DISCUSSION_TEXTS, IDEMPOTENCY_HEADER, NOTES_FILTER, NOTE_FORM_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { deferred, graphql, jsonResponse, sequence, type FetchStub } from '../../test/kit';
import { issueAtomFamily } from '../issue/issueAtoms';
import { makeIssue } from '../issue/testIssue';
import { discussionOfNote } from './discussionRules';
import { noteDraftKey, noteEditDraftKey } from './noteDrafts';
import { noteEvents } from './noteEvents';
import { alice, makeNote } from './testNotes';
import { box, CREATE, created, DISCUSSIONS, KEY, mine, openIssuePage, P, PAGE_2, pageData, renderArea, submitButton, thread } from './testDiscussionArea';

describe('DiscussionArea', () => {
  let api: FetchStub;
  beforeEach(() => {
    api = openIssuePage();
  });

  it('shows a skeleton, then the discussions from discussions.json with the saved filter', async () => {
    const answer = deferred();
    api.on({ [DISCUSSIONS]: answer.handler });
    renderArea(pageData({ notesData: { notesFilter: NOTES_FILTER.comments, prerenderedNotesCount: 2, isProjectArchived: false } }));
    expect(screen.getByTestId('notes-skeleton').children).toHaveLength(2);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]!.query.get('notes_filter')).toBe('1');
    act(() => answer.release([discussionOfNote(mine), thread]));
    await screen.findByText('note 1');
    expect(screen.getAllByTestId('discussion')).toHaveLength(2);
    expect((screen.getByTestId('threads-resolved')).textContent).toContain('0 of 1 thread resolved');
  });

  it('reads every page (X-Next-Page-Cursor) so the last comment is reachable', async () => {
    api.on({
      [DISCUSSIONS]: jsonResponse([discussionOfNote(mine)], { headers: { 'x-next-page-cursor': 'c2' } }),
      [PAGE_2]: [discussionOfNote(makeNote({ id: '9', note_html: '<p>the last one</p>' }))],
    });
    renderArea();
    await screen.findByText('the last one');
    expect(screen.getByText('note 1')).toBeTruthy();
  });

  it('the submit is disabled while empty; Ctrl+Enter sends with an idempotency key; the draft is kept and then cleared', async () => {
    const answer = deferred();
    api.on({ [CREATE]: answer.handler });
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
    const post = api.lastCall(CREATE);
    expect(post.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.body).toEqual({ note: { noteable_type: 'Issue', noteable_id: 100, note: 'hello there' } });
    act(() => answer.release(created({ id: '5', note_html: '<p>hello there</p>' })));
    await screen.findByText('hello there', { selector: 'p' });
    expect(screen.queryByTestId('pending-note')).toBeNull();
    // the form clears once the send resolves, which can be a tick after the stored note renders
    await waitFor(() => expect(box().value).toBe(''));
    expect(localStorage.getItem(noteDraftKey('g/p', 1))).toBeNull();
  });

  it('restores the draft on reload', async () => {
    localStorage.setItem(noteDraftKey('g/p', 1), JSON.stringify({ text: 'half written', lock_version: 7 }));
    renderArea();
    expect(box().value).toBe('half written');
  });

  it('on a refusal the placeholder goes, the text is restored and the spec error shows', async () => {
    api.on({ [CREATE]: jsonResponse({ errors: { base: ['Noteable is locked'] } }, { status: 422 }) });
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
    api.on({ [CREATE]: created({ id: '6', discussion_id: 'N', individual_note: false }) });
    const { toggle } = renderArea();
    await screen.findByText('note 1');
    fireEvent.click(screen.getByRole('button', { name: 'Close issue' }));
    expect(toggle).toHaveBeenCalledWith('CLOSE');
    expect(api.callsTo(CREATE)).toHaveLength(0);
    const menu = screen.getByRole('button', { name: 'Comment type' });
    fireEvent.pointerDown(menu, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('menuitemradio', { name: /Start thread/ }));
    fireEvent.change(box(), { target: { value: 'a thread' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start thread' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.lastCall(CREATE).body.note.type).toBe('DiscussionNote');
  });

  it('Up in the empty box edits my last note; a failed save restores the editor with the spec error', async () => {
    api.on({ [`PUT ${P.note(2)}`]: jsonResponse({}, { status: 500 }) });
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
    await waitFor(() => expect(api.callsTo(`${DISCUSSIONS}?notes_filter=0&persist_filter=true`)).toHaveLength(1));
    expect(box()).toBeTruthy();
  });

  it('a #note_ anchor switches the saved filter back to all', async () => {
    window.history.pushState({}, '', '/g/p/-/issues/1#note_2');
    renderArea(pageData({ notesData: { notesFilter: NOTES_FILTER.history, prerenderedNotesCount: 1, isProjectArchived: false } }));
    await waitFor(() => expect(api.calls[0]!.query.get('notes_filter')).toBe('0'));
  });

  it('resolving a thread shows the server answer; deleting asks first', async () => {
    api.on({ [`PUT ${P.discussionResolve('T')}`]: { ...thread, resolved: true, notes: thread.notes.map((n) => ({ ...n, resolved: true, resolved_by: alice })) } });
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
    api.on({ [CREATE]: created({ id: '7', discussion_id: 'T', individual_note: false, note_html: '<p>my reply</p>' }) });
    renderArea();
    await screen.findByText('note 2');
    const t = screen.getAllByTestId('discussion')[1]!;
    fireEvent.click(within(t).getByRole('button', { name: 'Reply…' }));
    fireEvent.change(within(t).getByRole('textbox', { name: 'Reply' }), { target: { value: 'my reply' } });
    fireEvent.click(within(t).getByRole('button', { name: 'Reply' }));
    await within(t).findByText('my reply', { selector: 'p' });
    expect(api.lastCall(CREATE).body).toMatchObject({ in_reply_to_discussion_id: 'T', note: { note: 'my reply' } });
  });

  it('a reply with "Resolve thread" ticked is posted, then resolves the thread; the box offers it only on a thread the viewer may resolve', async () => {
    api.on({
      [CREATE]: created({ id: '7', discussion_id: 'T', individual_note: false, note_html: '<p>fixed now</p>' }),
      [`PUT ${P.discussionResolve('T')}`]: { ...thread, resolved: true, notes: thread.notes.map((n) => ({ ...n, resolved: true, resolved_by: alice })) },
    });
    renderArea();
    await screen.findByText('note 2');
    const individual = screen.getAllByTestId('discussion')[0]!;
    fireEvent.click(within(individual).getByRole('button', { name: 'Reply to comment' }));
    expect(within(individual).queryByRole('checkbox', { name: NOTE_FORM_TEXTS.replyAndResolve })).toBeNull();
    const t = screen.getAllByTestId('discussion')[1]!;
    fireEvent.click(within(t).getByRole('button', { name: 'Reply…' }));
    fireEvent.change(within(t).getByRole('textbox', { name: 'Reply' }), { target: { value: 'fixed now' } });
    fireEvent.click(within(t).getByRole('checkbox', { name: NOTE_FORM_TEXTS.replyAndResolve }));
    fireEvent.click(within(t).getByRole('button', { name: 'Reply' }));
    await screen.findByRole('button', { name: 'Unresolve thread' });
    expect(api.calls.map((c) => `${c.method} ${c.url}`).filter((c) => c.startsWith('POST') || c.startsWith('PUT'))).toEqual([CREATE, `PUT ${P.discussionResolve('T')}`]);
    expect(screen.getByTestId('threads-resolved').textContent).toContain('1 of 1 thread resolved');
  });

  it('"Assign to commenting user" makes the note\'s author an assignee through issueSetAssignees; then it offers to unassign; failures say so', async () => {
    const gqlAlice = { id: `gid://tandem/User/${alice.id}`, username: alice.username, name: alice.name, avatarUrl: null, webUrl: alice.web_url, state: 'active', status: { availability: 'NOT_SET' } };
    let fail = false;
    api.on({
      'POST /api/graphql': graphql({
        issueSetAssignees: (v) =>
          fail
            ? { data: { issueSetAssignees: { errors: ['nope'], issue: null } } }
            : { data: { issueSetAssignees: { errors: [], issue: { id: 'gid://tandem/Issue/100', assignees: { nodes: (v.input as { assigneeUsernames: string[] }).assigneeUsernames.length ? [gqlAlice] : [] }, participants: { nodes: [gqlAlice] } } } } },
      }),
    });
    renderArea();
    await screen.findByText('note 2');
    const note = screen.getAllByTestId('note')[0]!;
    fireEvent.click(within(note).getByRole('button', { name: DISCUSSION_TEXTS.assignCommenter }));
    await within(note).findByRole('button', { name: DISCUSSION_TEXTS.unassignCommenter });
    expect(api.callsTo('POST /api/graphql').map((c) => c.body.variables.input)).toEqual([{ projectPath: 'g/p', iid: '1', assigneeUsernames: [alice.username] }]);
    expect(appStore.get(issueAtomFamily(KEY))!.assignees.map((a) => a.username)).toEqual([alice.username]);
    fail = true;
    fireEvent.click(within(note).getByRole('button', { name: DISCUSSION_TEXTS.unassignCommenter }));
    expect(await screen.findByText(DISCUSSION_TEXTS.updateAssigneesFailed)).toBeTruthy();
  });

  it("a Service Desk issue's comment form names its external author, while Service Desk is on and the comment is public", async () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ lock_version: 7, service_desk_reply_to: 'ext@mail.org' }));
    renderArea(pageData({ project: { ...pageData().project, service_desk_enabled: true }, issue: makeIssue({ service_desk_reply_to: 'ext@mail.org' }) }));
    await screen.findByText('note 2');
    expect(screen.getByTestId('email-participants-warning').textContent).toBe('ext@mail.org will be notified of your comment.');
    fireEvent.click(screen.getByTestId('internal-note-checkbox'));
    expect(screen.queryByTestId('email-participants-warning')).toBeNull();
    cleanup();
    renderArea(pageData({ project: { ...pageData().project, service_desk_enabled: false } }));
    await screen.findByText('note 2');
    expect(screen.queryByTestId('email-participants-warning')).toBeNull();
  });

  it("Report abuse links someone else's note to its report path (the server's report_abuse_path); not one's own, nor a note without one", async () => {
    const bobs = makeNote({ id: '9', note: 'from bob', note_html: '<p>from bob</p>', author: { ...alice, id: 99, username: 'bob', name: 'Bob' }, report_abuse_path: '/-/abuse_reports/new?project_path=g%2Fp&iid=1&note_id=9' });
    const pathless = makeNote({ id: '8', note: 'no path', note_html: '<p>no path</p>', author: { ...alice, id: 98, username: 'carol', name: 'Carol' }, report_abuse_path: null });
    api.on({ [DISCUSSIONS]: [discussionOfNote(mine), discussionOfNote(bobs), discussionOfNote(pathless)] });
    renderArea();
    await screen.findByText('no path');
    const [own, other, none] = ['1', '9', '8'].map((id) => screen.getAllByTestId('note').find((n) => n.dataset.noteId === id)!);
    expect(within(own!).queryByRole('link', { name: ABUSE_TEXTS.reportAbuse })).toBeNull();
    expect(within(other!).getByRole('link', { name: ABUSE_TEXTS.reportAbuse }).getAttribute('href')).toBe('/-/abuse_reports/new?project_path=g%2Fp&iid=1&note_id=9');
    expect(within(none!).queryByRole('link', { name: ABUSE_TEXTS.reportAbuse })).toBeNull();
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
    api.on({ [`PUT ${P.note(1)}`]: { ...mine, note: 'edited later', note_html: '<p>edited later</p>', updated_at: '2026-01-02T00:00:00.000Z' } });
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

  it('an edit answered 410 Gone removes the note here and uncounts it', async () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ lock_version: 7, user_notes_count: 2 }));
    api.on({ [`PUT ${P.note(1)}`]: jsonResponse({ message: 'gone' }, { status: 410 }) });
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

  it('says so when the discussions cannot be fetched', async () => {
    api.on({ [DISCUSSIONS]: jsonResponse({}, { status: 500 }) });
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
    const second = deferred();
    api.on({ [DISCUSSIONS]: jsonResponse([discussionOfNote(mine)], { headers: { 'x-next-page-cursor': 'c2' } }), [PAGE_2]: second.handler });
    renderArea();
    // the first page is on screen without the note; the second brings it
    await screen.findByText('note 1');
    await waitFor(() => expect(api.callsTo(PAGE_2)).toHaveLength(1));
    act(() => second.release([discussionOfNote(makeNote({ id: '9', note_html: '<p>far down</p>' }))]));
    await screen.findByText('far down');
    await waitFor(() => expect(document.getElementById('note_9')!.classList.contains('note--target')).toBe(true));
    expect(scrolled).toHaveBeenCalled();
  });

  it('a send whose answer is lost stays pending with its key; Retry now sends it again with the same key and it shows once', async () => {
    api.on({
      [CREATE]: sequence(() => {
        throw new TypeError('Failed to fetch');
      }, makeNote({ id: '8', note_html: '<p>said once</p>' })),
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
    const keys = api.callsTo(CREATE).map((c) => c.headers.get(IDEMPOTENCY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
