import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIFF_TEXTS, REVIEW_TEXTS, type ApiDiffFile, type ApiDraftNote, type ApiImageDiffPosition, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { renderWithStores, stubFetch, type FetchStub } from '../../../test/kit';
import { ChangesTab } from './ChangesTab';
import { DiffExcerpt } from './DiffExcerpt';
import { badgeStyle, imagePointOf } from './imagePoint';

const FILE: ApiDiffFile = {
  file_hash: 'a'.repeat(40), file_identifier_hash: 'b'.repeat(40), old_path: 'assets/banner.png', new_path: 'assets/banner.png', a_mode: '100644', b_mode: '100644', new_file: false, deleted_file: false, renamed_file: false, mode_changed: false, binary: true,
  added_lines: 0, removed_lines: 0, mode: 'replaced', viewer: { name: 'image' }, alternate_viewer: null, content_sha: '2', view_path: '/acme/tandem/-/blob/2/assets/banner.png', collapsed: false,
  old_raw_path: '/acme/tandem/-/raw/1/assets/banner.png', new_raw_path: '/acme/tandem/-/raw/2/assets/banner.png', old_size: 100, new_size: 120, highlighted_diff_lines: [],
};
const DIFFS = '/acme/tandem/-/merge_requests/7/diffs.json';
const DISCUSSIONS = '/acme/tandem/-/merge_requests/7/discussions.json';
const DRAFTS = '/api/v4/projects/acme%2Ftandem/merge_requests/7/draft_notes';
const POST = 'POST /api/v4/projects/acme%2Ftandem/merge_requests/7/discussions';
const response: MergeRequestDiffsResponse = { diff_files: [FILE], diff_refs: { base_sha: '1', start_sha: '1', head_sha: '2' }, whitespace_hidden: false };
const at = (x: number, y: number, width = 80, height = 50): ApiImageDiffPosition => ({ base_sha: '1', start_sha: '1', head_sha: '2', old_path: 'assets/banner.png', new_path: 'assets/banner.png', position_type: 'image', x, y, width, height });
const thread = (id: string, text: string, position: ApiImageDiffPosition) => ({
  id, individual_note: false, diff_discussion: true, position,
  notes: [{ id: `${id}-n`, discussion_id: id, type: 'DiffNote', note: text, note_html: `<p>${text}</p>`, author: { id: 2, name: 'Bob Brown', username: 'bob' }, position }],
});
const tab = () => <ChangesTab projectPath="acme/tandem" iid={7} discussions={{ key: 'acme/tandem/-/merge_requests#7', id: 70 }} comment={{ projectPath: 'acme/tandem', iid: 7 }} />;

/** The new image shown at 160 × 100 (twice the size the comments were taken on), its top left at 100, 200. */
const placeNewImage = () => {
  const img = screen.getByTestId('image-commentable');
  img.getBoundingClientRect = () => ({ left: 100, top: 200, width: 160, height: 100, right: 260, bottom: 300, x: 100, y: 200, toJSON: () => ({}) });
  return img;
};

describe('image points', () => {
  it('a click is taken on the image as displayed: offsets from its corner and its displayed size, kept on the image', () => {
    expect(imagePointOf(130.4, 245.6, { left: 100, top: 200, width: 160.2, height: 99.7 })).toEqual({ x: 30, y: 46, width: 160, height: 100 });
    expect(imagePointOf(90, 400, { left: 100, top: 200, width: 160, height: 100 })).toEqual({ x: 0, y: 100, width: 160, height: 100 });
  });

  it('a badge sits at its point scaled to the size the image is shown at', () => {
    expect(badgeStyle({ x: 20, y: 25, width: 80, height: 50 })).toEqual({ left: '25%', top: '50%' });
    expect(badgeStyle({ x: 0, y: 50, width: 80, height: 50 })).toEqual({ left: '0%', top: '100%' });
    expect(badgeStyle({ x: 1, y: 1, width: 3, height: 3 })).toEqual({ left: '33.33%', top: '33.33%' });
  });
});

