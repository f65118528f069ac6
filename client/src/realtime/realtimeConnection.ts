import { appStore } from '../shared/store';
import { connectionStateAtom } from './realtimeAtoms';
import { RealtimeClient } from './realtimeClient';

let client: RealtimeClient | null = null;

/** The tab's single RealtimeClient, started on first use; its state lives in an atom. */
export function realtimeClient(): RealtimeClient {
  if (!client) {
    client = new RealtimeClient({ onState: (s) => appStore.set(connectionStateAtom, s) });
    client.start();
  }
  return client;
}
