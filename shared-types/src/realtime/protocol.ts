import type { AnyRealtimeEvent, EventType, RealtimeEvent } from './events';
import type { PresenceRequest, PresenceSignal } from './presence';
import type { ProjectIssuesSignal, WatchProjectAck, WatchProjectRequest } from './project-watch';
import type { SubscriptionSignal, TodosCountSignal } from './user-channel';

/** Socket.IO protocol (mirrors GitLab's IssuesChannel). */
export const ISSUES_CHANNEL = 'IssuesChannel';
/** An epic's stream: `project_path` is its stream path (`groups/<group path>`), `iid` the epic's. */
export const EPICS_CHANNEL = 'EpicsChannel';
/** A merge request's stream: `project_path` is its stream path (`<project>/-/merge_requests`), `iid` the merge request's. */
export const MERGE_REQUESTS_CHANNEL = 'MergeRequestsChannel';
export type StreamChannel = typeof ISSUES_CHANNEL | typeof EPICS_CHANNEL | typeof MERGE_REQUESTS_CHANNEL;

export interface SubscribeRequest {
  channel: StreamChannel;
  project_path: string;
  iid: number | string;
  /** Replay every event with seq > after before live ones. */
  after?: number;
}

export type SubscribeAck =
  | { ok: true; seq: number; replayed: number }
  | { ok: false; message: string; code?: 'not_found' | 'unauthorized' | 'invalid' };

export interface UnsubscribeRequest {
  channel: StreamChannel;
  project_path: string;
  iid: number | string;
}

/** The spec's plain signal: simple clients refetch on it. */
export interface UpdatedSignal {
  event: 'updated';
  project_path: string;
  iid: number;
  seq: number;
}

/**
 * Events of one transaction delivered as ONE message (`batch`): a submitted review's notes
 * (note.created events carrying `batch` {index, size}, consecutive seqs). The log still holds
 * each event, so a replay sends them one by one; a client pushes them through its sequencer in
 * order and applies them together.
 */
export interface EventBatchSignal {
  project_path: string;
  iid: number;
  events: AnyRealtimeEvent[];
}

/** The client must refetch the issue: its `after` is older than the retained log, or access changed. */
export interface ResyncSignal {
  project_path: string;
  iid: number;
  seq: number;
  reason: 'log_pruned' | 'access_revoked' | 'deleted';
}

export type ServerToClientEvents = {
  [K in EventType]: (event: RealtimeEvent<K>) => void;
} & {
  updated: (signal: UpdatedSignal) => void;
  /** Several events of one transaction in one message (a submitted review's notes), in seq order. */
  batch: (signal: EventBatchSignal) => void;
  resync: (signal: ResyncSignal) => void;
  /** Sent when a subscription is removed by the server (access lost). */
  unsubscribed: (signal: ResyncSignal) => void;
  heartbeat: (at: number) => void;
  /** Volatile: who else is on the issue (realtime/presence.ts). */
  presence: (signal: PresenceSignal) => void;
  /** Issues or merge requests of a watched project changed: refetch the lists named (realtime/project-watch.ts). */
  project_issues: (signal: ProjectIssuesSignal) => void;
  /** Errors of a watched project got events or changed (error-tracking.ts). */
  project_errors: (signal: import('../error-tracking').ProjectErrorsSignal) => void;
  /** The user's pending to-do count changed (realtime/user-channel.ts). */
  'todos.count': (signal: TodosCountSignal) => void;
  /** The user turned an issue's notifications on or off in another tab (realtime/user-channel.ts). */
  'issue.subscription': (signal: SubscriptionSignal) => void;
  /** The same for a merge request (realtime/user-channel.ts). */
  'merge_request.subscription': (signal: SubscriptionSignal) => void;
};

export interface ClientToServerEvents {
  subscribe: (req: SubscribeRequest, ack: (res: SubscribeAck) => void) => void;
  unsubscribe: (req: UnsubscribeRequest, ack?: (res: { ok: boolean }) => void) => void;
  presence: (req: PresenceRequest) => void;
  watch_project: (req: WatchProjectRequest, ack: (res: WatchProjectAck) => void) => void;
  unwatch_project: (req: WatchProjectRequest) => void;
  watch_errors: (req: import('../error-tracking').WatchErrorsRequest, ack: (res: WatchProjectAck) => void) => void;
  unwatch_errors: (req: import('../error-tracking').WatchErrorsRequest) => void;
}

/** Room name for a noteable's stream. */
export function roomFor(noteableType: string, noteableId: number): string {
  return `${noteableType}:${noteableId}`;
}

export type ConnectionState = 'open' | 'connecting' | 'closed' | 'reconnecting';
