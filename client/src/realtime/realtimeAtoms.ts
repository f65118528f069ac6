import { atom } from 'jotai';
import type { ConnectionState } from '@tandem/shared-types';

/** The one socket's state (open, connecting, closed, reconnecting). */
export const connectionStateAtom = atom<ConnectionState>('closed');
connectionStateAtom.debugLabel = 'connectionStateAtom';

/** True once the connection monitor gave up on the socket: updates arrive by polling only. */
export const socketGivenUpAtom = atom(false);
socketGivenUpAtom.debugLabel = 'socketGivenUpAtom';

/** Issues whose live stream was ended by the server (access lost or deleted), by key. */
export const revokedIssuesAtom = atom<Record<string, 'access_revoked' | 'deleted'>>({});
revokedIssuesAtom.debugLabel = 'revokedIssuesAtom';
