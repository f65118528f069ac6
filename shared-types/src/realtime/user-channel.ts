import { z } from 'zod';

/**
 * The per-user channel on the same socket: a signed-in socket joins its user's private room
 * on connect; the server emits `todos.count` there after every change to that user's to-dos,
 * on every node (through the Socket.IO adapter), so each open tab's navbar count follows.
 */
export interface TodosCountSignal {
  count: number;
}

export const todosCountSignalSchema = z.object({ count: z.number().int().min(0) });

/**
 * `issue.subscription` / `merge_request.subscription`: the user turned notifications of an issue
 * (or a merge request) on or off (sidebar, API, bulk form, /subscribe), so the notifications
 * switch of that issue or merge request follows in the user's other tabs.
 */
export interface SubscriptionSignal {
  project_path: string;
  iid: number;
  subscribed: boolean;
}

export const subscriptionSignalSchema = z.object({ project_path: z.string().min(1), iid: z.number().int().positive(), subscribed: z.boolean() });

/** The private room of a user's sockets. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}
