import { Injectable } from '@nestjs/common';
import { ERROR_TRACKING, type ProjectErrorsSignal } from '@tandem/shared-types';
import type { Actor } from '../policy/policy';

/** What the errors channel needs of the Socket.IO server: a room and an emit (the adapter reaches every node). */
export interface ErrorsChannelServer {
  to(room: string): { emit(event: 'project_errors', signal: ProjectErrorsSignal): boolean };
}

/** A project's error-list room (watch_errors joins it). */
export const errorsRoom = (fullPath: string) => `ProjectErrors:${fullPath.toLowerCase()}`;

/**
 * "May this actor watch this project's error list" (read_error_tracking): the port watch_errors
 * is guarded by; the error-tracking module implements it. Throws the AppError an HTTP read of
 * the list would get.
 */
export interface ErrorWatchAccess {
  resolve(actor: Actor | null, projectPath: string): Promise<{ fullPath: string }>;
}
export const ERROR_WATCH_ACCESS = Symbol('ERROR_WATCH_ACCESS');

/**
 * Error lists kept live (shared-types error-tracking.ts): ingest and status changes tell the
 * project's watchers which errors changed, coalesced to one `project_errors` signal per project
 * per ERROR_TRACKING.coalesceMs, so a burst of events costs the sockets one message. Not stored,
 * not replayed: a list refetches after a reconnect. The gateway binds the server; the emit goes
 * through the adapter (Redis with REDIS_URL), so watchers on every node get it.
 */
@Injectable()
export class ErrorsChannel {
  private io: ErrorsChannelServer | null = null;
  private readonly due = new Map<string, { path: string; ids: Set<number> }>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  bind(io: ErrorsChannelServer | null): void {
    this.io = io;
    if (!io && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.due.clear();
    }
  }

  errorsChanged(projectPath: string, errorIds: Iterable<number>): void {
    if (!this.io) return;
    const room = errorsRoom(projectPath);
    const entry = this.due.get(room) ?? { path: projectPath, ids: new Set<number>() };
    for (const id of errorIds) entry.ids.add(id);
    this.due.set(room, entry);
    if (!this.timer) this.timer = setTimeout(() => this.flush(), ERROR_TRACKING.coalesceMs);
  }

  private flush(): void {
    this.timer = null;
    const io = this.io;
    if (io) for (const [room, e] of this.due) io.to(room).emit('project_errors', { project_path: e.path, error_ids: [...e.ids].slice(0, 500) });
    this.due.clear();
  }
}