describe('comments on an image of the diff', () => {
  let api: FetchStub;
  beforeEach(() => {
    cleanup();
    localStorage.clear();
    api = stubFetch({ [`GET ${DIFFS}`]: response, [`GET ${DISCUSSIONS}`]: [], [`GET ${DRAFTS}`]: [], [POST]: { id: 'd9', individual_note: false, notes: [] } });
  });

  it('a click on the new image opens the comment form there; Add comment now posts an image position at that point', async () => {
    renderWithStores(tab());
    await screen.findByTestId('image-two-up');
    // The old image takes no comment; only the new one is commentable
    expect(screen.getAllByTestId('image-commentable')).toHaveLength(1);
    expect(screen.getByTestId('image-commentable').getAttribute('alt')).toBe('New version');
    fireEvent.click(placeNewImage(), { clientX: 140, clientY: 250, detail: 1 });
    const form = await screen.findByTestId('diff-comment-form');
    expect(within(form).getByLabelText(DIFF_TEXTS.commentOnImage)).toBeTruthy();
    expect(within(form).getByTestId('review-add').textContent).toBe(REVIEW_TEXTS.startReview);
    // The point the form is on is marked on the image
    expect((screen.getByTestId('image-comment-point') as HTMLElement).style.left).toBe('25%');
    fireEvent.change(screen.getByTestId('diff-comment-text'), { target: { value: 'Too dark here' } });
    fireEvent.click(screen.getByTestId('diff-comment-submit'));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    expect(api.lastCall(POST).body).toEqual({ body: 'Too dark here', position: at(40, 50, 160, 100) });
  });

  it('a second click elsewhere on the image moves the open comment there; its text stays', async () => {
    renderWithStores(tab());
    await screen.findByTestId('image-two-up');
    fireEvent.click(placeNewImage(), { clientX: 110, clientY: 210, detail: 1 });
    fireEvent.change(await screen.findByTestId('diff-comment-text'), { target: { value: 'Here, no, there' } });
    fireEvent.click(placeNewImage(), { clientX: 180, clientY: 260, detail: 1 });
    expect((screen.getByTestId('diff-comment-text') as HTMLTextAreaElement).value).toBe('Here, no, there');
    expect(screen.getAllByTestId('diff-comment-form')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('diff-comment-submit'));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    expect(api.lastCall(POST).body).toEqual({ body: 'Here, no, there', position: at(80, 60, 160, 100) });
  });

  it('from the keyboard the image\'s button comments on its centre', async () => {
    renderWithStores(tab());
    await screen.findByTestId('image-two-up');
    placeNewImage();
    // Enter or Space on a button is a click without a pointer (detail 0)
    fireEvent.click(screen.getByRole('button', { name: DIFF_TEXTS.commentOnImage }), { detail: 0 });
    fireEvent.change(await screen.findByTestId('diff-comment-text'), { target: { value: 'Middle' } });
    fireEvent.click(screen.getByTestId('diff-comment-submit'));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    expect(api.lastCall(POST).body).toEqual({ body: 'Middle', position: at(80, 50, 160, 100) });
  });

  it('Start a review keeps the comment as a draft on the image', async () => {
    const draft: ApiDraftNote = { id: 1, author_id: 2, merge_request_id: 70, discussion_id: null, resolve_discussion: false, note: 'Later', note_html: '<p>Later</p>', commit_id: null, position: at(10, 10), line_code: null, file_path: 'assets/banner.png', author: null, created_at: '', updated_at: '', references: { users: [], commands: '' } };
    api.on({ [`POST ${DRAFTS}`]: draft });
    renderWithStores(tab());
    await screen.findByTestId('image-two-up');
    fireEvent.click(placeNewImage(), { clientX: 100, clientY: 200, detail: 1 });
    fireEvent.change(await screen.findByTestId('diff-comment-text'), { target: { value: 'Later' } });
    api.on({ [`GET ${DRAFTS}`]: [draft] });
    fireEvent.click(screen.getByTestId('review-add'));
    await waitFor(() => expect(api.callsTo(`POST ${DRAFTS}`)).toHaveLength(1));
    expect(api.lastCall(`POST ${DRAFTS}`).body).toEqual({ note: 'Later', position: at(0, 0, 160, 100) });
    const pending = await screen.findByTestId('pending-draft');
    expect(within(screen.getByTestId('image-threads')).getByTestId('pending-draft')).toBe(pending);
    expect(screen.queryByTestId('diff-comment-form')).toBeNull();
    // Numbered on the image at its point like a thread, and in the list
    const badge = screen.getByTestId('image-draft-badge');
    expect([badge.textContent, badge.style.left, badge.style.top]).toEqual(['1', '12.5%', '20%']);
    expect(screen.getByTestId('image-draft').getAttribute('data-badge')).toBe('1');
  });

  it("numbers the image's threads on the image and in the list under it; a badge folds and unfolds its thread", async () => {
    api.on({ [`GET ${DISCUSSIONS}`]: [thread('d1', 'First spot', at(20, 25)), thread('d2', 'Second spot', at(80, 0))] });
    renderWithStores(tab());
    const badges = await screen.findAllByTestId('image-badge');
    // On the new image, at their points scaled to the size shown
    expect(badges.map((b) => [b.textContent, b.style.left, b.style.top])).toEqual([['1', '25%', '50%'], ['2', '100%', '0%']]);
    expect(badges[0]!.closest('[data-testid="image-frame"]')?.querySelector('img')?.getAttribute('alt')).toBe('New version');
    const items = screen.getAllByTestId('image-thread');
    expect(items.map((i) => [i.getAttribute('data-badge'), i.textContent?.includes(i.getAttribute('data-badge') === '1' ? 'First spot' : 'Second spot')])).toEqual([['1', true], ['2', true]]);
    fireEvent.click(badges[0]!);
    expect(within(items[0]!).queryByTestId('diff-thread')).toBeNull();
    expect(within(items[0]!).getByTestId('image-thread-folded').textContent).toBe('Bob Brown: First spot');
    expect(badges[0]!.getAttribute('aria-expanded')).toBe('false');
    expect(within(items[1]!).getByTestId('diff-thread')).toBeTruthy();
    fireEvent.click(badges[0]!);
    expect(within(items[0]!).getByTestId('diff-thread')).toBeTruthy();
    // Image threads are no line's threads
    expect(screen.queryByTestId('diff-inline')).toBeNull();
  });

  it('a deleted image takes comments on its old image', async () => {
    const deleted: ApiDiffFile = { ...FILE, deleted_file: true, mode: 'deleted', new_raw_path: null, new_size: null };
    api.on({ [`GET ${DIFFS}`]: { ...response, diff_files: [deleted] } });
    renderWithStores(tab());
    await screen.findByTestId('image-single');
    fireEvent.click(placeNewImage(), { clientX: 260, clientY: 300, detail: 1 });
    fireEvent.change(await screen.findByTestId('diff-comment-text'), { target: { value: 'Why gone?' } });
    fireEvent.click(screen.getByTestId('diff-comment-submit'));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    expect(api.lastCall(POST).body).toMatchObject({ position: { position_type: 'image', x: 160, y: 100, width: 160, height: 100 } });
  });

  it('the Overview shows an image thread with its image and the point marked, no code excerpt', () => {
    renderWithStores(<DiffExcerpt discussion={thread('d1', 'First spot', at(20, 25)) as never} projectPath="acme/tandem" iid={7} />);
    const image = screen.getByTestId('diff-excerpt-image');
    expect(image.querySelector('img')?.getAttribute('src')).toBe('/acme/tandem/-/raw/2/assets/banner.png');
    const badge = screen.getByTestId('diff-excerpt-badge');
    expect([badge.style.left, badge.style.top]).toEqual(['25%', '50%']);
    expect(screen.queryByTestId('diff-excerpt-loading')).toBeNull();
    expect(api.callsTo('GET /acme/tandem/-/merge_requests/7/discussions/d1/diff_lines.json')).toHaveLength(0);
  });
});
