import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MERGE_REQUEST_TEXTS as T } from '@tandem/shared-types';
import { jsonResponse, renderWithStores, stubFetch } from '../../test/kit';
import { CreateMergeRequestDropdown, navigation } from './CreateMergeRequestDropdown';

const UP = 'acme/tandem';
const FORKS = `GET /api/v4/projects/acme%2Ftandem/forks?with_merge_requests_enabled=true&min_access_level=30&visibility=private`;
const fork = (id: number, path: string) => ({ id, name_with_namespace: `${path.split('/')[0]} / Tandem`, path_with_namespace: path });
const base = {
  'GET /acme/tandem/-/issues/4/can_create_branch': { can_create_branch: true, suggested_branch_name: '4-secret-fix' },
  'GET /acme/tandem/-/refs': { Branches: ['main'], Tags: [] },
};

const openMenu = async () => {
  await waitFor(() => expect(screen.getByTestId('create-mr-dropdown').dataset.state).toBe('available'));
  fireEvent.click(screen.getByTestId('create-mr-toggle'));
};

describe('the create-merge-request dropdown for a confidential issue (spec issue-page.md §5: a private fork)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the private forks with the spec filters, chooses the first, and creates the merge request in it', async () => {
    const api = stubFetch({
      ...base,
      [FORKS]: [fork(21, 'bob/tandem-private'), fork(22, 'bob/other')],
      'GET /bob/tandem-private/-/refs': { Branches: ['main', 'fork-only'], Tags: [] },
      'POST /acme/tandem/-/issues/4/create_merge_request': { url: 'http://x/bob/tandem-private/-/merge_requests/1', iid: 1 },
    });
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    renderWithStores(<CreateMergeRequestDropdown projectPath={UP} iid={4} issueState="opened" privateForkRequired />);
    await openMenu();
    expect(await screen.findByText(T.privateForkSelected)).toBeTruthy();
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['bob / Tandem', 'bob / Tandem']);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    // The search narrows the list; no hit says so
    fireEvent.change(screen.getByRole('combobox', { name: T.searchForks }), { target: { value: 'zzz' } });
    expect(screen.getByText(T.noMatchingResults)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: T.searchForks }), { target: { value: '' } });
    await waitFor(() => expect(api.callsTo('GET /bob/tandem-private/-/refs').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId('create-mr-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://x/bob/tandem-private/-/merge_requests/1'));
    expect(api.lastCall('POST /acme/tandem/-/issues/4/create_merge_request').body).toEqual({ branch_name: '4-secret-fix', ref: 'main', target_project_id: 21 });
  });

  it('with no fork: the no-fork text and a link that makes a private fork, which is then chosen; creating stays disabled until then', async () => {
    let forks: unknown[] = [];
    const api = stubFetch({
      ...base,
      [FORKS]: () => forks,
      'POST /api/v4/projects/acme%2Ftandem/fork': () => {
        forks = [fork(30, 'carol/tandem')];
        return jsonResponse({ id: 30 }, { status: 201 });
      },
      'GET /carol/tandem/-/refs': { Branches: ['main'], Tags: [] },
    });
    renderWithStores(<CreateMergeRequestDropdown projectPath={UP} iid={4} issueState="opened" privateForkRequired />);
    await openMenu();
    const none = await screen.findByTestId('create-mr-no-forks');
    expect(none.textContent).toBe(`${T.noForks}${T.forkHelpBefore}${T.forkLink}${T.forkHelpAfter}`);
    expect((screen.getByTestId('create-mr-submit') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.forkLink })));
    expect(api.lastCall('POST /api/v4/projects/acme%2Ftandem/fork').body).toEqual({ visibility: 'private' });
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-selected'))).toEqual(['true']));
    await waitFor(() => expect((screen.getByTestId('create-mr-submit') as HTMLButtonElement).disabled).toBe(false));
  });

  it('says so when the forks cannot be loaded, and creates nothing', async () => {
    const api = stubFetch({ ...base, [FORKS]: jsonResponse({ message: 'boom' }, { status: 500 }) });
    renderWithStores(<CreateMergeRequestDropdown projectPath={UP} iid={4} issueState="opened" privateForkRequired />);
    await openMenu();
    expect((await screen.findByRole('alert')).textContent).toBe(T.forksFailed);
    expect((screen.getByTestId('create-mr-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('create-mr-submit'));
    expect(api.callsTo('POST /acme/tandem/-/issues/4/create_merge_request')).toHaveLength(0);
  });

  it('a public issue asks for no fork and creates in the project itself', async () => {
    const api = stubFetch({ ...base, 'POST /acme/tandem/-/issues/4/branches': { branch: '4-secret-fix', url: 'http://x/acme/tandem/-/tree/4-secret-fix' } });
    vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    renderWithStores(<CreateMergeRequestDropdown projectPath={UP} iid={4} issueState="opened" />);
    await openMenu();
    expect(screen.queryByTestId('create-mr-fork')).toBeNull();
    fireEvent.click(screen.getByLabelText(T.createBranch));
    fireEvent.click(screen.getByTestId('create-mr-submit'));
    await waitFor(() => expect(api.callsTo('POST /acme/tandem/-/issues/4/branches')).toHaveLength(1));
    expect(api.lastCall('POST /acme/tandem/-/issues/4/branches').body).toEqual({ branch_name: '4-secret-fix', ref: 'main' });
    expect(api.callsTo(FORKS)).toHaveLength(0);
  });
});
