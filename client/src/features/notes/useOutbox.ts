import { useEffect } from 'react';
import { DISCUSSION_LIMITS } from '@tandem/shared-types';
import { flushOutbox, restoreOutbox } from './sendNote';
import { readQueue } from './offlineQueue';

/**
 * Comments kept while offline are shown as pending and sent once when the connection returns
 * (the socket opens again, or the browser says it is online). One whose send failed while the
 * page stayed connected (a lost answer) is sent again every `outboxRetryMs`, with its
 * idempotency key, so it is never stuck and never doubled.
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
    const timer = connected
      ? setInterval(() => {
          if (readQueue().some((q) => q.issueKey === issueKey)) flush();
        }, DISCUSSION_LIMITS.outboxRetryMs)
      : null;
    return () => {
      window.removeEventListener('online', flush);
      if (timer) clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [issueKey, createPath, noteableId, connected]);
}
