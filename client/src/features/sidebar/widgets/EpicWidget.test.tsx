import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { EPIC_TEXTS, type ApiIssueEpic } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { graphql, jsonResponse, renderWithStores, stubFetch, type Answer, type FetchStub } from '../../../test/kit';
import { EventRegistry } from '../../../realtime/eventRegistry';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { sidebarEvents } from '../sidebarEvents';
import { EpicWidget } from './EpicWidget';

const KEY = 'acme/tandem#1';
const node = (iid: number, title: string) => ({ id: `gid://tandem/Epic/${iid + 10}`, iid: String(iid), title, reference: `&${iid}`, webUrl: `http://x/groups/acme/-/epics/${iid}` });
const EPICS = [node(1, 'Launch v2'), node(2, 'Billing overhaul'), node(3, 'Mobile launch')];
const current: ApiIssueEpic = { id: 11, iid: 1, title: 'Launch v2', group_id: 1, end_date: null, web_url: 'http://x/groups/acme/-/epics/1', reference: '&1', confidential: false };
const setEpicAnswer = (epic: ReturnType<typeof node> | null, errors: string[] = []) => ({
  data: { issueSetEpic: { errors, issue: { id: 'gid://tandem/Issue/100', epic: epic && { ...epic, dueDate: null, confidential: false, groupId: 'gid://tandem/Group/1' } } } },
});
const GRAPHQL = 'POST /api/graphql';

const renderWidget = (editable = true) => renderWithStores(<EpicWidget issueKey={KEY} projectPath="acme/tandem" iid={1} editable={editable} />);

const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('EpicWidget', () => {
  let api: FetchStub;
  let mutation: Answer;
  beforeEach(() => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ epic: null }));
    mutation = setEpicAnswer(EPICS[1]!);
    api = stubFetch({ [GRAPHQL]: graphql({ groupEpics: { data: { group: { epics: { nodes: EPICS } } } }, issueSetEpic: () => mutation }) });
  });
  afterEach(() => issueAtomFamily.remove(KEY));

  it('shows None or the epic as a link, without Edit for who may not change it', () => {
    renderWidget(false);
    expect(screen.getByTestId('epic-value').textContent).toBe('None');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    act(() => appStore.set(issueAtomFamily(KEY), makeIssue({ epic: current })));
    expect(screen.getByTestId('epic-value').getAttribute('href')).toBe(current.web_url);
    expect(screen.getByTestId('epic-value').textContent).toBe('Launch v2');
  });

  it('lists the group epics and filters after the debounce: a number is an iid, text is fuzzy', async () => {
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(options()).toHaveLength(4));
    expect(options()[0]).toBe(EPIC_TEXTS.noEpic);
    expect(api.lastCall(GRAPHQL).body.variables).toEqual({ fullPath: 'acme' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Search epics' }), { target: { value: '  2 ' } });
    // not before the debounce
    expect(options()).toHaveLength(4);
    await waitFor(() => expect(options()).toEqual([EPIC_TEXTS.noEpic, 'Billing overhaul &2']));
    fireEvent.change(screen.getByRole('combobox', { name: 'Search epics' }), { target: { value: 'lanch' } });
    await waitFor(() => expect(options().slice(1).sort()).toEqual(['Launch v2 &1', 'Mobile launch &3']));
  });

  it('assigns the chosen epic with issueSetEpic and shows it', async () => {
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(options()).toHaveLength(4));
    fireEvent.click(screen.getByRole('option', { name: 'Billing overhaul &2' }));
    await waitFor(() => expect(screen.getByTestId('epic-value').textContent).toBe('Billing overhaul'));
    const sent = api.calls.filter((c) => c.body.query.includes('issueSetEpic'));
    expect(sent.map((c) => c.body.variables.input)).toEqual([{ projectPath: 'acme/tandem', iid: '1', epicId: EPICS[1]!.id }]);
    expect(appStore.get(issueAtomFamily(KEY))!.epic).toMatchObject({ id: 12, iid: 2, reference: '&2' });
    expect(screen.queryByTestId('epic-select')).toBeNull();
  });

  it('shows the server text after the first colon, else the spec text; removing has its own text', async () => {
    appStore.set(issueAtomFamily(KEY), makeIssue({ epic: current }));
    mutation = setEpicAnswer(null, ['Epic: Cannot assign a confidential epic to a non-confidential issue.']);
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(options()).toHaveLength(4));
    fireEvent.click(screen.getByRole('option', { name: 'Billing overhaul &2' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Cannot assign a confidential epic to a non-confidential issue.'));
    mutation = setEpicAnswer(null, ['Refused']);
    fireEvent.click(screen.getByRole('option', { name: 'Mobile launch &3' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(EPIC_TEXTS.assignFailed));
    mutation = jsonResponse({}, { status: 500 });
    fireEvent.click(screen.getByRole('option', { name: EPIC_TEXTS.noEpic }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(EPIC_TEXTS.removeFailed));
    expect(screen.getByTestId('epic-value').textContent).toBe('Launch v2');
  });

  it('says when the group epics cannot be fetched', async () => {
    api.on({ [GRAPHQL]: graphql({ groupEpics: { errors: [{ message: 'boom' }] } }) });
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(EPIC_TEXTS.fetchFailed));
  });

  it('follows the live issue.epic event', () => {
    renderWidget(false);
    const registry = new EventRegistry({ store: appStore, queryClient: new QueryClient() });
    registry.registerAll(sidebarEvents);
    act(() => {
      registry.dispatch({ type: 'issue.epic', seq: 2, issue: { id: 100, iid: 1, project_path: 'acme/tandem' }, payload: { epic: current }, actor: null, at: '' });
    });
    expect(screen.getByTestId('epic-value').textContent).toBe('Launch v2');
  });
});
