import { Injectable } from '@nestjs/common';
import { userRoom, type SubscriptionSignal, type TodosCountSignal } from '@tandem/shared-types';

/** What the user channel needs of the Socket.IO server: a room and an emit (the adapter reaches every node). */
export interface UserChannelServer {
  to(room: string): { emit(event: 'todos.count', signal: TodosCountSignal): boolean; emit(event: 'issue.subscription' | 'merge_request.subscription', signal: SubscriptionSignal): boolean };
}

/**
 * The per-user channel (shared-types realtime/user-channel.ts): domain code tells a user's open
 * tabs about their own state (the to-do count, their notifications choice per issue or merge request) without importing the realtime module. The
 * gateway binds the Socket.IO server and joins each signed-in socket to its user's room; the
 * emit goes through the adapter (Redis with REDIS_URL), so tabs on other nodes get it too.
 */
@Injectable()
export class UserChannel {
  private io: UserChannelServer | null = null;

  bind(io: UserChannelServer | null): void {
    this.io = io;
  }

  todosCount(userId: number, count: number): void {
    this.io?.to(userRoom(userId)).emit('todos.count', { count });
  }

  /** The user's own notifications choice for an issue, to their other tabs. */
  subscription(userId: number, signal: SubscriptionSignal): void {
    this.io?.to(userRoom(userId)).emit('issue.subscription', signal);
  }

  /** The user's own notifications choice for a merge request, to their other tabs. */
  mergeRequestSubscription(userId: number, signal: SubscriptionSignal): void {
    this.io?.to(userRoom(userId)).emit('merge_request.subscription', signal);
  }
}
