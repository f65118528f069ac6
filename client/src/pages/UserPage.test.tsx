import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { App } from '../App';
import { makeIssue } from '../features/issue/testIssue';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../test/kit';

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

const USERS = 'GET /api/v4/users';
const BOB = `${USERS}?username=bob`;
const PROJECTS = 'GET /api/v4/users/2/projects';
const ISSUES = 'GET /api/v4/issues';
const AUTHORED = `${ISSUES}?author_id=2`;
const ASSIGNED = `${ISSUES}?assignee_id=2`;

const renderAt = (path: string) =>
  renderWithStores(
    <MemoryRouter initialEntries={[path]}>
      <App pageData={{ currentUser: null, csrfToken: null }} />
    </MemoryRouter>,
  );

describe('UserPage', () => {
  let api: FetchStub;

  beforeEach(() => {
    api = stubFetch({
      [USERS]: [],
      [BOB]: [bob],
      [PROJECTS]: jsonResponse([secret, tandem], { headers: { 'x-total': '2' } }),
      [AUTHORED]: [makeIssue({ id: 11, iid: 7, title: 'Sidebar collapses', state: 'opened', web_url: 'http://other-host:3000/acme/tandem/-/issues/7', references: { short: '#7', relative: '#7', full: 'acme/tandem#7' } })],
      [ASSIGNED]: [],
    });
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
    const urls = api.calls.map((c) => c.url);
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
    expect(api.calls.map((c) => c.url)).toContain('/api/v4/users/2/projects?per_page=20');
  });

  it('says so when the user has no project the viewer can read, or when projects cannot be loaded', async () => {
    api.on({ [PROJECTS]: jsonResponse([], { headers: { 'x-total': '0' } }), [AUTHORED]: [] });
    renderAt('/bob');
    expect(await within(await screen.findByTestId('user-projects')).findByText('No projects.')).toBeTruthy();
    cleanup();
    const boom = jsonResponse({ message: 'boom' }, { status: 500 });
    api.on({ [PROJECTS]: boom, [AUTHORED]: boom, [ASSIGNED]: boom });
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
  it('offers to sign in where the issues API asks for it', async () => {
    stubFetch({
      [BOB]: [bob],
      // GET /users/:id/projects is public: anonymous viewers see the public projects
      [PROJECTS]: jsonResponse([tandem], { headers: { 'x-total': '1' } }),
      [ISSUES]: jsonResponse({ message: '401 Unauthorized' }, { status: 401 }),
    });
    renderAt('/bob');
    const authored = await screen.findByTestId('authored-issues');
    expect(await within(authored).findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(within(authored).getByText(/to see their issues/)).toBeTruthy();
    expect(await within(screen.getByTestId('user-projects')).findByRole('link', { name: /Tandem/ })).toBeTruthy();
  });
});
