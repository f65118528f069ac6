import { appStore } from '../shared/store';
import { connectionStateAtom, socketGivenUpAtom } from './realtimeAtoms';
import { RealtimeClient } from './realtimeClient';

let client: RealtimeClient | null = null;

/** The tab's single RealtimeClient, started on first use; its state lives in atoms. */
export function realtimeClient(): RealtimeClient {
  if (!client) {
    client = new RealtimeClient({
      onState: (s) => appStore.set(connectionStateAtom, s),
      onGiveUp: (v) => appStore.set(socketGivenUpAtom, v),
    });
    client.start();
  }
  return client;
}
