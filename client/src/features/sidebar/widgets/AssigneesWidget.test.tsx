import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PEOPLE_TEXTS, type UserBasic } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { currentUserAtom } from '../../session/sessionAtoms';
import { AssigneesWidget } from './AssigneesWidget';

const KEY = 'g/p#1';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = (id: number, username: string, name = `${username[0]!.toUpperCase()}${username.slice(1)} User`): UserBasic => ({
  id, username, name, state: 'active', locked: false, avatar_url: null, web_url: `http://x/${username}`,
});
const gqlUser = (u: UserBasic, availability = 'NOT_SET') => ({ id: `gid://tandem/User/${u.id}`, username: u.username, name: u.name, avatarUrl: null, webUrl: u.web_url, state: 'active', status: { availability } });
const ME = { ...user(1, 'alice', 'Alice Adams'), email: 'a@x', is_admin: false, created_at: '' };
const BOB = user(2, 'bob', 'Bob Brown');
const CAROL = user(3, 'carol', 'Carol Chen');

type Handler = (body: { query: string; variables: Record<string, unknown> }) => Response;

function renderWidget(editable = true) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Provider store={appStore}>
        <AssigneesWidget issueKey={KEY} projectPath="g/p" iid={1} editable={editable} />
      </Provider>
    </QueryClientProvider>,
  );
}

const block = () => screen.getByTestId('sidebar-assignees');

