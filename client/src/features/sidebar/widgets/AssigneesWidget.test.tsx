import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PEOPLE_TEXTS, type UserBasic } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { graphql, jsonResponse, renderWithStores, stubFetch, type FetchStub, type GraphqlHandler, type Handler } from '../../../test/kit';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { currentUserAtom } from '../../session/sessionAtoms';
import { AssigneesWidget } from './AssigneesWidget';

const KEY = 'g/p#1';
const user = (id: number, username: string, name = `${username[0]!.toUpperCase()}${username.slice(1)} User`): UserBasic => ({
  id, username, name, state: 'active', locked: false, avatar_url: null, web_url: `http://x/${username}`,
});
const gqlUser = (u: UserBasic, availability = 'NOT_SET') => ({ id: `gid://tandem/User/${u.id}`, username: u.username, name: u.name, avatarUrl: null, webUrl: u.web_url, state: 'active', status: { availability } });
const ME = { ...user(1, 'alice', 'Alice Adams'), email: 'a@x', is_admin: false, created_at: '' };
const BOB = user(2, 'bob', 'Bob Brown');
const CAROL = user(3, 'carol', 'Carol Chen');

const renderWidget = (editable = true) => renderWithStores(<AssigneesWidget issueKey={KEY} projectPath="g/p" iid={1} editable={editable} />);

const block = () => screen.getByTestId('sidebar-assignees');

