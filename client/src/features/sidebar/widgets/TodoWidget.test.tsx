import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TODO_TEXTS, type CurrentUser } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { currentUserAtom } from '../../session/sessionAtoms';
import { TODO_COUNT_KEY } from '../../todos/useTodoCount';
import { TodoWidget } from './TodoWidget';

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const USER = { id: 2, username: 'bob', name: 'Bob', state: 'active', locked: false, avatar_url: null, web_url: '/bob', email: 'b@x', is_admin: false, created_at: '' } as unknown as CurrentUser;

function renderWidget(client = new QueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <Provider store={appStore}>
        <TodoWidget projectPath="g/p" issueId={42} />
      </Provider>
    </QueryClientProvider>,
  );
  return client;
}

describe('TodoWidget', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    appStore.set(currentUserAtom, USER);
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    appStore.set(currentUserAtom, null);
  });

  it('adds a to-do, then marks it done, sending {issuable_id, issuable_type} and taking the count', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { todo_id: null, count: 1, delete_path: null }))
      .mockResolvedValueOnce(jsonResponse(200, { count: 2, delete_path: '/dashboard/todos/9' }))
      .mockResolvedValueOnce(jsonResponse(200, { count: 1, delete_path: null }));
    const client = renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: TODO_TEXTS.add }));
    await screen.findByRole('button', { name: TODO_TEXTS.markDone });
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/g/p/-/todos');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ issuable_id: 42, issuable_type: 'issue' });
    expect(client.getQueryData(TODO_COUNT_KEY)).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: TODO_TEXTS.markDone }));
    await screen.findByRole('button', { name: TODO_TEXTS.add });
    expect(fetchMock.mock.calls[2]![1].method).toBe('DELETE');
    expect(client.getQueryData(TODO_COUNT_KEY)).toBe(1);
  });

  it("shows the spec's error when adding or deleting fails", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { todo_id: 9, count: 1, delete_path: '/dashboard/todos/9' })).mockResolvedValueOnce(jsonResponse(500, {}));
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: TODO_TEXTS.markDone }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('There was an error deleting the todo.'));
    expect(screen.getByRole('button', { name: TODO_TEXTS.markDone })).toBeTruthy();
  });

  it('is not shown to visitors', () => {
    appStore.set(currentUserAtom, null);
    renderWidget();
    expect(screen.queryByTestId('sidebar-todo')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