describe('AssigneesWidget', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let graphql: Record<string, Handler>;
  let autocomplete: (url: string) => Response;

  beforeEach(() => {
    appStore.set(currentUserAtom, ME);
    appStore.set(issueAtomFamily(KEY), makeIssue({ assignees: [] }));
    graphql = {
      issuePeople: () => json({ data: { project: { issue: { id: 'gid://tandem/Issue/100', subscribed: true, assignees: { nodes: [] }, participants: { nodes: [gqlUser(ME), gqlUser(CAROL)] } } } } }),
    };
    autocomplete = () => json([]);
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/graphql') {
        const body = JSON.parse(String(init!.body)) as { query: string; variables: Record<string, unknown> };
        const name = /(?:query|mutation) (\w+)/.exec(body.query)![1]!;
        return graphql[name]!(body);
      }
      return autocomplete(url);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    issueAtomFamily.remove(KEY);
    appStore.set(currentUserAtom, null);
  });

  const mutations = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/graphql' && String(init.body).includes('issueSetAssignees')).map(([, init]) => JSON.parse(String(init.body)).variables.input);

  it('with none assigned offers "assign yourself", which saves and lists the current user', async () => {
    graphql.issueSetAssignees = () =>
      json({ data: { issueSetAssignees: { errors: [], issue: { id: 'x', assignees: { nodes: [gqlUser(ME)] }, participants: { nodes: [gqlUser(ME)] } } } } });
    renderWidget();
    expect(within(block()).getByRole('heading').textContent).toBe('Assignee');
    fireEvent.click(screen.getByRole('button', { name: PEOPLE_TEXTS.assignYourself }));
    await waitFor(() => expect(screen.getByTestId('assignee-list').textContent).toContain('Alice Adams'));
    expect(mutations()).toEqual([{ projectPath: 'g/p', iid: '1', assigneeUsernames: ['alice'] }]);
  });

  it('no "assign yourself" or Edit for who may not change assignees', () => {
    renderWidget(false);
    expect(screen.queryByRole('button', { name: PEOPLE_TEXTS.assignYourself })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('pluralises the header and collapses after 5 with "+ N more" / "- show less"', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => user(10 + i, `user${i}`));
    appStore.set(issueAtomFamily(KEY), makeIssue({ assignees: seven }));
    renderWidget();
    expect(within(block()).getByRole('heading').textContent).toBe('7 Assignees');
    expect(within(screen.getByTestId('assignee-list')).getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: '+ 2 more' }));
    expect(within(screen.getByTestId('assignee-list')).getAllByRole('listitem')).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: '- show less' }));
    expect(within(screen.getByTestId('assignee-list')).getAllByRole('listitem')).toHaveLength(5);
  });

  it('shows (Busy) in the tooltip of a busy assignee', async () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ assignees: [BOB] }));
    graphql.issuePeople = () => json({ data: { project: { issue: { id: 'x', subscribed: false, assignees: { nodes: [gqlUser(BOB, 'BUSY')] }, participants: { nodes: [gqlUser(BOB, 'BUSY')] } } } } });
    renderWidget();
    await waitFor(() => expect(screen.getByRole('link', { name: /Bob Brown/ }).getAttribute('title')).toBe('Bob Brown (Busy)'));
  });

  it('Edit lists the current user first; toggling makes the button "Apply"; Escape closes and saves the selection', async () => {
    graphql.issueSetAssignees = (b) => {
      const names = (b.variables.input as { assigneeUsernames: string[] }).assigneeUsernames;
      const us = names.map((n) => gqlUser(n === 'carol' ? CAROL : ME));
      return json({ data: { issueSetAssignees: { errors: [], issue: { id: 'x', assignees: { nodes: us }, participants: { nodes: us } } } } });
    };
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getAllByRole('menuitemcheckbox').length).toBe(3));
    expect(screen.getAllByRole('menuitemcheckbox').map((b) => b.textContent)).toEqual([PEOPLE_TEXTS.unassigned, 'Alice Adams @alice', 'Carol Chen @carol']);
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: /Carol Chen/ }));
    expect(screen.getByRole('button', { name: PEOPLE_TEXTS.apply })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: /Alice Adams/ }));
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(within(block()).getByRole('heading').textContent).toBe('2 Assignees'));
    expect(mutations()).toEqual([{ projectPath: 'g/p', iid: '1', assigneeUsernames: ['carol', 'alice'] }]);
  });

  it('closing without a change saves nothing; a click outside closes', async () => {
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByTestId('assignees-dropdown')).toBeTruthy();
    fireEvent.mouseDown(document.body);
    await waitFor(() => expect(screen.queryByTestId('assignees-dropdown')).toBeNull());
    expect(mutations()).toEqual([]);
  });

  it('"Unassigned" clears the selection', async () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ assignees: [BOB] }));
    graphql.issueSetAssignees = () => json({ data: { issueSetAssignees: { errors: [], issue: { id: 'x', assignees: { nodes: [] }, participants: { nodes: [] } } } } });
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: PEOPLE_TEXTS.unassigned }));
    fireEvent.click(screen.getByRole('button', { name: PEOPLE_TEXTS.apply }));
    await waitFor(() => expect(block().textContent).toContain(PEOPLE_TEXTS.none));
    expect(mutations()).toEqual([{ projectPath: 'g/p', iid: '1', assigneeUsernames: [] }]);
  });

  it('searches trimmed text only, merges matching participants, and says when nothing matches', async () => {
    const urls: string[] = [];
    autocomplete = (url) => {
      urls.push(url);
      return json(url.includes('search=bo') ? [{ username: 'bob', name: 'Bob Brown', avatar_url: null }] : []);
    };
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const search = screen.getByRole('searchbox', { name: PEOPLE_TEXTS.searchUsers });
    fireEvent.change(search, { target: { value: '   ' } });
    await new Promise((r) => setTimeout(r, 350));
    expect(urls).toEqual([]);
    fireEvent.change(search, { target: { value: ' bo ' } });
    await waitFor(() => expect(screen.getByRole('menuitemcheckbox', { name: /Bob Brown/ })).toBeTruthy());
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/search=bo$/);
    fireEvent.change(search, { target: { value: 'chen' } });
    // The server found nobody, but the participant Carol Chen matches by name
    await waitFor(() => expect(screen.getByRole('menuitemcheckbox', { name: /Carol Chen/ })).toBeTruthy());
    fireEvent.change(search, { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByText(PEOPLE_TEXTS.noMatchingResults)).toBeTruthy());
  });

  it('says when the user search failed, and when saving failed', async () => {
    autocomplete = () => json({ message: 'boom' }, 500);
    graphql.issueSetAssignees = () => json({ data: { issueSetAssignees: { errors: ['Cannot assign @carol to #1'], issue: null } } });
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('searchbox', { name: PEOPLE_TEXTS.searchUsers }), { target: { value: 'x' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PEOPLE_TEXTS.searchUsersFailed));
    fireEvent.change(screen.getByRole('searchbox', { name: PEOPLE_TEXTS.searchUsers }), { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByRole('menuitemcheckbox').length).toBe(3));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: /Carol Chen/ }));
    fireEvent.click(screen.getByRole('button', { name: PEOPLE_TEXTS.apply }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`${PEOPLE_TEXTS.updateAssigneesFailed} Cannot assign @carol to #1`));
    expect(block().textContent).toContain(PEOPLE_TEXTS.none);

    graphql.issueSetAssignees = () => json({}, 502);
    fireEvent.click(screen.getByRole('button', { name: PEOPLE_TEXTS.assignYourself }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PEOPLE_TEXTS.saveAssigneesFailed));
  });
});
