import { useEffect } from 'react';
import { flushOutbox, restoreOutbox } from './sendNote';

/**
 * Comments kept while offline are shown as pending and sent once when the connection returns
 * (the socket opens again, or the browser says it is online).
 */
export function useOutbox(issueKey: string, createPath: string, noteableId: number, connected: boolean, onError: (message: string) => void): void {
  useEffect(() => restoreOutbox(issueKey), [issueKey]);
  useEffect(() => {
    const flush = () =>
      void flushOutbox(issueKey, createPath, noteableId).then((errors) => {
        if (errors.length) onError(errors[0]!);
      });
    if (connected) flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [issueKey, createPath, noteableId, connected]);
}
