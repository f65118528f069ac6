import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { IDEMPOTENCY_HEADER, SUGGESTION_TEXTS, type ApiDiffLine, type ApiDiffPosition, type ApiDiscussion } from '@tandem/shared-types';
import { noteDraftKey } from '../../notes/noteDrafts';
import { renderWithStores, stubFetch } from '../../../test/kit';
import { ReviewCommentForm } from './ReviewCommentForm';

const position: ApiDiffPosition = { base_sha: '1'.repeat(40), start_sha: '1'.repeat(40), head_sha: '2'.repeat(40), old_path: 'a.ts', new_path: 'a.ts', position_type: 'text', old_line: null, new_line: 7, line_range: null };
const line = (over: Partial<ApiDiffLine>): ApiDiffLine => ({ type: 'new', old_line: null, new_line: 7, line_code: 'x_0_7', rich_text: '<span class="hljs-keyword">const</span> ok = a &amp;&amp; b;', ...over });

function form(l: ApiDiffLine, canReceiveSuggestion = true) {
  return renderWithStores(<ReviewCommentForm projectPath="g/p" iid={3} position={position} lines={[l]} pendingCount={0} canReceiveSuggestion={canReceiveSuggestion} label="Comment on this line" onDone={() => undefined} onCancel={() => undefined} />);
}

describe('the diff comment form: Insert suggestion', () => {
  beforeEach(() => {
    stubFetch({});
  });

  it("inserts a suggestion block holding the commented line's text, at the cursor", () => {
    form(line({}));
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Clearer:' } });
    box.setSelectionRange(8, 8);
    fireEvent.click(screen.getByText(SUGGESTION_TEXTS.insertSuggestion));
    expect(box.value).toBe('Clearer:\n```suggestion:-0+0\nconst ok = a && b;\n```\n');
  });

  it('an unchanged line may receive one too', () => {
    form(line({ type: 'context', old_line: 6 }));
    expect(screen.getByTestId('insert-suggestion').textContent).toBe(SUGGESTION_TEXTS.insertSuggestion);
  });

  it("offers none when the merge request does not take suggestions (the page data's can_receive_suggestion false)", () => {
    form(line({}), false);
    expect(screen.queryByTestId('insert-suggestion')).toBeNull();
    expect(screen.queryByText(SUGGESTION_TEXTS.insertSuggestion)).toBeNull();
  });

  it('a removed line (the old side) cannot receive a suggestion', () => {
    form(line({ type: 'old', old_line: 6, new_line: null }));
    expect(screen.queryByTestId('insert-suggestion')).toBeNull();
  });
});

describe('the diff comment form: its markdown editor', () => {
  it('previews the comment (the note form\'s markdown preview)', async () => {
    const api = stubFetch({ 'POST /api/v4/markdown': { html: '<p><strong>bold</strong></p>', commands: [] } });
    form(line({}));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '**bold**' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    expect((await screen.findByText('bold')).tagName).toBe('STRONG');
    expect(api.callsTo('POST /api/v4/markdown')).toHaveLength(1);
    // a merge request's commands are explained as a merge request's (GitLab's preview target_type)
    expect(api.lastCall('POST /api/v4/markdown').body).toMatchObject({ quick_actions: true, target_type: 'MergeRequest' });
  });
});

describe('the review comment form: autosave', () => {
  it('keeps the text under autosave/ while written, gives it back on reopening, and drops it once the comment is added', async () => {
    const api = stubFetch({ 'POST /api/v4/projects/g%2Fp/merge_requests/3/discussions': { id: 'n'.repeat(40), notes: [] } });
    const key = 'autosave/g/p/-/merge_requests/3/line/a.ts::7';
    const first = form(line({}));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Half a thought' } });
    expect(JSON.parse(localStorage.getItem(key)!)).toMatchObject({ text: 'Half a thought' });
    first.unmount();
    form(line({}));
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('Half a thought');
    fireEvent.click(screen.getByTestId('diff-comment-submit'));
    await waitFor(() => expect(api.callsTo('POST /api/v4/projects/g%2Fp/merge_requests/3/discussions')).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull());
  });
});

describe('the review comment form: a thread reply shares its autosave with the Overview reply', () => {
  const D = 'd'.repeat(40);
  const thread = { id: D, individual_note: false, resolvable: true, resolved: false, notes: [] } as unknown as ApiDiscussion;
  beforeEach(() => localStorage.clear());
  const reply = () => renderWithStores(<ReviewCommentForm projectPath="g/p" iid={3} discussion={thread} pendingCount={0} label="Reply to this thread" onDone={() => undefined} onCancel={() => undefined} />);

  it("writes under the thread's reply key on the merge request page, the one the Overview's reply form reads", () => {
    reply();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Written in Changes' } });
    expect(JSON.parse(localStorage.getItem(noteDraftKey('g/p/-/merge_requests', 3, D))!)).toMatchObject({ text: 'Written in Changes' });
  });

  it('takes over a reply autosaved under the earlier key, once', () => {
    localStorage.setItem(`autosave/g/p/-/merge_requests/3/reply/${D}`, JSON.stringify({ text: 'from before', lock_version: 0 }));
    reply();
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('from before');
    expect(localStorage.getItem(`autosave/g/p/-/merge_requests/3/reply/${D}`)).toBeNull();
    expect(JSON.parse(localStorage.getItem(noteDraftKey('g/p/-/merge_requests', 3, D))!)).toMatchObject({ text: 'from before' });
  });
});

describe('the review comment form: Add comment now after a lost answer', () => {
  it('sends the same idempotency key again, so the server returns the comment it wrote rather than a second', async () => {
    const POST = 'POST /api/v4/projects/g%2Fp/merge_requests/3/discussions';
    let lose = true;
    const api = stubFetch({
      [POST]: () => {
        if (lose) throw new TypeError('Failed to fetch');
        return { id: 'n'.repeat(40), notes: [] };
      },
    });
    form(line({}));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Once only' } });
    fireEvent.click(screen.getByTestId('diff-comment-submit'));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    // the answer was lost: the text stays with the error, and pressing again retries with the same key
    await waitFor(() => expect((screen.getByTestId('diff-comment-submit') as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('Once only');
    lose = false;
    fireEvent.click(screen.getByTestId('diff-comment-submit'));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(2));
    const [first, second] = api.callsTo(POST);
    expect(first!.headers.get(IDEMPOTENCY_HEADER)).toMatch(/\S{8,}/);
    expect(second!.headers.get(IDEMPOTENCY_HEADER)).toBe(first!.headers.get(IDEMPOTENCY_HEADER));
  });
});
