import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TODO_TEXTS, type ApiTodo, type TodoState } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { Avatar } from '../../shared/ui/Avatar';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { TabList } from '../../shared/ui/TabList';
import { fetchTodos, markAllTodosDone, markTodoDone } from './todosApi';
import { TODO_COUNT_KEY } from './useTodoCount';
import './todos.css';

const LIST_KEY = (state: TodoState) => ['todos', 'list', state] as const;

/** The to-do page's list: the To Do and Done tabs, Mark as done per item, Mark all as done. */
export function TodoList() {
  const [tab, setTab] = useState<TodoState>('pending');
  const client = useQueryClient();
  const list = useQuery({ queryKey: LIST_KEY(tab), queryFn: () => fetchTodos(tab), staleTime: 0 });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['todos'] });
  };
  const done = useMutation({
    mutationFn: (todo: ApiTodo) => markTodoDone(todo.id),
    onSuccess: (count) => {
      client.setQueryData(TODO_COUNT_KEY, count);
      refresh();
    },
  });
  const allDone = useMutation({ mutationFn: markAllTodosDone, onSuccess: refresh });
  const failed = done.isError ? TODO_TEXTS.failed(TODO_TEXTS.deleting) : allDone.isError ? TODO_TEXTS.failed(TODO_TEXTS.deleting) : null;
  const todos = list.data?.todos ?? [];

  return (
    <div className="todo-page">
      <div className="todo-page__bar">
        <TabList
          label={TODO_TEXTS.pageTitle}
          tabs={(['pending', 'done'] as const).map((s) => ({
            id: s,
            label: (
              <>
                {s === 'pending' ? TODO_TEXTS.pending : TODO_TEXTS.done}
                {s === tab && list.data ? <span className="badge">{list.data.total}</span> : null}
              </>
            ),
          }))}
          selected={tab}
          onSelect={setTab}
        />
        {tab === 'pending' && todos.length > 0 && (
          <button type="button" className="btn btn--default btn--small" onClick={() => allDone.mutate()} disabled={allDone.isPending}>
            {TODO_TEXTS.markAllDone}
          </button>
        )}
      </div>
      {failed && <Alert variant="danger">{failed}</Alert>}
      {list.isSuccess && todos.length === 0 && <p className="muted todo-page__empty">{tab === 'pending' ? TODO_TEXTS.emptyPending : TODO_TEXTS.emptyDone}</p>}
      <ul className="todo-list" data-testid="todo-list">
        {todos.map((t) => (
          <li key={t.id} className="todo-item" data-testid="todo-item">
            <Avatar user={t.author} size={32} decorative />
            <div className="todo-item__main">
              <p className="todo-item__head">
                <strong>{t.author.name}</strong> {TODO_TEXTS.actions[t.action_name]}{' '}
                <a href={t.target_url} className="todo-item__target">
                  {t.project.path_with_namespace}
                  {t.target_type === 'MergeRequest' ? '!' : '#'}
                  {t.target.iid} {t.target.title}
                </a>{' '}
                · <RelativeTime iso={t.created_at} />
              </p>
              {t.action_name === 'mentioned' && t.body && <p className="todo-item__body muted">{t.body}</p>}
            </div>
            {t.state === 'pending' && (
              <button type="button" className="btn btn--default btn--small" onClick={() => done.mutate(t)} disabled={done.isPending}>
                {TODO_TEXTS.markDone}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
