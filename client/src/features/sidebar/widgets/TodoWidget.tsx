import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ListTodo, SquareCheck } from 'lucide-react';
import { TODO_TEXTS, type TodoIssuableType } from '@tandem/shared-types';
import { connectionStateAtom } from '../../../realtime/realtimeAtoms';
import { currentUserAtom } from '../../session/sessionAtoms';
import { fetchIssuableTodo, issuableTodoKey, toggleIssuableTodo, type IssuableTodoState } from '../../todos/todosApi';
import { TODO_COUNT_KEY, TODO_COUNT_POLL_MS } from '../../todos/useTodoCount';
import { FlagError } from './FlagConfirmForm';
import '../../todos/todos.css';

interface TodoWidgetProps {
  projectPath: string;
  /** What the page is about: 'issue' or 'merge_request' (issuable_type). */
  issuableType: TodoIssuableType;
  /** The or the merge request's id (issuable_id). */
  issuableId: number;
}

/**
 * The to-do block of an issue's or a merge request's sidebar (spec: To-do): 'Add a to do' adds
 * one for the signed-in user, 'Mark as done' marks their pending to-dos on it done; the navbar
 * count takes the answer's count. A /todo or /done typed in a comment changes the same state: the
 * user channel's count push makes the block read it again (useTodoCount), polled while the socket
 * is down as the count is. Visitors see nothing (a to-do belongs to a user).
 */
export function TodoWidget({ projectPath, issuableType, issuableId }: TodoWidgetProps) {
  const user = useAtomValue(currentUserAtom);
  const socket = useAtomValue(connectionStateAtom);
  const client = useQueryClient();
  const issuable = { type: issuableType, id: issuableId };
  const key = issuableTodoKey(projectPath, issuable);
  const state = useQuery({
    queryKey: key,
    queryFn: () => fetchIssuableTodo(projectPath, issuable),
    enabled: user !== null,
    refetchInterval: socket === 'open' ? false : TODO_COUNT_POLL_MS,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user || !state.data) return null;
  const has = state.data.todoId !== null;

  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await toggleIssuableTodo(projectPath, issuable, !has);
      const todoId = res.delete_path ? Number(res.delete_path.split('/').pop()) : null;
      client.setQueryData<IssuableTodoState>(key, { todoId, count: res.count });
      client.setQueryData(TODO_COUNT_KEY, res.count);
    } catch {
      setError(TODO_TEXTS.failed(has ? TODO_TEXTS.deleting : TODO_TEXTS.adding));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="sidebar-block sidebar-todo" data-testid="sidebar-todo" aria-label="To-do">
      <button type="button" className="btn btn--default btn--small sidebar-todo__button" onClick={() => void toggle()} disabled={busy} aria-pressed={has}>
        {has ? <SquareCheck size={16} aria-hidden="true" /> : <ListTodo size={16} aria-hidden="true" />}
        <span>{has ? TODO_TEXTS.markDone : TODO_TEXTS.add}</span>
      </button>
      <FlagError error={error} />
    </section>
  );
}
