import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { INVITE_NOTICE_TEXTS, INVITE_TEXTS } from '@tandem/shared-types';
import { renderWithStores, stubFetch, type FetchStub } from '../../test/kit';
import { appStore } from '../../shared/store';
import { currentUserAtom } from '../session/sessionAtoms';
import { InviteMembersLink } from './InviteMembersLink';

const CAROL = { id: 3, username: 'carol', name: 'Carol Chen', state: 'active', locked: false, avatar_url: null, web_url: '/carol', email: 'c@x', is_admin: false, created_at: '' };
const PROJECT = { type: 'project' as const, path: 'acme/tandem', name: 'Tandem' };
const GROUP = { type: 'group' as const, path: 'acme', name: 'Acme' };

describe('InviteMembersLink', () => {
  let api: FetchStub;
  beforeEach(() => {
    api = stubFetch();
    appStore.set(currentUserAtom, CAROL);
  });
  afterEach(() => appStore.set(currentUserAtom, null));

  const link = () => screen.getByRole('button', { name: INVITE_TEXTS.link });

  it('a member who may not invite gets the notice instead of the modal: an owner should invite, and who can is on the members page', async () => {
    renderWithStores(<InviteMembersLink source={PROJECT} accessLevel={30} />);
    fireEvent.click(link());
    const notice = await screen.findByRole('dialog', { name: INVITE_NOTICE_TEXTS.title });
    expect(notice.textContent).toContain(INVITE_NOTICE_TEXTS.bodyTop);
    expect(notice.textContent).toContain('Until then, ask an owner to invite new project members for you');
    expect(screen.getByRole('link', { name: INVITE_NOTICE_TEXTS.seeWho }).getAttribute('href')).toBe('/acme/tandem/-/project_members');
    expect(screen.queryByRole('heading', { name: INVITE_TEXTS.titleMembers })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: INVITE_NOTICE_TEXTS.gotIt }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls).toEqual([]);
  });

  it("a group's maintainer only asks (owners manage a group's members); its owner opens the modal naming the group", async () => {
    const { unmount } = renderWithStores(<InviteMembersLink source={GROUP} accessLevel={40} />);
    fireEvent.click(link());
    expect(await screen.findByRole('dialog', { name: INVITE_NOTICE_TEXTS.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: INVITE_NOTICE_TEXTS.seeWho }).getAttribute('href')).toBe('/groups/acme/-/group_members');
    unmount();
    renderWithStores(<InviteMembersLink source={GROUP} accessLevel={50} />);
    fireEvent.click(link());
    expect(await screen.findByRole('heading', { name: INVITE_TEXTS.titleMembers })).toBeTruthy();
    expect(screen.getByText(INVITE_TEXTS.introMembers('Acme', 'group'))).toBeTruthy();
    expect(screen.getByRole('link', { name: INVITE_TEXTS.readMore }).getAttribute('href')).toBe('/help/user/permissions');
  });

  it("asks the viewer's level when the page does not know it; a non-member or a signed-out visitor sees no link", async () => {
    api.on({ 'GET /api/v4/groups/acme/members/all/3': { access_level: 50 } });
    const { unmount } = renderWithStores(<InviteMembersLink source={GROUP} />);
    expect(await screen.findByRole('button', { name: INVITE_TEXTS.link })).toBeTruthy();
    unmount();
    renderWithStores(<InviteMembersLink source={PROJECT} accessLevel={0} />);
    expect(screen.queryByRole('button', { name: INVITE_TEXTS.link })).toBeNull();
    appStore.set(currentUserAtom, null);
    renderWithStores(<InviteMembersLink source={PROJECT} />);
    expect(screen.queryByRole('button', { name: INVITE_TEXTS.link })).toBeNull();
  });
});
