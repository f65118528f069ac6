import { z } from 'zod';
import { projectPathSchema } from './subscribe.schema';

/**
 * Issue and merge request lists follow their project live: a socket watches a project
 * (read_project checked), and after issues or merge requests of it are created, changed,
 * deleted or commented on (the rows' comment counts) the project's watchers get one coalesced `project_issues` signal naming the lists that
 * changed, and refetch the list they show (with their own access: the signal carries no issue
 * data, so a confidential issue reveals nothing).
 */
export interface WatchProjectRequest {
  project_path: string;
}

export type WatchProjectAck = { ok: true } | { ok: false; message: string };

/** The lists of a project that a watch follows. */
export type ProjectList = 'issues' | 'merge_requests';

export interface ProjectIssuesSignal {
  project_path: string;
  /** The lists that changed since the last signal; absent (older servers): all of them. */
  lists?: ProjectList[];
}

export const PROJECT_WATCH = {
  /** Signals of one project are coalesced to at most one per this interval. */
  coalesceMs: 500,
  /** Projects one connection may watch at once. */
  maxPerSocket: 20,
} as const;

export const watchProjectRequestSchema = z.object({ project_path: projectPathSchema });
