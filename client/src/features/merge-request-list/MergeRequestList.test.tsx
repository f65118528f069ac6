import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { MERGE_REQUEST_LIST_TEXTS as T, type ApiMergeRequest, type MergeRequestListState, type ProjectList } from '@tandem/shared-types';
import { App } from '../../App';
import { jsonResponse, renderWithStores, stubFetch, type FetchCall, type FetchStub } from '../../test/kit';

// The socket: what a project watch would deliver, driven by the test
const watchers = new Map<() => void, ProjectList>();
vi.mock('../../realtime/realtimeConnection', () => ({
  realtimeClient: () => ({
    watchProject: (_path: string, l: () => void, list: ProjectList = 'issues') => {
      watchers.set(l, list);
      return () => watchers.delete(l);
    },
  }),
}));
afterEach(() => watchers.clear());

const LIST = 'GET /api/v4/projects/:id/merge_requests';
const user = (id: number, name: string) => ({ id, name, username: name.toLowerCase(), avatar_url: null, state: 'active', web_url: `/${name.toLowerCase()}` });
const mr = (over: Partial<ApiMergeRequest> = {}) =>
  ({
    id: 30, iid: 3, project_id: 1, title: 'Add the merge request list', state: 'opened', created_at: new Date(Date.now() - 2 * 3600_000).toISOString(), updated_at: '2026-01-01T00:00:00Z',
    source_branch: 'feature-list', target_branch: 'main', author: user(1, 'Alice'), assignees: [user(2, 'Bob')], reviewers: [user(3, 'Carol')], labels: ['frontend'], user_notes_count: 4,
    ...over,
  }) as ApiMergeRequest;
const TOTALS: Record<MergeRequestListState, number> = { opened: 2, merged: 5, closed: 1, all: 8 };

/** The list answers by state; a one-row request is a tab count (X-Total). */
function serve(rows: Partial<Record<MergeRequestListState, ApiMergeRequest[]>>, totals = TOTALS) {
  return (c: FetchCall) => {
    const state = c.query.get('state') as MergeRequestListState;
    if (c.query.get('per_page') === '1') return jsonResponse([], { headers: { 'x-total': String(totals[state]) } });
    const page = Number(c.query.get('page'));
    return jsonResponse(rows[state] ?? [], { headers: { 'x-page': String(page), 'x-total': String(totals[state]), ...(totals[state] > page * 20 ? { 'x-next-page': String(page + 1) } : {}), ...(page > 1 ? { 'x-prev-page': String(page - 1) } : {}) } });
  };
}
const stub = (rows: Partial<Record<MergeRequestListState, ApiMergeRequest[]>>, totals = TOTALS) =>
  stubFetch({
    'GET /api/v4/projects/:id': { id: 1, name: 'Tandem', name_with_namespace: 'Acme / Tandem', path_with_namespace: 'acme/tandem', description: null },
    'GET /api/v4/projects/:id/labels': [{ name: 'frontend', color: '#428BCA', text_color: '#FFFFFF' }],
    [LIST]: serve(rows, totals),
  });
/** The query of the last list request (not a tab count). */
const lastList = (api: FetchStub) => Object.fromEntries(api.callsTo(LIST).filter((c) => c.query.get('per_page') !== '1').at(-1)!.query);

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}
const renderAt = (path: string) =>
  renderWithStores(
    <MemoryRouter initialEntries={[path]}>
      <App pageData={{ currentUser: null, csrfToken: null }} />
      <Where />
    </MemoryRouter>,
  );
const where = () => screen.getByTestId('where').textContent;

