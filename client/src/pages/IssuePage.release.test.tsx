import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { Provider } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { NOTES_FILTER, type ApiProject, type IssuePageData } from '@tandem/shared-types';
import { appStore } from '../shared/store';
import { awardableKey, awardsAtomFamily } from '../features/awards/awardsAtoms';
import { issueAtomFamily, issueSeqAtomFamily } from '../features/issue/issueAtoms';
import { makeIssue } from '../features/issue/testIssue';
import { testPermissions } from '../features/issue/testPermissions';
import { discussionOfNote } from '../features/notes/discussionRules';
import { discussionsAtomFamily } from '../features/notes/notesAtoms';
import { pendingNotesAtomFamily } from '../features/notes/pendingNotesAtoms';
import { makeNote } from '../features/notes/testNotes';
import { presenceActivityAtomFamily, presenceAtomFamily } from '../features/presence/presenceAtoms';
import { publishedIncidentUrlAtomFamily } from '../features/status-page/statusPageAtoms';
import { IssuePage } from './IssuePage';
import { stubFetch } from '../test/kit';

// The socket is not this test's subject: the page follows no stream and announces no presence
vi.mock('../features/issue/useIssueSync', () => ({ useIssueSync: () => ({ state: 'open', givenUp: false }) }));
vi.mock('../features/presence/usePresence', () => ({ usePresence: () => {}, setEditingPresence: () => {}, useTypingPresence: () => () => {} }));

const KEY = 'g/p#1';
const note = makeNote({ id: '55', note: 'hello', note_html: '<p>hello</p>', award_emoji: [] });
const pageData = (): IssuePageData =>
  ({
    issue: makeIssue(),
    project: { path_with_namespace: 'g/p', name: 'p', name_with_namespace: 'g / p' } as ApiProject,
    permissions: testPermissions(),
    seq: 3,
    awards: [],
    endpoint: '/g/p/-/issues/1',
    realtimeChangesPath: '/g/p/-/issues/1/realtime_changes',
    notesPath: '/g/p/noteable/issue/100/notes',
    lastFetchedAt: 1,
    notesData: { notesFilter: NOTES_FILTER.all, prerenderedNotesCount: 1, isProjectArchived: false },
  }) as IssuePageData;

const families = { issueAtomFamily, issueSeqAtomFamily, discussionsAtomFamily, pendingNotesAtomFamily, presenceAtomFamily, presenceActivityAtomFamily, publishedIncidentUrlAtomFamily };
const held = (family: { getParams(): Iterable<string> }, key: string) => [...family.getParams()].includes(key);

function renderPage() {
  return render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Provider store={appStore}>
          <MemoryRouter>
            <IssuePage data={pageData()} />
          </MemoryRouter>
        </Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('IssuePage releases the issue’s atoms when it unmounts', () => {
  beforeEach(() => {
    // the page's reads (discussions, and the GraphQL the sidebar sends) as the test needs them: one note, nothing else
    stubFetch({
      '* /*': ({ path }) => (path.endsWith('/discussions.json') ? [discussionOfNote(note)] : path.endsWith('/related_branches') ? { branches: [] } : []),
    });
  });

  it('holds the issue, its discussions and the awards of it and its notes while shown (StrictMode’s remount included), none after', async () => {
    const { unmount } = renderPage();
    expect(await screen.findByText('hello')).toBeTruthy();
    // What the (mocked) presence hooks would have written
    appStore.set(presenceActivityAtomFamily(KEY), { editing: false, typingAt: 1 });
    await act(() => new Promise((r) => setTimeout(r, 5)));
    // Still on screen after StrictMode's unmount and remount: nothing was released under the page
    expect(screen.getByTestId('issue-title').textContent).toBe('Title');
    for (const [name, family] of Object.entries(families)) expect(held(family, KEY), name).toBe(true);
    expect(held(awardsAtomFamily, awardableKey('Issue', 100))).toBe(true);
    expect(held(awardsAtomFamily, awardableKey('Note', '55'))).toBe(true);

    unmount();
    await act(() => new Promise((r) => setTimeout(r, 5)));
    for (const [name, family] of Object.entries(families)) expect(held(family, KEY), name).toBe(false);
    expect(held(awardsAtomFamily, awardableKey('Issue', 100))).toBe(false);
    expect(held(awardsAtomFamily, awardableKey('Note', '55'))).toBe(false);
  });
});
