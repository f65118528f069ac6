import { z } from 'zod';
import type { UserBasic } from '../api';
import { iidSchema, projectPathSchema } from './subscribe.schema';

/**
 * Presence: who is looking at an issue now, who is editing its description, who is typing a
 * comment. Volatile (excalidraw's collaborators, not the event log): never stored, never
 * replayed, carried on the socket, and only between sockets subscribed to the issue
 * (so only to those who may read it).
 */
export const PRESENCE_STATES = ['viewing', 'editing', 'typing'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** Client to server: this tab's state on an issue it is subscribed to. */
export interface PresenceRequest {
  project_path: string;
  iid: number | string;
  state: PresenceState;
}

/** Server to the room: one tab's state; 'left' when its subscription ended. */
export interface PresenceSignal {
  project_path: string;
  iid: number;
  /** The tab (socket id): one user may have several. */
  session: string;
  user: Pick<UserBasic, 'id' | 'username' | 'name' | 'avatar_url'>;
  state: PresenceState | 'left';
  /** First announcement of this tab on the issue: others answer with theirs at once. */
  hello: boolean;
}

export const PRESENCE = {
  /** A tab re-announces its state this often... */
  refreshMs: 4000,
  /** ...and an entry not refreshed for this long is gone (a node that died says no 'left'). */
  ttlMs: 10_000,
  /** "is typing" ends this long after the last keystroke. */
  typingIdleMs: 3000,
  /** The server passes on at most one unchanged announcement per tab and issue this often. */
  minIntervalMs: 1000,
  /** Answers to a hello are spread over this window, so a crowd does not answer at once. */
  helloJitterMs: 300,
} as const;

export const PRESENCE_TEXTS = {
  viewingNow: 'Viewing now',
  editingDescription: (name: string) => `${name} is editing the description`,
  typing: (names: readonly string[]) =>
    names.length === 1 ? `${names[0]} is typing…` : names.length === 2 ? `${names[0]} and ${names[1]} are typing…` : `${names.length} people are typing…`,
} as const;

export const presenceRequestSchema = z.object({
  project_path: projectPathSchema,
  iid: iidSchema,
  state: z.enum(PRESENCE_STATES, { message: `state must be one of: ${PRESENCE_STATES.join(', ')}` }),
  /** An answer to a newcomer's hello: passed on even right after the tab's last announcement (once per minIntervalMs). */
  answer: z.boolean().optional(),
});
