import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { INVITE_NOTICE_TEXTS, INVITE_TEXTS, MEMBERS_PAGE_TEXTS } from '@tandem/shared-types';
import { App } from '../App';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { appStore } from '../shared/store';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../test/kit';

const member = (id: number, username: string, name: string, access_level: number) => ({
  id,
  username,
  name,
  state: 'active',
  locked: false,
  avatar_url: null,
  web_url: `/${username}`,
  access_level,
  expires_at: null,
  created_at: '2026-01-01T00:00:00Z',
  membership_state: 'active',
});
const ALICE = member(1, 'alice', 'Alice Adams', 50);
const BOB = member(2, 'bob', 'Bob Brown', 30);
const ACME = { id: 7, name: 'Acme', path: 'acme', full_path: 'acme', full_name: 'Acme', description: null, parent_id: null, visibility: 'public', web_url: '/groups/acme', created_at: '' };

const renderAt = (path: string) =>
  renderWithStores(
    <MemoryRouter initialEntries={[path]}>
      <App pageData={{ currentUser: null, csrfToken: null }} />
    </MemoryRouter>,
  );

describe('MembersPage', () => {
  let api: FetchStub;
  beforeEach(() => {
    api = stubFetch({
      'GET /api/v4/groups/acme': ACME,
      'GET /api/v4/groups/acme/members/all?per_page=50&page=1': [ALICE, BOB],
      // the navbar's to-do count, for a signed-in viewer
      'GET /api/v4/todos': jsonResponse([], { headers: { 'x-total': '0' } }),
    });
  });
  afterEach(() => appStore.set(currentUserAtom, null));

  it("lists the group's members with their role; its owner's 'Invite members' opens the modal naming the group", async () => {
    appStore.set(currentUserAtom, { ...ALICE, email: 'a@x', is_admin: false, created_at: '' });
    api.on({ 'GET /api/v4/groups/acme/members/all/1': ALICE });
    renderAt('/groups/acme/-/group_members');
    expect(await screen.findByRole('heading', { name: MEMBERS_PAGE_TEXTS.groupTitle })).toBeTruthy();
    const table = await screen.findByTestId('members-table');
    expect(within(table).getByRole('row', { name: /Bob Brown/ }).textContent).toContain('Developer');
    expect(screen.getByText(MEMBERS_PAGE_TEXTS.intro('Acme', 'group'))).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: INVITE_TEXTS.link }));
    expect(await screen.findByText(INVITE_TEXTS.introMembers('Acme', 'group'))).toBeTruthy();
  });

  it('a developer of the group gets the notice; a visitor gets the list and no link', async () => {
    appStore.set(currentUserAtom, { ...BOB, email: 'b@x', is_admin: false, created_at: '' });
    api.on({ 'GET /api/v4/groups/acme/members/all/2': BOB });
    const { unmount } = renderAt('/groups/acme/-/group_members');
    fireEvent.click(await screen.findByRole('button', { name: INVITE_TEXTS.link }));
    expect(await screen.findByRole('dialog', { name: INVITE_NOTICE_TEXTS.title })).toBeTruthy();
    unmount();
    appStore.set(currentUserAtom, null);
    renderAt('/groups/acme/-/group_members');
    expect(await screen.findByTestId('members-table')).toBeTruthy();
    expect(screen.queryByRole('button', { name: INVITE_TEXTS.link })).toBeNull();
  });

  it('an unknown or hidden group says so, and asks for no members', async () => {
    api.on({ 'GET /api/v4/groups/nope': jsonResponse({ message: '404 Group Not Found' }, { status: 404 }) });
    renderAt('/groups/nope/-/group_members');
    expect(await screen.findByText(MEMBERS_PAGE_TEXTS.notFound)).toBeTruthy();
    expect(api.calls.map((c) => c.url)).toEqual(['/api/v4/groups/nope']);
  });
});
