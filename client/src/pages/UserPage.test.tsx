import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { App } from '../App';
import { appStore } from '../shared/store';
import { makeIssue } from '../features/issue/testIssue';

const bob = { id: 2, username: 'bob', name: 'Bob Brown', state: 'active', locked: false, avatar_url: 'http://other-host:3000/-/avatars/bob.svg', web_url: 'http://other-host:3000/bob' };

const tandem = {
  id: 1,
  name: 'Tandem',
  path_with_namespace: 'acme/tandem',
  description: 'The demo project.',
  visibility: 'public',
  namespace: { full_path: 'acme' },
};
const secret = { id: 2, name: 'Secret plans', path_with_namespace: 'acme/platform/secret-plans', description: null, visibility: 'private', namespace: { full_path: 'acme/platform' } };

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function renderAt(path: string) {
  // A fresh cache per test: no answer leaks from one test into the next
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Provider store={appStore}>
        <MemoryRouter initialEntries={[path]}>
          <App pageData={{ currentUser: null, csrfToken: null }} />
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>,
  );
}

describe('UserPage', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/v4/users?username=bob') return json(200, [bob]);
      if (url.startsWith('/api/v4/users?username=')) return json(200, []);
      if (url === '/api/v4/users/2/projects?per_page=20') return json(200, [secret, tandem], { 'x-total': '2' });
      if (url.includes('author_id=2')) {
        return json(200, [makeIssue({ id: 11, iid: 7, title: 'Sidebar collapses', state: 'opened', web_url: 'http://other-host:3000/acme/tandem/-/issues/7', references: { short: '#7', relative: '#7', full: 'acme/tandem#7' } })]);
      }
      if (url.includes('assignee_id=2')) return json(200, []);
      return json(404, { message: '404 Not Found' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the avatar, name, @username and the issues the user authored or is assigned to', async () => {
    renderAt('/bob');
    const profile = await screen.findByTestId('user-profile');
    expect(within(profile).getByRole('heading', { name: 'Bob Brown' })).toBeTruthy();
    expect(within(profile).getByText('@bob')).toBeTruthy();
    expect(profile.querySelector('img')?.getAttribute('src')).toBe(bob.avatar_url);
    const authored = await screen.findByTestId('authored-issues');
    const link = await within(authored).findByRole('link', { name: 'Sidebar collapses' });
    // A path on this page's own host, whatever host the server put in web_url
    expect(link.getAttribute('href')).toBe('/acme/tandem/-/issues/7');
    expect(within(authored).getByText('acme/tandem#7')).toBeTruthy();
    expect(await within(screen.getByTestId('assigned-issues')).findByText('No issues.')).toBeTruthy();
    const urls = fetchMock.mock.calls.map((c) => String(c[0]));
    expect(urls).toContain('/api/v4/issues?scope=all&state=all&order_by=updated_at&per_page=20&author_id=2');
    expect(urls).toContain('/api/v4/issues?scope=all&state=all&order_by=updated_at&per_page=20&assignee_id=2');
  });

  it('lists the projects the user is a member of, as the server answers them for this viewer', async () => {
    renderAt('/bob');
    const projects = await screen.findByTestId('user-projects');
    const link = await within(projects).findByRole('link', { name: /Tandem/ });
    expect(link.getAttribute('href')).toBe('/acme/tandem/-/issues');
    expect(within(projects).getByRole('link', { name: /Secret plans/ }).getAttribute('href')).toBe('/acme/platform/secret-plans/-/issues');
    expect(within(projects).getByText('The demo project.')).toBeTruthy();
    expect(within(projects).getByTitle('Private project')).toBeTruthy();
    expect(within(projects).getByRole('heading').textContent).toBe('Projects 2');
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain('/api/v4/users/2/projects?per_page=20');
  });

  it('says so when the user has no project the viewer can read, or when projects cannot be loaded', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/v4/users?username=bob') return json(200, [bob]);
      if (url.startsWith('/api/v4/users/2/projects')) return json(200, [], { 'x-total': '0' });
      return json(200, []);
    });
    renderAt('/bob');
    expect(await within(await screen.findByTestId('user-projects')).findByText('No projects.')).toBeTruthy();
    cleanup();
    fetchMock.mockImplementation(async (url: string) => (url === '/api/v4/users?username=bob' ? json(200, [bob]) : json(500, { message: 'boom' })));
    renderAt('/bob');
    expect(await within(await screen.findByTestId('user-projects')).findByText('Projects could not be loaded.')).toBeTruthy();
    expect(await within(screen.getByTestId('authored-issues')).findByText('Issues could not be loaded.')).toBeTruthy();
  });

  it('answers GitLab\'s /users/:username too', async () => {
    renderAt('/users/bob');
    expect(await screen.findByRole('heading', { name: 'Bob Brown' })).toBeTruthy();
  });

  it('is a 404 for a username nobody has', async () => {
    renderAt('/nobody');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});

describe('UserPage signed out', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers to sign in where the issues API asks for it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/v4/users?')) return json(200, [bob]);
        // GET /users/:id/projects is public: anonymous viewers see the public projects
        if (url.startsWith('/api/v4/users/2/projects')) return json(200, [tandem], { 'x-total': '1' });
        return json(401, { message: '401 Unauthorized' });
      }),
    );
    renderAt('/bob');
    const authored = await screen.findByTestId('authored-issues');
    expect(await within(authored).findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(within(authored).getByText(/to see their issues/)).toBeTruthy();
    expect(await within(screen.getByTestId('user-projects')).findByRole('link', { name: /Tandem/ })).toBeTruthy();
  });
});
