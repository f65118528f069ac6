import type { ApiTodo, TodoIssuableType, TodoState, TodoToggleResponse } from '@tandem/shared-types';
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

/** The sidebar's to-do path (GitLab's project_todos_path). */
export const todoPath = (projectPath: string) => `/${projectPath}/-/todos`;

/** What the sidebar's to-do block is about: the page's issuable_type and the or merge request's id. */
export interface TodoIssuable {
  type: TodoIssuableType;
  id: number;
}

/** Every sidebar block's read of the user's to-do (useTodoCount reads them again when the user's to-dos change). */
export const ISSUABLE_TODO_KEY = ['todos', 'issuable'] as const;
export const issuableTodoKey = (projectPath: string, issuable: TodoIssuable) => [...ISSUABLE_TODO_KEY, projectPath, issuable.type, issuable.id] as const;

export interface IssuableTodoState {
  todoId: number | null;
  count: number;
}

export async function fetchIssuableTodo(projectPath: string, issuable: TodoIssuable): Promise<IssuableTodoState> {
  const res = await requestJson<TodoToggleResponse & { todo_id: number | null }>(`${todoPath(projectPath)}?issuable_id=${issuable.id}&issuable_type=${issuable.type}`);
  if (!res.ok) throw new TodoRequestError(`${issuable.type} to-do: ${res.status}`);
  return { todoId: res.data.todo_id, count: res.data.count };
}

/** The sidebar toggle: POST adds, DELETE marks done; both answer {count, delete_path}. */
export async function toggleIssuableTodo(projectPath: string, issuable: TodoIssuable, add: boolean): Promise<TodoToggleResponse> {
  const res = await requestJson<TodoToggleResponse>(todoPath(projectPath), { method: add ? 'POST' : 'DELETE', body: { issuable_id: issuable.id, issuable_type: issuable.type } });
  if (!res.ok) throw new TodoRequestError(`toggle: ${res.status}`);
  return res.data;
}
