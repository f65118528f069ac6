import { useAtomValue } from 'jotai';
import type { ConnectionState } from '@tandem/shared-types';
import { appStore } from '../shared/store';
import { connectionStateAtom, socketGivenUpAtom } from './realtimeAtoms';

export interface LiveConnection {
  state: ConnectionState;
  /** The monitor gave up on the socket: updates arrive by polling while it retries in the background. */
  givenUp: boolean;
}

/** The socket's state for the page: whether to poll, and what the live indicator says. */
export function useLiveConnection(): LiveConnection {
  const state = useAtomValue(connectionStateAtom, { store: appStore });
  const givenUp = useAtomValue(socketGivenUpAtom, { store: appStore });
  return { state, givenUp };
}
