import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DISCUSSION_TEXTS, NOTES_FILTER } from '@tandem/shared-types';
import { renderWithStores, stubFetch, type FetchStub } from '../../test/kit';
import { DiscussionArea } from '../notes/DiscussionArea';
import { discussionOfNote } from '../notes/discussionRules';
import { makeNote } from '../notes/testNotes';
import { MR_PATHS, mergeRequestNoteable, resetMergeRequestDiscussion } from './testMergeRequestDiscussion';

const PATHS = MR_PATHS;
const DISCUSSIONS = `GET ${PATHS.discussions}`;
const noteable = (notesFilter: 0 | 1 | 2) => mergeRequestNoteable(notesFilter);

describe('the merge request discussion filter', () => {
  let api: FetchStub;
  beforeEach(() => {
    resetMergeRequestDiscussion();
    api = stubFetch({ [DISCUSSIONS]: [discussionOfNote(makeNote({ id: '1', note: 'a comment' }))] });
  });

  it('offers the choices of the page data, starts from the saved one, and saves a new choice for merge request pages', async () => {
    renderWithStores(<DiscussionArea noteable={noteable(NOTES_FILTER.comments)} stateToggle={{ busy: false, toggle: async () => {} }} />);
    const select = (await screen.findByTestId('discussion-filter')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([DISCUSSION_TEXTS.filterAll, DISCUSSION_TEXTS.filterComments, DISCUSSION_TEXTS.filterHistory]);
    expect(select.value).toBe(String(NOTES_FILTER.comments));
    // The saved filter is read, not saved again
    await waitFor(() => expect(api.calls[0]!.path).toBe(PATHS.discussions));
    expect(api.calls[0]!.query.get('notes_filter')).toBe('1');
    expect(api.calls[0]!.query.get('persist_filter')).toBe('false');

    fireEvent.change(select, { target: { value: String(NOTES_FILTER.history) } });
    await waitFor(() => expect(api.callsTo(`${DISCUSSIONS}?notes_filter=2&persist_filter=true`)).toHaveLength(1));
    // History only: the form gives way to the notice
    expect(await screen.findByTestId('notes-filtered-notice')).toBeTruthy();
  });

  it('keeps the sort for merge request pages apart from issue pages', async () => {
    renderWithStores(<DiscussionArea noteable={noteable(NOTES_FILTER.all)} stateToggle={{ busy: false, toggle: async () => {} }} />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Sort activity' }), { target: { value: 'desc' } });
    expect(localStorage.getItem('tandem/notes-sort/merge_request')).toBe('desc');
    expect(localStorage.getItem('tandem/notes-sort/issue')).toBeNull();
  });
});
