import type { Actor } from '../policy/policy';

/**
 * "May this actor watch this project's issue list": the port the project watch (issue lists
 * kept live) is guarded by; the issue module implements it. Throws the not-found AppError an
 * HTTP read would get, so "does not exist" and "may not read" answer alike.
 */
export interface ProjectWatchAccess {
  /** The project's canonical full path (its watch room is named by it). */
  resolve(actor: Actor | null, projectPath: string): Promise<{ fullPath: string }>;
}

export const PROJECT_WATCH_ACCESS = Symbol('PROJECT_WATCH_ACCESS');
