import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TODO_TEXTS, type CurrentUser } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../../test/kit';
import { currentUserAtom } from '../../session/sessionAtoms';
import { TODO_COUNT_KEY } from '../../todos/useTodoCount';
import { TodoWidget } from './TodoWidget';

const USER = { id: 2, username: 'bob', name: 'Bob', state: 'active', locked: false, avatar_url: null, web_url: '/bob', email: 'b@x', is_admin: false, created_at: '' } as unknown as CurrentUser;

const TODOS = '/g/p/-/todos';
/** The viewer's to-do on the issue, asked when the widget shows. */
const STATE = `GET ${TODOS}?issuable_id=42&issuable_type=issue`;

const renderWidget = () => renderWithStores(<TodoWidget projectPath="g/p" issueId={42} />).queryClient;

describe('TodoWidget', () => {
  let api: FetchStub;
  beforeEach(() => {
    appStore.set(currentUserAtom, USER);
    api = stubFetch();
  });
  afterEach(() => appStore.set(currentUserAtom, null));

  it('adds a to-do, then marks it done, sending {issuable_id, issuable_type} and taking the count', async () => {
    api.on({
      [STATE]: { todo_id: null, count: 1, delete_path: null },
      [`POST ${TODOS}`]: { count: 2, delete_path: '/dashboard/todos/9' },
      [`DELETE ${TODOS}`]: { count: 1, delete_path: null },
    });
    const client = renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: TODO_TEXTS.add }));
    await screen.findByRole('button', { name: TODO_TEXTS.markDone });
    expect(api.lastCall(`POST ${TODOS}`).body).toEqual({ issuable_id: 42, issuable_type: 'issue' });
    expect(client.getQueryData(TODO_COUNT_KEY)).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: TODO_TEXTS.markDone }));
    await screen.findByRole('button', { name: TODO_TEXTS.add });
    expect(api.lastCall(`DELETE ${TODOS}`).body).toEqual({ issuable_id: 42, issuable_type: 'issue' });
    expect(client.getQueryData(TODO_COUNT_KEY)).toBe(1);
  });

  it("shows the spec's error when adding or deleting fails", async () => {
    api.on({ [STATE]: { todo_id: 9, count: 1, delete_path: '/dashboard/todos/9' }, [`DELETE ${TODOS}`]: jsonResponse({}, { status: 500 }) });
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: TODO_TEXTS.markDone }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('There was an error deleting the todo.'));
    expect(screen.getByRole('button', { name: TODO_TEXTS.markDone })).toBeTruthy();
  });

  it('is not shown to visitors', () => {
    appStore.set(currentUserAtom, null);
    renderWidget();
    expect(screen.queryByTestId('sidebar-todo')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
