import { Link } from 'react-router';
import { ListTodo } from 'lucide-react';
import { TODO_TEXTS } from '@tandem/shared-types';
import { useTodoCount } from './useTodoCount';
import './todos.css';

/** The navbar's To-Do List link with the live pending count (signed-in users only). */
export function TodosNavLink() {
  const count = useTodoCount();
  if (count === null) return null;
  return (
    <Link to="/dashboard/todos" className="topbar__todos" aria-label={TODO_TEXTS.navLabel(count)} data-testid="todos-nav">
      <ListTodo size={18} aria-hidden="true" />
      {count > 0 && (
        <span className="topbar__badge" data-testid="todos-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
