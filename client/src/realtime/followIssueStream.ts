import type { ResyncSignal } from '@tandem/shared-types';
import { appStore } from '../shared/store';
import { eventRegistry as defaultRegistry, type EventRegistry } from './eventRegistry';
import { revokedIssuesAtom } from './realtimeAtoms';
import { realtimeClient } from './realtimeConnection';

export interface IssueStreamCallbacks {
  /** The event with this seq went through every registered reducer. */
  applied(seq: number): void;
  /** The log no longer holds what we missed: refetch the issue; true when it worked. */
  refetch(): Promise<boolean>;
}

/**
 * Follows one issue's IssuesChannel stream from `seq` and hands each event, once and in
 * order, to the reducers the features registered. Returns a function that stops following.
 */
export function followIssueStream(projectPath: string, iid: number, seq: number, callbacks: IssueStreamCallbacks, registry: EventRegistry = defaultRegistry): () => void {
  const key = `${projectPath}#${iid}`;
  const ended = (reason: ResyncSignal['reason']) => appStore.set(revokedIssuesAtom, (r) => ({ ...r, [key]: reason === 'deleted' ? 'deleted' : 'access_revoked' }));
  return realtimeClient().follow(projectPath, iid, seq, {
    apply: (e) => {
      registry.dispatch(e);
      callbacks.applied(e.seq);
    },
    applyBatch: (events) => {
      registry.dispatchBatch(events);
      callbacks.applied(events[events.length - 1]!.seq);
    },
    refetch: callbacks.refetch,
    ended,
  });
}
