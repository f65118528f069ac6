import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ListTodo, SquareCheck } from 'lucide-react';
import { TODO_TEXTS } from '@tandem/shared-types';
import { currentUserAtom } from '../../session/sessionAtoms';
import { fetchIssueTodo, toggleIssueTodo, type IssueTodoState } from '../../todos/todosApi';
import { TODO_COUNT_KEY } from '../../todos/useTodoCount';
import { FlagError } from './FlagConfirmForm';
import '../../todos/todos.css';

interface TodoWidgetProps {
  projectPath: string;
  /** The issue's id (issuable_id). */
  issueId: number;
}

/**
 * The to-do block (spec: To-do): 'Add a to do' adds one for the signed-in user, 'Mark as done'
 * marks their pending to-dos on the issue done; the navbar count takes the answer's count.
 * Visitors see nothing (a to-do belongs to a user).
 */
export function TodoWidget({ projectPath, issueId }: TodoWidgetProps) {
  const user = useAtomValue(currentUserAtom);
  const client = useQueryClient();
  const key = ['todos', 'issue', projectPath, issueId];
  const state = useQuery({ queryKey: key, queryFn: () => fetchIssueTodo(projectPath, issueId), enabled: user !== null });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user || !state.data) return null;
  const has = state.data.todoId !== null;

  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await toggleIssueTodo(projectPath, issueId, !has);
      const todoId = res.delete_path ? Number(res.delete_path.split('/').pop()) : null;
      client.setQueryData<IssueTodoState>(key, { todoId, count: res.count });
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
