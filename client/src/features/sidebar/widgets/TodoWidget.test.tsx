import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { TODO_TEXTS, type CurrentUser, type TodoIssuableType } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { jsonResponse, renderWithStores, stubFetch, type FetchStub } from '../../../test/kit';
import { currentUserAtom } from '../../session/sessionAtoms';
import { TodosNavLink } from '../../todos/TodosNavLink';
import { TODO_COUNT_KEY } from '../../todos/useTodoCount';
import { TodoWidget } from './TodoWidget';

// The user channel: the `todos.count` pushes the navbar count listens to, driven by the test
const countListeners = new Set<(count: number | null) => void>();
vi.mock('../../../realtime/realtimeConnection', () => ({
  realtimeClient: () => ({
    onTodosCount: (l: (count: number | null) => void) => {
      countListeners.add(l);
      return () => countListeners.delete(l);
    },
  }),
}));

const USER = { id: 2, username: 'bob', name: 'Bob', state: 'active', locked: false, avatar_url: null, web_url: '/bob', email: 'b@x', is_admin: false, created_at: '' } as unknown as CurrentUser;

const TODOS = '/g/p/-/todos';
/** The viewer's to-do on the issuable, asked when the widget shows. */
const stateOf = (type: TodoIssuableType) => `GET ${TODOS}?issuable_id=42&issuable_type=${type}`;
/** The navbar's count (X-Total of the pending to-dos). */
const COUNT = 'GET /api/v4/todos?state=pending&per_page=1';
const countAnswer = (n: number) => jsonResponse([], { headers: { 'x-total': String(n) } });

const renderWidget = (type: TodoIssuableType = 'issue') => renderWithStores(<TodoWidget projectPath="g/p" issuableType={type} issuableId={42} />).queryClient;
/** The widget beside the navbar's count, as on a page. */
const renderWithNavbar = (type: TodoIssuableType) =>
  renderWithStores(
    <MemoryRouter>
      <TodosNavLink />
      <TodoWidget projectPath="g/p" issuableType={type} issuableId={42} />
    </MemoryRouter>,
  );
const navLabel = () => screen.getByTestId('todos-nav').getAttribute('aria-label');

describe('TodoWidget', () => {
  let api: FetchStub;
  beforeEach(() => {
    appStore.set(currentUserAtom, USER);
    api = stubFetch();
  });
  afterEach(() => {
    appStore.set(currentUserAtom, null);
    countListeners.clear();
  });

  it.each(['issue', 'merge_request'] as const)('issuable_type %s: adds a to-do, then marks it done, sending {issuable_id, issuable_type} and taking the count', async (type) => {
    api.on({
      [stateOf(type)]: { todo_id: null, count: 1, delete_path: null },
      [`POST ${TODOS}`]: { count: 2, delete_path: '/dashboard/todos/9' },
      [`DELETE ${TODOS}`]: { count: 1, delete_path: null },
    });
    const client = renderWidget(type);
    fireEvent.click(await screen.findByRole('button', { name: TODO_TEXTS.add }));
    await screen.findByRole('button', { name: TODO_TEXTS.markDone });
    expect(api.lastCall(`POST ${TODOS}`).body).toEqual({ issuable_id: 42, issuable_type: type });
    expect(client.getQueryData(TODO_COUNT_KEY)).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: TODO_TEXTS.markDone }));
    await screen.findByRole('button', { name: TODO_TEXTS.add });
    expect(api.lastCall(`DELETE ${TODOS}`).body).toEqual({ issuable_id: 42, issuable_type: type });
    expect(client.getQueryData(TODO_COUNT_KEY)).toBe(1);
  });

  it("on a merge request the navbar's count follows the toggle", async () => {
    api.on({
      [COUNT]: countAnswer(3),
      [stateOf('merge_request')]: { todo_id: null, count: 3, delete_path: null },
      [`POST ${TODOS}`]: { count: 4, delete_path: '/dashboard/todos/9' },
      [`DELETE ${TODOS}`]: { count: 3, delete_path: null },
    });
    renderWithNavbar('merge_request');
    await waitFor(() => expect(navLabel()).toBe(TODO_TEXTS.navLabel(3)));
    fireEvent.click(await screen.findByRole('button', { name: TODO_TEXTS.add }));
    await screen.findByRole('button', { name: TODO_TEXTS.markDone });
    expect(navLabel()).toBe(TODO_TEXTS.navLabel(4));
    fireEvent.click(screen.getByRole('button', { name: TODO_TEXTS.markDone }));
    await screen.findByRole('button', { name: TODO_TEXTS.add });
    expect(navLabel()).toBe(TODO_TEXTS.navLabel(3));
  });

  it('a /todo or /done typed in a comment (the count push) makes the block read its state again', async () => {
    api.on({ [COUNT]: countAnswer(1), [stateOf('merge_request')]: { todo_id: null, count: 1, delete_path: null } });
    renderWithNavbar('merge_request');
    await screen.findByRole('button', { name: TODO_TEXTS.add });
    // the comment's /todo committed: the server now has the to-do and pushes the new count
    api.on({ [stateOf('merge_request')]: { todo_id: 9, count: 2, delete_path: '/dashboard/todos/9' } });
    act(() => countListeners.forEach((l) => l(2)));
    await screen.findByRole('button', { name: TODO_TEXTS.markDone });
    expect(navLabel()).toBe(TODO_TEXTS.navLabel(2));
    // /done: back
    api.on({ [stateOf('merge_request')]: { todo_id: null, count: 1, delete_path: null } });
    act(() => countListeners.forEach((l) => l(1)));
    await screen.findByRole('button', { name: TODO_TEXTS.add });
  });

  it.each([
    ['deleting', { todo_id: 9, count: 1, delete_path: '/dashboard/todos/9' }, 'DELETE', TODO_TEXTS.markDone, 'There was an error deleting the todo.'],
    ['adding', { todo_id: null, count: 1, delete_path: null }, 'POST', TODO_TEXTS.add, 'There was an error adding a todo.'],
  ] as const)("shows the spec's error when %s fails (merge request too)", async (_what, state, method, button, text) => {
    for (const type of ['issue', 'merge_request'] as const) {
      api.on({ [stateOf(type)]: state, [`${method} ${TODOS}`]: jsonResponse({}, { status: 500 }) });
      const { unmount } = renderWithStores(<TodoWidget projectPath="g/p" issuableType={type} issuableId={42} />);
      fireEvent.click(await screen.findByRole('button', { name: button }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
      expect(screen.getByRole('button', { name: button })).toBeTruthy();
      unmount();
    }
  });

  it('is not shown to visitors', () => {
    appStore.set(currentUserAtom, null);
    renderWidget('merge_request');
    expect(screen.queryByTestId('sidebar-todo')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
