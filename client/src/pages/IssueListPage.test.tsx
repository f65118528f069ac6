import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MERGE_REQUEST_LIST_TEXTS } from '@tandem/shared-types';
import { App } from '../App';
import { jsonResponse, renderWithStores, stubFetch } from '../test/kit';

// No socket in these tests: the list's live updates have their own
vi.mock('../realtime/realtimeConnection', () => ({
  realtimeClient: () => ({ watchProject: () => () => undefined }),
}));

const project = (mergeRequestsEnabled: boolean) => ({
  id: 1,
  name: 'Tandem',
  name_with_namespace: 'Acme / Tandem',
  path_with_namespace: 'acme/tandem',
  description: null,
  http_url_to_repo: 'http://localhost/acme/tandem.git',
  merge_requests_enabled: mergeRequestsEnabled,
});

const renderAt = (path: string) =>
  renderWithStores(
    <MemoryRouter initialEntries={[path]}>
      <App pageData={{ currentUser: null, csrfToken: null }} />
    </MemoryRouter>,
  );

describe('IssueListPage', () => {
  it.each([
    [true, 1],
    [false, 0],
  ])("links to the project's merge requests only where it takes them (merge_requests_enabled %s)", async (enabled, links) => {
    stubFetch({
      'GET /api/v4/projects/:id': project(enabled),
      'GET /api/v4/projects/:id/issues': jsonResponse([], { headers: { 'x-total': '0', 'x-page': '1' } }),
      'GET /api/v4/projects/:id/labels': [],
    });
    renderAt('/acme/tandem/-/issues');
    // the project has loaded once its clone button is there
    expect(await screen.findByRole('heading', { name: 'Issues' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Incidents' });
    expect(await screen.findByRole('button', { name: /Clone/ })).toBeTruthy();
    const mergeRequests = screen.queryAllByRole('link', { name: MERGE_REQUEST_LIST_TEXTS.listTitle });
    expect(mergeRequests).toHaveLength(links);
    if (links) expect(mergeRequests[0]!.getAttribute('href')).toBe('/acme/tandem/-/merge_requests');
  });
});