describe('MergeRequestListPage', () => {
  it('shows the open merge requests: tabs with counts, a row with its link, reference, author, branches, labels, people and comments', async () => {
    const api = stub({ opened: [mr()] });
    renderAt('/acme/tandem/-/merge_requests');
    const [row] = await screen.findAllByTestId('merge-request-row');
    expect(lastList(api)).toEqual({ state: 'opened', order_by: 'created_at', sort: 'desc', page: '1', per_page: '20' });
    await waitFor(() => expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Open2', 'Merged5', 'Closed1', 'All8']));
    expect(screen.getByRole('tab', { name: /Open/ }).getAttribute('aria-selected')).toBe('true');

    expect(within(row!).getByRole('link', { name: 'Add the merge request list' }).getAttribute('href')).toBe('/acme/tandem/-/merge_requests/3');
    expect(row!.textContent).toContain('!3 · created 2 hours ago by Alice');
    expect(within(row!).getByTestId('merge-request-branches').textContent).toContain(T.branches('feature-list', 'main'));
    expect(within(row!).getByText('frontend')).toBeTruthy();
    expect(within(row!).getByLabelText(T.assignedTo(['Bob']))).toBeTruthy();
    expect(within(row!).getByLabelText(T.reviewers(['Carol']))).toBeTruthy();
    expect(within(row!).getByTitle('Comments').textContent).toContain('4');
    // No state badge on the Open tab
    expect(within(row!).queryByTestId('merge-request-state')).toBeNull();

    await waitFor(() => expect(document.title).toBe('Merge requests · Acme / Tandem · Tandem'));
    expect(screen.getByRole('heading', { name: T.listTitle })).toBeTruthy();
  });

  it('a tab asks for its state and goes into the URL; Merged and All rows carry their state', async () => {
    const api = stub({ opened: [mr()], merged: [mr({ id: 31, iid: 4, title: 'Shipped', state: 'merged' })], all: [mr(), mr({ id: 32, iid: 5, title: 'Dropped', state: 'closed' })] });
    renderAt('/acme/tandem/-/merge_requests');
    await screen.findAllByTestId('merge-request-row');
    fireEvent.click(screen.getByRole('tab', { name: /Merged/ }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Shipped' })).toBeTruthy());
    expect(lastList(api).state).toBe('merged');
    expect(where()).toBe('/acme/tandem/-/merge_requests?state=merged');
    expect(screen.getByTestId('merge-request-state').textContent).toBe(T.state.merged);

    fireEvent.click(screen.getByRole('tab', { name: /All/ }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Dropped' })).toBeTruthy());
    expect(lastList(api).state).toBe('all');
    expect(screen.getAllByTestId('merge-request-state').map((b) => b.textContent)).toEqual([T.state.opened, T.state.closed]);
  });

  it('the search and the sort change the request and the URL, back at page 1; the counts follow the search', async () => {
    const api = stub({ opened: [mr()] }, { opened: 30, merged: 0, closed: 0, all: 30 });
    renderAt('/acme/tandem/-/merge_requests?page=2');
    await screen.findAllByTestId('merge-request-row');
    expect(lastList(api).page).toBe('2');

    const box = screen.getByRole('combobox', { name: 'Search or filter results' });
    fireEvent.change(box, { target: { value: 'needle' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(lastList(api)).toMatchObject({ search: 'needle', page: '1' }));
    expect(where()).toBe('/acme/tandem/-/merge_requests?search=needle');
    await waitFor(() => expect(api.callsTo(LIST).filter((c) => c.query.get('per_page') === '1' && c.query.get('search') === 'needle').map((c) => c.query.get('state')).sort()).toEqual(['all', 'closed', 'merged', 'opened']));

    const sortBy = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect([...sortBy.options].map((o) => o.textContent)).toEqual(['Created date', 'Updated date']);
    fireEvent.change(sortBy, { target: { value: 'updated_desc' } });
    await waitFor(() => expect(lastList(api)).toMatchObject({ order_by: 'updated_at', sort: 'desc', search: 'needle' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sort direction: descending' }));
    await waitFor(() => expect(lastList(api)).toMatchObject({ order_by: 'updated_at', sort: 'asc' }));
    expect(where()).toBe('/acme/tandem/-/merge_requests?search=needle&sort=updated_asc');
  });

  it('reads its state from the URL (a reload or back keeps it), pages through Next, and ignores unknown values', async () => {
    const api = stub({ closed: [mr({ state: 'closed' })] }, { opened: 0, merged: 0, closed: 45, all: 45 });
    renderAt('/acme/tandem/-/merge_requests?state=closed&search=foo&sort=updated_asc&page=2');
    await screen.findAllByTestId('merge-request-row');
    expect(lastList(api)).toEqual({ state: 'closed', search: 'foo', order_by: 'updated_at', sort: 'asc', page: '2', per_page: '20' });
    expect(screen.getByRole('tab', { name: /Closed/ }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Search or filter results' }) as HTMLInputElement).value).toBe('foo');
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('updated_desc');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(lastList(api).page).toBe('3'));
    expect(where()).toBe('/acme/tandem/-/merge_requests?state=closed&search=foo&sort=updated_asc&page=3');
  });

  it('unknown URL values fall back to the defaults', async () => {
    const api = stub({ opened: [mr()] });
    renderAt('/acme/tandem/-/merge_requests?state=bogus&sort=weight_asc&page=-4');
    await screen.findAllByTestId('merge-request-row');
    expect(lastList(api)).toEqual({ state: 'opened', order_by: 'created_at', sort: 'desc', page: '1', per_page: '20' });
  });

  it('empty states: a tab with none says so; a search that matches nothing says that', async () => {
    stub({}, { opened: 0, merged: 0, closed: 0, all: 0 });
    renderAt('/acme/tandem/-/merge_requests');
    expect((await screen.findByTestId('merge-request-empty')).textContent).toBe(T.empty.opened);
    fireEvent.click(screen.getByRole('tab', { name: /Merged/ }));
    await waitFor(() => expect(screen.getByTestId('merge-request-empty').textContent).toBe(T.empty.merged));
    const box = screen.getByRole('combobox', { name: 'Search or filter results' });
    fireEvent.change(box, { target: { value: 'nothing' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('merge-request-empty').textContent).toBe(T.noMatch));
  });

  it('is live: a merge request change signalled by the project watch refetches the list and counts; an issue-only watch is not used', async () => {
    let title = 'Before';
    const api = stub({});
    api.on({ [LIST]: (c) => (c.query.get('per_page') === '1' ? jsonResponse([], { headers: { 'x-total': '1' } }) : [mr({ title })]) });
    renderAt('/acme/tandem/-/merge_requests');
    await screen.findByRole('link', { name: 'Before' });
    expect([...watchers.values()]).toEqual(['merge_requests']);
    title = 'After';
    for (const l of watchers.keys()) l();
    expect(await screen.findByRole('link', { name: 'After' })).toBeTruthy();
  });
});
