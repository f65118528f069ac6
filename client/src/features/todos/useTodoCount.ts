import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { realtimeClient } from '../../realtime/realtimeConnection';
import { connectionStateAtom } from '../../realtime/realtimeAtoms';
import { currentUserAtom } from '../session/sessionAtoms';
import { fetchTodoCount, ISSUABLE_TODO_KEY } from './todosApi';

export const TODO_COUNT_KEY = ['todos', 'count'] as const;
/** While the socket is down the count is polled (and refetched when the tab regains focus). */
export const TODO_COUNT_POLL_MS = 30_000;

/**
 * The navbar's pending to-do count: read once, then kept by the user channel's `todos.count`
 * pushes on this tab's socket; polled only while the socket is not open, and read again on each
 * connect (pushes are not replayed; the first read may predate the socket). A push also makes the sidebar's to-do blocks read their state again.
 */
export function useTodoCount(): number | null {
  const user = useAtomValue(currentUserAtom);
  const state = useAtomValue(connectionStateAtom);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: TODO_COUNT_KEY,
    queryFn: fetchTodoCount,
    enabled: user !== null,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: state === 'open' ? false : TODO_COUNT_POLL_MS,
  });
  useEffect(() => {
    if (!user) return;
    return realtimeClient().onTodosCount((count) => {
      // The user's to-dos changed (a sidebar toggle, a /todo or /done in a comment, another tab): the sidebar blocks read theirs again
      void client.invalidateQueries({ queryKey: ISSUABLE_TODO_KEY });
      if (count === null) void client.invalidateQueries({ queryKey: TODO_COUNT_KEY });
      // A read still in flight may have counted before this push's change: it must not overwrite it
      else void client.cancelQueries({ queryKey: TODO_COUNT_KEY }).then(() => client.setQueryData(TODO_COUNT_KEY, count));
    });
  }, [user, client]);
  return user ? (query.data ?? null) : null;
}
