import type { ApiTodo, TodoState, TodoToggleResponse } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';

export class TodoRequestError extends Error {}

/** The signed-in user's pending to-do count (GET /api/v4/todos' X-Total). */
export async function fetchTodoCount(): Promise<number> {
  const res = await requestJson<ApiTodo[]>('/api/v4/todos?state=pending&per_page=1');
  if (!res.ok) throw new TodoRequestError(`to-do count: ${res.status}`);
  return Number(res.headers.get('x-total') ?? (res.data?.length ?? 0));
}

/** One page of the user's to-dos in a state (newest first). */
export async function fetchTodos(state: TodoState, page = 1): Promise<{ todos: ApiTodo[]; total: number }> {
  const res = await requestJson<ApiTodo[]>(`/api/v4/todos?state=${state}&per_page=50&page=${page}`);
  if (!res.ok) throw new TodoRequestError(`to-dos: ${res.status}`);
  return { todos: res.data, total: Number(res.headers.get('x-total') ?? res.data.length) };
}

export async function markTodoDone(id: number): Promise<number> {
  const res = await requestJson<TodoToggleResponse>(`/dashboard/todos/${id}`, { method: 'DELETE' });
  if (!res.ok) throw new TodoRequestError(`mark done: ${res.status}`);
  return res.data.count;
}

export async function markAllTodosDone(): Promise<void> {
  const res = await requestJson<null>('/api/v4/todos/mark_as_done', { method: 'POST' });
  if (!res.ok) throw new TodoRequestError(`mark all done: ${res.status}`);
}

/** The issue's to-do path (GitLab's project_todos_path). */
export const todoPath = (projectPath: string) => `/${projectPath}/-/todos`;

export interface IssueTodoState {
  todoId: number | null;
  count: number;
}

export async function fetchIssueTodo(projectPath: string, issueId: number): Promise<IssueTodoState> {
  const res = await requestJson<TodoToggleResponse & { todo_id: number | null }>(`${todoPath(projectPath)}?issuable_id=${issueId}&issuable_type=issue`);
  if (!res.ok) throw new TodoRequestError(`issue to-do: ${res.status}`);
  return { todoId: res.data.todo_id, count: res.data.count };
}

/** The sidebar toggle: POST adds, DELETE marks done; both answer {count, delete_path}. */
export async function toggleIssueTodo(projectPath: string, issueId: number, add: boolean): Promise<TodoToggleResponse> {
  const res = await requestJson<TodoToggleResponse>(todoPath(projectPath), { method: add ? 'POST' : 'DELETE', body: { issuable_id: issueId, issuable_type: 'issue' } });
  if (!res.ok) throw new TodoRequestError(`toggle: ${res.status}`);
  return res.data;
}
