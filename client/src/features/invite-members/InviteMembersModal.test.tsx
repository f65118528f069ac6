import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { INVITE_TEXTS, PERMISSIONS_HELP_PATH } from '@tandem/shared-types';
import { jsonResponse, sequence, stubFetch, type FetchStub } from '../../test/kit';
import { InviteMembersModal } from './InviteMembersModal';
import { canSubmitInvite, emailTokenFrom } from './inviteRules';

const PROJECT = '/api/v4/projects/acme%2Ftandem';
const BOB = { id: 2, username: 'bob', name: 'Bob Brown', state: 'active', locked: false, avatar_url: null, web_url: '/bob' };

describe('invite rules', () => {
  it('typed text with an at sign is an email token; the expiry may not be in the past', () => {
    expect(emailTokenFrom(' new@example.com ')).toEqual({ kind: 'email', email: 'new@example.com' });
    expect(emailTokenFrom('bob')).toBeNull();
    const chosen = [{ kind: 'email' as const, email: 'a@b.c' }];
    expect(canSubmitInvite([], '', '2030-01-01')).toBe(false);
    expect(canSubmitInvite(chosen, '', '2030-01-01')).toBe(true);
    expect(canSubmitInvite(chosen, '2029-12-31', '2030-01-01')).toBe(false);
    expect(canSubmitInvite(chosen, '2030-01-01', '2030-01-01')).toBe(true);
  });
});

describe('InviteMembersModal', () => {
  let api: FetchStub;
  let onDone: ReturnType<typeof vi.fn<(message: string) => void>>;
  let onOpenChange: ReturnType<typeof vi.fn<(open: boolean) => void>>;
  beforeEach(() => {
    api = stubFetch();
    onDone = vi.fn<(message: string) => void>();
    onOpenChange = vi.fn<(open: boolean) => void>();
    render(<InviteMembersModal open onOpenChange={onOpenChange} source={{ type: 'project', path: 'acme/tandem', name: 'Tandem' }} onDone={onDone} />);
  });

  const invite = () => screen.getByRole('button', { name: INVITE_TEXTS.invite });
  const search = () => screen.getByRole('combobox', { name: INVITE_TEXTS.membersLabel });

  it('names the project; Invite is disabled until someone is chosen; a typed address offers the email token', async () => {
    expect(screen.getByRole('heading', { name: INVITE_TEXTS.titleMembers })).toBeTruthy();
    expect(screen.getByText(INVITE_TEXTS.introMembers('Tandem', 'project'))).toBeTruthy();
    expect((invite() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText(INVITE_TEXTS.expiresLabel).getAttribute('placeholder')).toBe('YYYY-MM-DD');
    fireEvent.change(search(), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('option', { name: 'Invite "new@example.com" by email' }));
    expect((invite() as HTMLButtonElement).disabled).toBe(false);
    expect(api.calls).toEqual([]);
  });

  it('a keyboard user adds any match: arrow keys move the active option, Enter adds it', async () => {
    const BEA = { ...BOB, id: 3, username: 'bea', name: 'Bea Bond', web_url: '/bea' };
    api.on({ 'GET /api/v4/users?search=b': [BOB, BEA] });
    fireEvent.change(search(), { target: { value: 'b' } });
    await screen.findByRole('option', { name: /Bea Bond/ });
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    expect(document.getElementById(search().getAttribute('aria-activedescendant')!)?.textContent).toContain('Bea Bond');
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(screen.getByRole('list', { name: 'Chosen' }).textContent).toContain('Bea Bond @bea');
    expect(screen.getByRole('list', { name: 'Chosen' }).textContent).not.toContain('Bob Brown');
  });

  it('sends users to the members API and addresses to invitations, then toasts success and resets', async () => {
    api.on({
      'GET /api/v4/users?search=bo': [BOB],
      [`POST ${PROJECT}/members`]: jsonResponse({}, { status: 201 }),
      [`POST ${PROJECT}/invitations`]: jsonResponse({ status: 'success' }, { status: 201 }),
    });
    fireEvent.change(search(), { target: { value: 'bo' } });
    fireEvent.click(await screen.findByRole('option', { name: /Bob Brown/ }));
    fireEvent.change(search(), { target: { value: 'new@example.com' } });
    fireEvent.keyDown(search(), { key: 'Enter' });
    fireEvent.change(screen.getByLabelText(INVITE_TEXTS.roleLabel), { target: { value: '30' } });
    fireEvent.click(invite());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(INVITE_TEXTS.success));
    expect(api.callsTo('POST /*').map((c) => [c.url, c.body])).toEqual([
      ['/api/v4/projects/acme%2Ftandem/members', { user_id: 2, access_level: 30 }],
      ['/api/v4/projects/acme%2Ftandem/invitations', { email: 'new@example.com', access_level: 30, format: 'json' }],
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('list', { name: 'Chosen' })).toBeNull();
  });

  it("shows the server's message, or the spec's fallback, when someone could not be added", async () => {
    api.on({ [`POST ${PROJECT}/invitations`]: sequence(jsonResponse({ status: 'error', message: { 'x@y.z': 'Invite email has already been taken' } }, { status: 201 }), jsonResponse({}, { status: 500 })) });
    fireEvent.change(search(), { target: { value: 'x@y.z' } });
    fireEvent.keyDown(search(), { key: 'Enter' });
    fireEvent.click(invite());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Invite email has already been taken'));
    fireEvent.change(search(), { target: { value: 'q@y.z' } });
    fireEvent.keyDown(search(), { key: 'Enter' });
    fireEvent.click(invite());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(INVITE_TEXTS.failure));
  });

  it('"Invite a group": title and intro follow the tab, the search is trimmed, Invite needs a group and a valid expiry, then shares', async () => {
    const PARTNERS = { id: 9, name: 'Partners', full_name: 'Partners', full_path: 'partners', path: 'partners' };
    api.on({
      'GET /api/v4/groups': [PARTNERS],
      [`POST ${PROJECT}/share`]: jsonResponse({ id: 1, group_id: 9, group_access: 20, expires_at: null }, { status: 201 }),
    });
    fireEvent.click(screen.getByRole('tab', { name: INVITE_TEXTS.tabGroup }));
    expect(screen.getByRole('heading', { name: INVITE_TEXTS.titleGroup })).toBeTruthy();
    expect(screen.getByText(INVITE_TEXTS.introGroup('Tandem', 'project'))).toBeTruthy();
    expect((invite() as HTMLButtonElement).disabled).toBe(true);
    const groupSearch = screen.getByRole('combobox', { name: INVITE_TEXTS.groupLabel });
    expect(groupSearch.getAttribute('placeholder')).toBe(INVITE_TEXTS.groupPlaceholder);
    fireEvent.change(groupSearch, { target: { value: '  partn ' } });
    fireEvent.click(await screen.findByRole('option', { name: /Partners/ }));
    expect(api.calls.map((c) => c.url)).toEqual(['/api/v4/groups?search=partn&per_page=20']);
    expect((invite() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText(INVITE_TEXTS.expiresLabel), { target: { value: '2001-01-01' } });
    expect((invite() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(INVITE_TEXTS.expiresLabel), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(INVITE_TEXTS.roleLabel), { target: { value: '20' } });
    fireEvent.click(invite());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(INVITE_TEXTS.success));
    expect(api.lastCall(`POST ${PROJECT}/share`).body).toEqual({ group_id: 9, group_access: 20 });
  });

  it('a group search that finds nothing or fails says "No matching results"; a refused share toasts the server message', async () => {
    api.on({
      'GET /api/v4/groups?search=zzz': jsonResponse({}, { status: 500 }),
      'GET /api/v4/groups?search=part': [{ id: 9, name: 'Partners', full_name: 'Partners', full_path: 'partners' }],
      [`POST ${PROJECT}/share`]: jsonResponse({ message: 'The project is already shared with this group' }, { status: 409 }),
    });
    fireEvent.click(screen.getByRole('tab', { name: INVITE_TEXTS.tabGroup }));
    fireEvent.change(screen.getByRole('combobox', { name: INVITE_TEXTS.groupLabel }), { target: { value: 'zzz' } });
    expect(await screen.findByText(INVITE_TEXTS.noMatches)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: INVITE_TEXTS.groupLabel }), { target: { value: 'part' } });
    fireEvent.click(await screen.findByRole('option', { name: /Partners/ }));
    fireEvent.click(invite());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('The project is already shared with this group'));
  });
});

