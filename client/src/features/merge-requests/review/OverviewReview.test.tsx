import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { REVIEW_TEXTS, SUGGESTION_TEXTS, type ApiDiffPosition, type ApiDiscussion, type ApiDraftNote } from '@tandem/shared-types';
import { renderWithStores, stubFetch, type FetchStub } from '../../../test/kit';
import { DiscussionArea } from '../../notes/DiscussionArea';
import { alice, makeNote } from '../../notes/testNotes';
import { MR_PATHS, mergeRequestNoteable, resetMergeRequestDiscussion } from '../testMergeRequestDiscussion';
import { useReviewDrafts } from './reviewApi';
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
function Overview() {
  const { drafts, refresh } = useReviewDrafts('g/p', 3, true);
  const review = useOverviewReview({ projectPath: 'g/p', iid: 3, drafts, onDraftsChange: () => void refresh(), canApply: true });
  return <DiscussionArea noteable={noteable} stateToggle={{ busy: false, toggle: async () => {} }} review={review} />;
}

const thread = (id: string) => document.querySelector(`[data-discussion-id="${id}"]`) as HTMLElement;

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
    expect(within(form).getAllByRole('button').map((b) => b.textContent)).toEqual([REVIEW_TEXTS.startReview, REVIEW_TEXTS.addCommentNow, REVIEW_TEXTS.cancel]);
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'Later, in my review' } });
    fireEvent.click(within(form).getByText(REVIEW_TEXTS.startReview));
    await waitFor(() => expect(api.callsTo(NEW_DRAFT)).toHaveLength(1));
    expect(api.lastCall(NEW_DRAFT).body).toMatchObject({ note: 'Later, in my review', in_reply_to_discussion_id: DIFF });
    // The pending reply sits under its thread; the next reply adds to the review
    await waitFor(() => expect(thread(DIFF).textContent).toContain('Later, in my review'));
    fireEvent.click(within(thread(DIFF)).getByText('Reply…'));
    expect(within(thread(DIFF)).getByTestId('review-add').textContent).toBe(REVIEW_TEXTS.addToReview);
  });

  it('a thread without a diff position keeps the plain reply form', async () => {
    renderWithStores(<Overview />);
    await waitFor(() => expect(thread('p'.repeat(40))).toBeTruthy());
    fireEvent.click(within(thread('p'.repeat(40))).getByText('Reply…'));
    expect(within(thread('p'.repeat(40))).queryByTestId('diff-comment-form')).toBeNull();
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
    await waitFor(() => expect(api.callsTo('PUT /api/v4/suggestions/batch_apply')).toHaveLength(1));
    expect(api.lastCall('PUT /api/v4/suggestions/batch_apply').body).toEqual({ ids: [501, 502] });
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