describe('AssigneesWidget', () => {
  let api: FetchStub;
  /** The GraphQL operations by name; a test sets the mutation's answer. */
  let operations: Record<string, GraphqlHandler | object>;
  let autocomplete: Handler;

  beforeEach(() => {
    appStore.set(currentUserAtom, ME);
    appStore.set(issueAtomFamily(KEY), makeIssue({ assignees: [] }));
    operations = { issuePeople: { data: { project: { issue: { id: 'gid://tandem/Issue/100', subscribed: true, assignees: { nodes: [] }, participants: { nodes: [gqlUser(ME), gqlUser(CAROL)] } } } } } };
    autocomplete = () => [];
    api = stubFetch({ 'POST /api/graphql': graphql(operations), 'GET /g/p/-/autocomplete_sources/members': (c) => autocomplete(c) });
  });
  afterEach(() => {
    issueAtomFamily.remove(KEY);
    appStore.set(currentUserAtom, null);
  });

  const mutations = () => api.callsTo('POST /api/graphql').filter((c) => c.body.query.includes('issueSetAssignees')).map((c) => c.body.variables.input);

  it('with none assigned offers "assign yourself", which saves and lists the current user', async () => {
    operations.issueSetAssignees = { data: { issueSetAssignees: { errors: [], issue: { id: 'x', assignees: { nodes: [gqlUser(ME)] }, participants: { nodes: [gqlUser(ME)] } } } } };
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
    operations.issuePeople = { data: { project: { issue: { id: 'x', subscribed: false, assignees: { nodes: [gqlUser(BOB, 'BUSY')] }, participants: { nodes: [gqlUser(BOB, 'BUSY')] } } } } };
    renderWidget();
    await waitFor(() => expect(screen.getByRole('link', { name: /Bob Brown/ }).getAttribute('title')).toBe('Bob Brown (Busy)'));
  });

  it("shows the assignee's status emoji beside the name, its message as the tooltip", async () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ assignees: [BOB] }));
    const withStatus = { ...gqlUser(BOB), status: { availability: 'NOT_SET', emoji: 'tada', message: 'Shipped it' } };
    operations.issuePeople = { data: { project: { issue: { id: 'x', subscribed: false, assignees: { nodes: [withStatus] }, participants: { nodes: [withStatus] } } } } };
    renderWidget();
    const emoji = await screen.findByRole('img', { name: 'Status: Shipped it' });
    expect(emoji.textContent).toBe('🎉');
    expect(emoji.getAttribute('title')).toBe('Shipped it');
    expect(within(screen.getByTestId('assignee-list')).getByRole('link', { name: /Bob Brown/ }).contains(emoji)).toBe(true);
  });

  it('Edit lists the current user first; toggling makes the button "Apply"; Escape closes and saves the selection', async () => {
    operations.issueSetAssignees = (variables) => {
      const names = (variables.input as { assigneeUsernames: string[] }).assigneeUsernames;
      const us = names.map((n) => gqlUser(n === 'carol' ? CAROL : ME));
      return { data: { issueSetAssignees: { errors: [], issue: { id: 'x', assignees: { nodes: us }, participants: { nodes: us } } } } };
    };
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getAllByRole('option').length).toBe(3));
    expect(screen.getAllByRole('option').map((b) => b.textContent)).toEqual([PEOPLE_TEXTS.unassigned, 'Alice Adams @alice', 'Carol Chen @carol']);
    fireEvent.click(screen.getByRole('option', { name: /Carol Chen/ }));
    expect(screen.getByRole('button', { name: PEOPLE_TEXTS.apply })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: /Alice Adams/ }));
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
    operations.issueSetAssignees = { data: { issueSetAssignees: { errors: [], issue: { id: 'x', assignees: { nodes: [] }, participants: { nodes: [] } } } } };
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('option', { name: PEOPLE_TEXTS.unassigned }));
    fireEvent.click(screen.getByRole('button', { name: PEOPLE_TEXTS.apply }));
    await waitFor(() => expect(block().textContent).toContain(PEOPLE_TEXTS.none));
    expect(mutations()).toEqual([{ projectPath: 'g/p', iid: '1', assigneeUsernames: [] }]);
  });

  it('searches trimmed text only, merges matching participants, and says when nothing matches', async () => {
    autocomplete = (c) => (c.query.get('search') === 'bo' ? [{ username: 'bob', name: 'Bob Brown', avatar_url: null }] : []);
    const urls = () => api.calls.filter((c) => c.method === 'GET').map((c) => c.url);
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const search = screen.getByRole('combobox', { name: PEOPLE_TEXTS.searchUsers });
    fireEvent.change(search, { target: { value: '   ' } });
    await new Promise((r) => setTimeout(r, 350));
    expect(urls()).toEqual([]);
    fireEvent.change(search, { target: { value: ' bo ' } });
    await waitFor(() => expect(screen.getByRole('option', { name: /Bob Brown/ })).toBeTruthy());
    expect(urls()).toHaveLength(1);
    expect(urls()[0]).toMatch(/search=bo$/);
    fireEvent.change(search, { target: { value: 'chen' } });
    // The server found nobody, but the participant Carol Chen matches by name
    await waitFor(() => expect(screen.getByRole('option', { name: /Carol Chen/ })).toBeTruthy());
    fireEvent.change(search, { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByText(PEOPLE_TEXTS.noMatchingResults)).toBeTruthy());
  });

  it('says when the user search failed, and when saving failed', async () => {
    autocomplete = () => jsonResponse({ message: 'boom' }, { status: 500 });
    operations.issueSetAssignees = { data: { issueSetAssignees: { errors: ['Cannot assign @carol to #1'], issue: null } } };
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('combobox', { name: PEOPLE_TEXTS.searchUsers }), { target: { value: 'x' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PEOPLE_TEXTS.searchUsersFailed));
    fireEvent.change(screen.getByRole('combobox', { name: PEOPLE_TEXTS.searchUsers }), { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByRole('option').length).toBe(3));
    fireEvent.click(screen.getByRole('option', { name: /Carol Chen/ }));
    fireEvent.click(screen.getByRole('button', { name: PEOPLE_TEXTS.apply }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`${PEOPLE_TEXTS.updateAssigneesFailed} Cannot assign @carol to #1`));
    expect(block().textContent).toContain(PEOPLE_TEXTS.none);

    operations.issueSetAssignees = jsonResponse({}, { status: 502 });
    fireEvent.click(screen.getByRole('button', { name: PEOPLE_TEXTS.assignYourself }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PEOPLE_TEXTS.saveAssigneesFailed));
  });
});