describe('InviteMembersModal opened with a group as its source', () => {
  const GROUP = '/api/v4/groups/acme%2Fplatform';
  let api: FetchStub;
  let onDone: ReturnType<typeof vi.fn<(message: string) => void>>;
  beforeEach(() => {
    api = stubFetch();
    onDone = vi.fn<(message: string) => void>();
    render(<InviteMembersModal open onOpenChange={() => {}} source={{ type: 'group', path: 'acme/platform', name: 'Platform' }} inviteeType="group" onDone={onDone} />);
  });

  it("names the group in its intro, links 'Read more about role permissions' to the help page, and has no group tab", () => {
    expect(screen.getByRole('heading', { name: INVITE_TEXTS.titleMembers })).toBeTruthy();
    expect(screen.getByText("You're inviting members to the Platform group.")).toBeTruthy();
    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toBe(screen.getByText(INVITE_TEXTS.introMembers('Platform', 'group')).id);
    const help = screen.getByRole('link', { name: INVITE_TEXTS.readMore });
    expect(help.getAttribute('href')).toBe(PERMISSIONS_HELP_PATH);
    expect(help.getAttribute('href')).toBe('/help/user/permissions');
    // Tandem shares projects with groups, not groups with groups: no dead tab
    expect(screen.queryByRole('tab', { name: INVITE_TEXTS.tabGroup })).toBeNull();
    expect(screen.queryByRole('combobox', { name: INVITE_TEXTS.groupLabel })).toBeNull();
  });

  it("sends chosen users to the group's members API and addresses to its invitations", async () => {
    api.on({
      'GET /api/v4/users?search=bo': [BOB],
      [`POST ${GROUP}/members`]: jsonResponse({}, { status: 201 }),
      [`POST ${GROUP}/invitations`]: jsonResponse({ status: 'success' }, { status: 201 }),
    });
    const search = screen.getByRole('combobox', { name: INVITE_TEXTS.membersLabel });
    fireEvent.change(search, { target: { value: 'bo' } });
    fireEvent.click(await screen.findByRole('option', { name: /Bob Brown/ }));
    fireEvent.change(search, { target: { value: 'new@example.com' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: INVITE_TEXTS.invite }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(INVITE_TEXTS.success));
    expect(api.callsTo('POST /*').map((c) => [c.url, c.body])).toEqual([
      [`${GROUP}/members`, { user_id: 2, access_level: 10 }],
      [`${GROUP}/invitations`, { email: 'new@example.com', access_level: 10, format: 'json' }],
    ]);
  });
});
