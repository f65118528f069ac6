import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ABUSE_CATEGORIES, ABUSE_TEXTS, type ApiDiscussion } from '@tandem/shared-types';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../test/kit';
import { AbuseReportPage } from '../../pages/AbuseReportPage';
import { DiscussionArea } from '../notes/DiscussionArea';
import { alice, makeNote } from '../notes/testNotes';
import { MR_PATHS, mergeRequestNoteable, resetMergeRequestDiscussion } from '../merge-requests/testMergeRequestDiscussion';

/** The report page as the app routes it (its layout's links need a router). */
const reportPage = () => (
  <MemoryRouter>
    <AbuseReportPage />
  </MemoryRouter>
);
const bob = { ...alice, id: 99, username: 'bob', name: 'Bob' };
const thread = (id: string, author: typeof alice): ApiDiscussion =>
  ({ id: id.repeat(40), individual_note: true, resolvable: false, resolved: false, notes: [makeNote({ id, discussion_id: id.repeat(40), note: `from ${author.username}`, note_html: `<p>from ${author.username}</p>`, author, noteable_type: 'MergeRequest', noteable_iid: 3, report_abuse_path: `/-/abuse_reports/new?project_path=g%2Fp&iid=3&noteable_type=MergeRequest&note_id=${id}` })] }) as ApiDiscussion;

describe('Report abuse on a merge request and its comments', () => {
  let api: FetchStub;
  beforeEach(() => {
    resetMergeRequestDiscussion();
    api = stubFetch({
      [`GET ${MR_PATHS.discussions}`]: [thread('1', alice), thread('9', bob)],
      'POST /-/abuse_reports': { id: 5, message: ABUSE_TEXTS.sent },
      // the layout's navbar count
      'GET /api/v4/todos?state=pending&per_page=1': () => jsonResponse([], { headers: { 'x-total': '0' } }),
    });
  });

  it("links someone else's comment to its report path, the form for the merge request; not one's own", async () => {
    renderWithStores(<DiscussionArea noteable={mergeRequestNoteable()} stateToggle={{ busy: false, toggle: async () => {} }} />);
    await screen.findByText('from bob');
    const [own, other] = screen.getAllByTestId('note');
    expect(within(own!).queryByRole('link', { name: ABUSE_TEXTS.reportAbuse })).toBeNull();
    expect(within(other!).getByRole('link', { name: ABUSE_TEXTS.reportAbuse }).getAttribute('href')).toBe('/-/abuse_reports/new?project_path=g%2Fp&iid=3&noteable_type=MergeRequest&note_id=9');
  });

  it('the form sends the merge request comment and leads back to it', async () => {
    window.history.pushState({}, '', '/-/abuse_reports/new?project_path=g%2Fp&iid=3&noteable_type=MergeRequest&note_id=9');
    renderWithStores(reportPage());
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/g/p/-/merge_requests/3#note_9');
    fireEvent.click(screen.getByLabelText(ABUSE_CATEGORIES.offensive));
    fireEvent.change(screen.getByLabelText(ABUSE_TEXTS.messageLabel), { target: { value: 'Rude' } });
    fireEvent.click(screen.getByRole('button', { name: ABUSE_TEXTS.send }));
    await waitFor(() => expect(api.callsTo('POST /-/abuse_reports')).toHaveLength(1));
    expect(api.lastCall('POST /-/abuse_reports').body).toEqual({ project_path: 'g/p', iid: 3, noteable_type: 'MergeRequest', note_id: 9, category: 'offensive', message: 'Rude' });
    expect((await screen.findByTestId('abuse-report-sent')).querySelector('a')!.getAttribute('href')).toBe('/g/p/-/merge_requests/3#note_9');
    expect(screen.getByTestId('abuse-report-sent').textContent).toContain(ABUSE_TEXTS.backToMergeRequest);
  });

  it("the form from the merge request's header reports its author and leads back to the merge request", async () => {
    window.history.pushState({}, '', '/-/abuse_reports/new?project_path=g%2Fp&iid=3&noteable_type=MergeRequest');
    renderWithStores(reportPage());
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/g/p/-/merge_requests/3');
    fireEvent.click(screen.getByLabelText(ABUSE_CATEGORIES.spam));
    fireEvent.change(screen.getByLabelText(ABUSE_TEXTS.messageLabel), { target: { value: 'Spam' } });
    fireEvent.click(screen.getByRole('button', { name: ABUSE_TEXTS.send }));
    await waitFor(() => expect(api.callsTo('POST /-/abuse_reports')).toHaveLength(1));
    expect(api.lastCall('POST /-/abuse_reports').body).toEqual({ project_path: 'g/p', iid: 3, noteable_type: 'MergeRequest', category: 'spam', message: 'Spam' });
    const sent = await screen.findByTestId('abuse-report-sent');
    expect(sent.querySelector('a')!.getAttribute('href')).toBe('/g/p/-/merge_requests/3');
    expect(sent.textContent).toContain(ABUSE_TEXTS.backToMergeRequest);
  });

  it('a report about another type of noteable is no page', () => {
    for (const q of ['project_path=g%2Fp&iid=3&noteable_type=Epic', 'project_path=g%2Fp&iid=3&noteable_type=Epic&note_id=9']) {
      window.history.pushState({}, '', `/-/abuse_reports/new?${q}`);
      const { unmount } = renderWithStores(reportPage());
      expect(screen.getByTestId('not-found')).toBeTruthy();
      unmount();
    }
  });
});
