import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DISCUSSION_TEXTS, NOTE_FORM_TEXTS, REVIEW_TEXTS, SUGGESTION_TEXTS, type ApiDiffPosition, type ApiDiscussion, type ApiDraftNote } from '@tandem/shared-types';
import { deferred, jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../../test/kit';
import { appStore } from '../../../shared/store';
import { notesPollPausedAtom } from '../../notes/notesAtoms';
import { connectionStateAtom } from '../../../realtime/realtimeAtoms';
import { DiscussionArea } from '../../notes/DiscussionArea';
import { alice, makeNote } from '../../notes/testNotes';
import { MR_PATHS, mergeRequestNoteable, resetMergeRequestDiscussion } from '../testMergeRequestDiscussion';
import { useReviewDrafts } from './reviewApi';
import { ReviewBar } from './ReviewBar';
import { useOverviewReview } from './useOverviewReview';

const PATHS = MR_PATHS;
const DRAFTS = 'GET /api/v4/projects/g%2Fp/merge_requests/3/draft_notes';
const NEW_DRAFT = 'POST /api/v4/projects/g%2Fp/merge_requests/3/draft_notes';
const DIFF = 'd'.repeat(40);
const position: ApiDiffPosition = { base_sha: '1'.repeat(40), start_sha: '1'.repeat(40), head_sha: '2'.repeat(40), old_path: 'a.ts', new_path: 'a.ts', position_type: 'text', old_line: null, new_line: 7, line_range: null };
const suggestion = (from: string, to: string) => ({ id: 0, from_line: 7, to_line: 7, appliable: true, applied: false, from_content: from, to_content: to, inapplicable_reason: null });

// A diff thread whose note has two suggestions, and a plain comment
const diffThread: ApiDiscussion = {
  id: DIFF, individual_note: false, diff_discussion: true, position, resolvable: true, resolved: false,
  notes: [makeNote({ id: '5', discussion_id: DIFF, individual_note: false, type: 'DiffNote', position, resolvable: true, noteable_type: 'MergeRequest', suggestions: [suggestion('a\n', 'b\n'), suggestion('a\n', 'c\n')] })],
} as ApiDiscussion;
const plain: ApiDiscussion = { id: 'p'.repeat(40), individual_note: false, resolvable: true, resolved: false, notes: [makeNote({ id: '6', discussion_id: 'p'.repeat(40), individual_note: false, noteable_type: 'MergeRequest' })] } as ApiDiscussion;

const noteable = mergeRequestNoteable(0, 2);

/** The Overview as MergeRequestView composes it: the discussion area with the page's batch review. */
function Overview({ canReceiveSuggestion = false }: { canReceiveSuggestion?: boolean }) {
  const { drafts, refresh } = useReviewDrafts('g/p', 3, true);
  const review = useOverviewReview({ projectPath: 'g/p', iid: 3, drafts, onDraftsChange: () => void refresh(), canApply: true, canReceiveSuggestion });
  return <DiscussionArea noteable={noteable} stateToggle={{ busy: false, toggle: async () => {} }} review={review} />;
}

const thread = (id: string) => document.querySelector(`[data-discussion-id="${id}"]`) as HTMLElement;
/** The form's actions, beside its markdown editor's own (tabs, full screen, attach). */
const actionsOf = (form: HTMLElement) => [...form.querySelectorAll('.review-form-actions button')].map((b) => b.textContent);

describe('batch review and suggestions in the Overview', () => {
  let api: FetchStub;
  let drafts: ApiDraftNote[];
  beforeEach(() => {
    resetMergeRequestDiscussion();
    drafts = [];
    api = stubFetch({
      [`GET ${PATHS.discussions}`]: [diffThread, plain],
      [DRAFTS]: () => drafts,
      [NEW_DRAFT]: (c) => {
        const d = { id: 90, author_id: 1, merge_request_id: 30, discussion_id: c.body.in_reply_to_discussion_id, resolve_discussion: false, note: c.body.note, note_html: `<p>${c.body.note}</p>`, commit_id: null, position: null, line_code: null, file_path: null, author: alice, created_at: '' } as unknown as ApiDraftNote;
        drafts = [d];
        return d;
      },
      'PUT /api/v4/suggestions/batch_apply': [],
    });
  });

  it('a diff thread\'s reply offers Start a review and Add comment now; the draft shows under its thread, then Add to review', async () => {
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread(DIFF)).toBeTruthy());
    fireEvent.click(within(thread(DIFF)).getByText('Reply…'));
    const form = within(thread(DIFF)).getByTestId('diff-comment-form');
    expect(actionsOf(form)).toEqual([REVIEW_TEXTS.startReview, REVIEW_TEXTS.addCommentNow, REVIEW_TEXTS.cancel]);
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'Later, in my review' } });
    fireEvent.click(within(form).getByText(REVIEW_TEXTS.startReview));
    await waitFor(() => expect(api.callsTo(NEW_DRAFT)).toHaveLength(1));
    expect(api.lastCall(NEW_DRAFT).body).toMatchObject({ note: 'Later, in my review', in_reply_to_discussion_id: DIFF });
    // The pending reply sits under its thread; the next reply adds to the review
    await waitFor(() => expect(thread(DIFF).textContent).toContain('Later, in my review'));
    fireEvent.click(within(thread(DIFF)).getByText('Reply…'));
    expect(within(thread(DIFF)).getByTestId('review-add').textContent).toBe(REVIEW_TEXTS.addToReview);
  });

  it("a diff thread's reply offers Insert suggestion for the thread's line (its excerpt's last line); an ordinary thread's does not", async () => {
    const LINES = `GET /g/p/-/merge_requests/3/discussions/${DIFF}/diff_lines.json`;
    api.on({ [LINES]: { truncated_diff_lines: [{ type: 'context', old_line: 5, new_line: 6, line_code: 'x_5_6', rich_text: 'before' }, { type: 'new', old_line: null, new_line: 7, line_code: 'x_0_7', rich_text: '<span class="hljs-keyword">const</span> seven = 7;' }] } });
    renderWithStores(<Overview canReceiveSuggestion />);
    await waitFor(() => expect(thread(DIFF)).toBeTruthy());
    fireEvent.click(within(thread(DIFF)).getByText('Reply…'));
    const form = within(thread(DIFF)).getByTestId('diff-comment-form');
    fireEvent.click(await within(form).findByTestId('insert-suggestion'));
    expect((within(form).getByRole('textbox') as HTMLTextAreaElement).value).toBe('```suggestion:-0+0\nconst seven = 7;\n```\n');
    expect(api.callsTo(LINES)).toHaveLength(1);
    const P = 'p'.repeat(40);
    fireEvent.click(within(thread(P)).getByText('Reply…'));
    expect(within(thread(P)).getByTestId('diff-comment-form')).toBeTruthy();
    expect(within(thread(P)).queryByTestId('insert-suggestion')).toBeNull();
  });

  it('a reply to an ordinary thread offers batch review too: a draft in reply to it', async () => {
    const P = 'p'.repeat(40);
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread(P)).toBeTruthy());
    fireEvent.click(within(thread(P)).getByText('Reply…'));
    const form = within(thread(P)).getByTestId('diff-comment-form');
    expect(actionsOf(form)).toEqual([REVIEW_TEXTS.startReview, REVIEW_TEXTS.addCommentNow, REVIEW_TEXTS.cancel]);
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'On the overview' } });
    fireEvent.click(within(form).getByTestId('review-resolve'));
    fireEvent.click(within(form).getByText(REVIEW_TEXTS.startReview));
    await waitFor(() => expect(api.callsTo(NEW_DRAFT)).toHaveLength(1));
    expect(api.lastCall(NEW_DRAFT).body).toEqual({ note: 'On the overview', in_reply_to_discussion_id: P, resolve_discussion: true });
    await waitFor(() => expect(thread(P).textContent).toContain('On the overview'));
  });

  it('a draft reply to an individual comment shows under it, the comment shown as a thread while the draft is pending', async () => {
    const I = 'i'.repeat(40);
    const single = { id: I, individual_note: true, resolvable: false, resolved: false, notes: [makeNote({ id: '8', discussion_id: I, individual_note: true, noteable_type: 'MergeRequest', note: 'A single comment' })] } as ApiDiscussion;
    api.on({ [`GET ${PATHS.discussions}`]: [single] });
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread(I)).toBeTruthy());
    expect(thread(I).classList.contains('discussion--thread')).toBe(false);
    fireEvent.click(within(thread(I)).getByRole('button', { name: 'Reply to comment' }));
    const form = within(thread(I)).getByTestId('diff-comment-form');
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'Pending on a single comment' } });
    fireEvent.click(within(form).getByText(REVIEW_TEXTS.startReview));
    await waitFor(() => expect(api.callsTo(NEW_DRAFT)).toHaveLength(1));
    expect(api.lastCall(NEW_DRAFT).body).toMatchObject({ note: 'Pending on a single comment', in_reply_to_discussion_id: I });
    // The form is gone; the draft card stays under the comment, now a thread
    await waitFor(() => expect(within(thread(I)).queryByTestId('diff-comment-form')).toBeNull());
    await waitFor(() => expect(thread(I).textContent).toContain('Pending on a single comment'));
    expect(thread(I).classList.contains('discussion--thread')).toBe(true);
  });

  it("a pending reply's Resolve thread is the draft's own: toggled on its card, saved to the draft, the thread left as it is", async () => {
    const P = 'p'.repeat(40);
    const UPDATE = 'PUT /api/v4/projects/g%2Fp/merge_requests/3/draft_notes/91';
    drafts = [{ id: 91, author_id: 1, merge_request_id: 30, discussion_id: P, resolve_discussion: false, note: 'Fixed in my head', note_html: '<p>Fixed in my head</p>', commit_id: null, position: null, line_code: null, file_path: null, author: alice, created_at: '' } as unknown as ApiDraftNote];
    api.on({
      [UPDATE]: (c) => {
        drafts = [{ ...drafts[0]!, resolve_discussion: c.body.resolve_discussion }];
        return drafts[0]!;
      },
    });
    renderWithStores(<Overview />);
    const box = () => within(thread(P)).getByTestId('pending-draft-resolve') as HTMLInputElement;
    await waitFor(() => expect(box().checked).toBe(false));
    expect(box().parentElement!.textContent).toContain(REVIEW_TEXTS.resolveThread);
    fireEvent.click(box());
    await waitFor(() => expect(api.callsTo(UPDATE)).toHaveLength(1));
    expect(api.lastCall(UPDATE).body).toEqual({ resolve_discussion: true });
    await waitFor(() => expect(box().checked).toBe(true));
    // The thread itself is not resolved by it (that happens when the draft is published)
    expect(api.callsTo(`PUT ${PATHS.discussionResolve(P)}`)).toHaveLength(0);
    expect(thread(P).dataset.resolved).toBe('false');
  });

  it('a reply written in the review form before it took the reply autosave comes back when Reply is opened, once', async () => {
    const P = 'p'.repeat(40);
    localStorage.setItem(`autosave/g/p/-/merge_requests/3/reply/${P}`, JSON.stringify({ text: 'half a reply', lock_version: 0 }));
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread(P)).toBeTruthy());
    fireEvent.click(within(thread(P)).getByText('Reply…'));
    const form = within(thread(P)).getByTestId('diff-comment-form');
    expect((within(form).getByRole('textbox') as HTMLTextAreaElement).value).toBe('half a reply');
    // kept under the reply's key from now on, the old one gone
    expect(localStorage.getItem(`autosave/g/p/-/merge_requests/3/reply/${P}`)).toBeNull();
    expect(Object.keys(localStorage).filter((k) => k.endsWith(`/reply/${P}`)).map((k) => JSON.parse(localStorage.getItem(k)!).text)).toEqual(['half a reply']);
  });

  it('a reply quotes the selected text (r), and cancelling one with text asks first', async () => {
    const P = 'p'.repeat(40);
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread(P)).toBeTruthy());
    const range = document.createRange();
    range.selectNodeContents(thread(P).querySelector('.md, .note-text, p') ?? thread(P));
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    fireEvent.keyDown(document.body, { key: 'r' });
    const form = await within(thread(P)).findByTestId('diff-comment-form');
    expect((within(form).getByRole('textbox') as HTMLTextAreaElement).value).toMatch(/^> .+\n\n$/);
    fireEvent.click(within(form).getByText(REVIEW_TEXTS.cancel));
    expect(await screen.findByText(DISCUSSION_TEXTS.confirmCancelReply)).toBeTruthy();
    fireEvent.click(screen.getByText(NOTE_FORM_TEXTS.discardReply));
    await waitFor(() => expect(within(thread(P)).queryByTestId('diff-comment-form')).toBeNull());
  });

  it('Resolve thread shows only when the viewer may resolve the thread; Add comment now resolves it with the reply', async () => {
    const P = 'p'.repeat(40);
    const REPLY = `POST ${PATHS.createNote}`;
    const RESOLVE = `PUT ${PATHS.discussionResolve(P)}`;
    const flags = (may: boolean) => ({ can_edit: false, can_award_emoji: true, can_resolve: may, can_resolve_discussion: may });
    const notResolvable = { ...diffThread, notes: [{ ...diffThread.notes[0]!, current_user: flags(false) }] };
    api.on({
      [`GET ${PATHS.discussions}`]: [notResolvable, { ...plain, notes: [{ ...plain.notes[0]!, current_user: flags(true) }] }],
      [REPLY]: makeNote({ id: '7', discussion_id: P, individual_note: false, noteable_type: 'MergeRequest' }),
      [RESOLVE]: { ...plain, resolved: true },
    });
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread(DIFF)).toBeTruthy());
    fireEvent.click(within(thread(DIFF)).getByText('Reply…'));
    expect(within(thread(DIFF)).queryByTestId('review-resolve')).toBeNull();
    fireEvent.click(within(thread(P)).getByText('Reply…'));
    const form = within(thread(P)).getByTestId('diff-comment-form');
    expect(within(form).getByTestId('review-resolve').parentElement!.textContent).toContain(NOTE_FORM_TEXTS.replyAndResolve);
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'Done, resolving' } });
    fireEvent.click(within(form).getByTestId('review-resolve'));
    fireEvent.click(within(form).getByText(REVIEW_TEXTS.addCommentNow));
    await waitFor(() => expect(api.callsTo(RESOLVE)).toHaveLength(1));
    expect(api.lastCall(REPLY).body).toMatchObject({ note: { note: 'Done, resolving' }, in_reply_to_discussion_id: P });
  });

  it('a reply whose resolve fails says so and keeps the form, without its text (nothing posts twice)', async () => {
    const P = 'p'.repeat(40);
    const REPLY = `POST ${PATHS.createNote}`;
    api.on({ [REPLY]: makeNote({ id: '7', discussion_id: P, individual_note: false, noteable_type: 'MergeRequest' }), [`PUT ${PATHS.discussionResolve(P)}`]: jsonResponse({ message: 'boom' }, { status: 500 }) });
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread(P)).toBeTruthy());
    fireEvent.click(within(thread(P)).getByText('Reply…'));
    const form = within(thread(P)).getByTestId('diff-comment-form');
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'Done' } });
    fireEvent.click(within(form).getByTestId('review-resolve'));
    fireEvent.click(within(form).getByText(REVIEW_TEXTS.addCommentNow));
    expect((await within(form).findByRole('alert')).textContent).toBe(DISCUSSION_TEXTS.resolveFailed);
    expect((within(form).getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
    expect(api.callsTo(REPLY)).toHaveLength(1);
  });

  it('suggestions render with Apply suggestion and Add to batch; a batch of two is applied at once', async () => {
    renderWithStores(<Overview />);
    await waitFor(() => expect(within(thread(DIFF)).getAllByTestId('suggestion')).toHaveLength(2));
    const [first, second] = within(thread(DIFF)).getAllByTestId('suggestion');
    expect(within(first!).getByTestId('suggestion-apply').textContent).toBe(SUGGESTION_TEXTS.applySuggestion);
    fireEvent.click(within(first!).getByTestId('suggestion-batch-toggle'));
    fireEvent.click(within(second!).getByTestId('suggestion-batch-toggle'));
    const applyBatch = within(first!).getByTestId('suggestion-apply-batch');
    expect(applyBatch.textContent).toBe(SUGGESTION_TEXTS.applyBatch(2));
    fireEvent.click(applyBatch);
    // The apply dropdown: a commit message field whose placeholder is the default message
    const message = within(first!).getByTestId('suggestion-commit-message');
    expect(message.getAttribute('placeholder')).toBe(SUGGESTION_TEXTS.defaultCommitMessage);
    fireEvent.change(message, { target: { value: 'Tidy the search' } });
    const held = deferred();
    api.on({ 'PUT /api/v4/suggestions/batch_apply': held.handler });
    fireEvent.click(within(first!).getByTestId('suggestion-apply-confirm'));
    await waitFor(() => expect(api.callsTo('PUT /api/v4/suggestions/batch_apply')).toHaveLength(1));
    expect(api.lastCall('PUT /api/v4/suggestions/batch_apply').body).toEqual({ ids: [501, 502], commit_message: 'Tidy the search' });
    // While it applies: both suggestions say is_applying_batch, and notes polling is paused
    expect(within(thread(DIFF)).getAllByTestId('suggestion').map((b) => b.dataset.applyingBatch)).toEqual(['true', 'true']);
    expect(appStore.get(notesPollPausedAtom)).toBe(1);
    held.release([]);
    await waitFor(() => expect(appStore.get(notesPollPausedAtom)).toBe(0));
    expect(within(thread(DIFF)).getAllByTestId('suggestion').map((b) => b.dataset.applyingBatch)).toEqual(['false', 'false']);
  });

  it("a failed apply without the server's reason says so: the suggestion's text alone, the batch's for a batch (even of one)", async () => {
    api.on({ 'PUT /api/v4/suggestions/501/apply': jsonResponse({}, { status: 500 }), 'PUT /api/v4/suggestions/batch_apply': jsonResponse({}, { status: 500 }) });
    renderWithStores(<Overview />);
    await waitFor(() => expect(within(thread(DIFF)).getAllByTestId('suggestion')).toHaveLength(2));
    const [first] = within(thread(DIFF)).getAllByTestId('suggestion');
    fireEvent.click(within(first!).getByTestId('suggestion-apply'));
    fireEvent.click(within(first!).getByTestId('suggestion-apply-confirm'));
    expect(await within(thread(DIFF)).findByText(SUGGESTION_TEXTS.applyFailed)).toBeTruthy();
    // One suggestion in the batch: Apply 1 suggestion goes to batch_apply, and fails as a batch
    fireEvent.click(within(first!).getByTestId('suggestion-batch-toggle'));
    fireEvent.click(within(first!).getByTestId('suggestion-apply-batch'));
    fireEvent.click(within(first!).getByTestId('suggestion-apply-confirm'));
    await waitFor(() => expect(api.callsTo('PUT /api/v4/suggestions/batch_apply')).toHaveLength(1));
    expect(api.lastCall('PUT /api/v4/suggestions/batch_apply').body).toMatchObject({ ids: [501] });
    expect(await within(thread(DIFF)).findByText(SUGGESTION_TEXTS.applyBatchFailed)).toBeTruthy();
  });

  it('Apply suggestion alone sends no commit message when none is typed (the server uses the default)', async () => {
    api.on({ 'PUT /api/v4/suggestions/501/apply': {} });
    renderWithStores(<Overview />);
    await waitFor(() => expect(within(thread(DIFF)).getAllByTestId('suggestion')).toHaveLength(2));
    const [first] = within(thread(DIFF)).getAllByTestId('suggestion');
    fireEvent.click(within(first!).getByTestId('suggestion-apply'));
    fireEvent.click(within(first!).getByTestId('suggestion-apply-confirm'));
    await waitFor(() => expect(api.callsTo('PUT /api/v4/suggestions/501/apply')).toHaveLength(1));
    expect(api.lastCall('PUT /api/v4/suggestions/501/apply').body).toEqual({});
  });

  it('a pending draft offers Submit review and Add comment now: the latter publishes this draft alone', async () => {
    const PUBLISH = 'PUT /api/v4/projects/g%2Fp/merge_requests/3/draft_notes/90/publish';
    drafts = [{ id: 90, author_id: 1, merge_request_id: 30, discussion_id: DIFF, resolve_discussion: false, note: 'Pending words', note_html: '<p>Pending words</p>', commit_id: null, position: null, line_code: null, file_path: null, author: alice, references: { users: [], commands: '' }, created_at: '', updated_at: '' }];
    api.on({ [PUBLISH]: undefined });
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread(DIFF)).toBeTruthy());
    const card = await within(thread(DIFF)).findByTestId('pending-draft');
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual([REVIEW_TEXTS.submitReview, REVIEW_TEXTS.addCommentNow, REVIEW_TEXTS.deleteDraft]);
    fireEvent.click(within(card).getByText(REVIEW_TEXTS.addCommentNow));
    await waitFor(() => expect(api.callsTo(PUBLISH)).toHaveLength(1));
    expect(api.callsTo('POST /api/v4/projects/g%2Fp/merge_requests/3/draft_notes/bulk_publish')).toHaveLength(0);
  });

  it("a pending draft's Submit review takes the reviewer to the review bar's summary (GitLab's draft card opens the review's submit form)", async () => {
    drafts = [{ id: 90, author_id: 1, merge_request_id: 30, discussion_id: DIFF, resolve_discussion: false, note: 'Pending words', note_html: '<p>Pending words</p>', commit_id: null, position: null, line_code: null, file_path: null, author: alice, references: { users: [], commands: '' }, created_at: '', updated_at: '' }];
    const scroll = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = () => undefined;
    renderWithStores(
      <>
        <Overview />
        <ReviewBar projectPath="g/p" iid={3} count={1} onSubmitted={() => undefined} />
      </>,
    );
    await waitFor(() => expect(thread(DIFF)).toBeTruthy());
    const card = await within(thread(DIFF)).findByTestId('pending-draft');
    fireEvent.click(within(card).getByTestId('pending-draft-publish'));
    expect(document.activeElement).toBe(screen.getByTestId('review-summary'));
    expect(api.callsTo('POST /api/v4/projects/g%2Fp/merge_requests/3/draft_notes/bulk_publish')).toHaveLength(0);
    Element.prototype.scrollIntoView = scroll;
  });

  it("a pending draft shows what its quick actions will do (GitLab's references.commands)", async () => {
    drafts = [{ id: 90, author_id: 1, merge_request_id: 30, discussion_id: DIFF, resolve_discussion: false, note: 'Fine\n/close', note_html: '<p>Fine</p>', commit_id: null, position: null, line_code: null, file_path: null, author: alice, references: { users: [], commands: '<p>Closes this merge request.</p>' }, created_at: '', updated_at: '' }];
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread(DIFF)).toBeTruthy());
    const card = await within(thread(DIFF)).findByTestId('pending-draft');
    expect(within(card).getByTestId('draft-commands').textContent).toBe('Closes this merge request.');
    expect(card.textContent).not.toContain('/close');
  });

  it("Add comment now while offline is the issue page's reply: kept in the outbox and shown pending, sent when the connection returns", async () => {
    const P = 'p'.repeat(40);
    const CREATE = `POST ${PATHS.createNote}`;
    api.on({ [CREATE]: makeNote({ id: '8', discussion_id: P, individual_note: false, noteable_type: 'MergeRequest', note_html: '<p>Written offline</p>' }) });
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread(P)).toBeTruthy());
    appStore.set(connectionStateAtom, 'closed');
    fireEvent.click(within(thread(P)).getByText('Reply…'));
    const form = within(thread(P)).getByTestId('diff-comment-form');
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'Written offline' } });
    fireEvent.click(within(form).getByText(REVIEW_TEXTS.addCommentNow));
    await waitFor(() => expect(screen.getByTestId('pending-note').getAttribute('data-status')).toBe('queued'));
    expect(api.callsTo(CREATE)).toHaveLength(0);
    await waitFor(() => expect(within(thread(P)).queryByTestId('diff-comment-form')).toBeNull());
    // Back online: sent once, in reply to its thread
    appStore.set(connectionStateAtom, 'open');
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.lastCall(CREATE).body).toMatchObject({ note: { note: 'Written offline' }, in_reply_to_discussion_id: P });
    await waitFor(() => expect(screen.queryByTestId('pending-note')).toBeNull());
  });

  it("Add comment now of quick actions only says 'Commands applied', as the issue page's reply", async () => {
    const P = 'p'.repeat(40);
    const CREATE = `POST ${PATHS.createNote}`;
    api.on({ [CREATE]: { commands_changes: {}, valid: false, errors: { commands_only: [] }, quick_actions_status: { messages: [] } } });
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread(P)).toBeTruthy());
    fireEvent.click(within(thread(P)).getByText('Reply…'));
    const form = within(thread(P)).getByTestId('diff-comment-form');
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: '/todo' } });
    fireEvent.click(within(form).getByText(REVIEW_TEXTS.addCommentNow));
    expect((await screen.findByTestId('notes-notice')).textContent).toContain(DISCUSSION_TEXTS.commandsApplied);
  });

  it("a review reply autocompletes the merge request's commands", async () => {
    api.on({ 'GET /g/p/-/autocomplete_sources/commands?type=MergeRequest&type_id=3': [{ name: 'todo', aliases: [], description: 'Add a to-do item', params: [], warning: '', icon: '' }] });
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread(DIFF)).toBeTruthy());
    fireEvent.click(within(thread(DIFF)).getByText('Reply…'));
    const box = within(within(thread(DIFF)).getByTestId('diff-comment-form')).getByRole('textbox');
    fireEvent.change(box, { target: { value: '/to' } });
    fireEvent.keyUp(box, { key: 'o' });
    const option = await within(thread(DIFF)).findByRole('option', { name: /\/todo/ });
    fireEvent.mouseDown(option);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toMatch(/^\/todo\s*$/));
  });
});

