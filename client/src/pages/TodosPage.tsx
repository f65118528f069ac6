import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { TODO_TEXTS } from '@tandem/shared-types';
import { AppLayout } from '../features/layout/AppLayout';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { signInHref } from '../features/session/signOut';
import { TodoList } from '../features/todos/TodoList';

export function TodosPage() {
  const user = useAtomValue(currentUserAtom);
  useEffect(() => {
    document.title = `${TODO_TEXTS.pageTitle} · Tandem`;
    if (!user) window.location.replace(signInHref());
  }, [user]);
  if (!user) return null;
  return (
    <AppLayout crumbs={[{ label: TODO_TEXTS.pageTitle }]}>
      <div className="page-head">
        <h1 className="page-title">{TODO_TEXTS.pageTitle}</h1>
      </div>
      <TodoList />
    </AppLayout>
  );
}
