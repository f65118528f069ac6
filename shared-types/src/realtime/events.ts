import type { ApiIssueIteration, ApiIssueMilestone, HealthStatus, Severity } from '../sidebar-taxonomy';
import type { ApiNote, TaskCompletionStatus, UserBasic } from '../api';
import type { LinkType } from '../discussions';
import type { ApiIssueEpic } from '../epics';

/**
 * The event map: every realtime event type and its payload. Payloads carry the new server
 * state of what changed, so applying one is idempotent and needs no merge.
 */
export interface IssueFieldsChanged {
  title?: string;
  title_html?: string;
  description?: string;
  description_html?: string;
  task_completion_status?: TaskCompletionStatus;
  state?: 'opened' | 'closed';
  closed_at?: string | null;
  closed_by?: UserBasic | null;
  confidential?: boolean;
  discussion_locked?: boolean;
  due_date?: string | null;
  weight?: number | null;
  issue_type?: 'issue' | 'incident' | 'test_case';
  /** Time tracking (estimate and spent, seconds and human), GitLab's time_stats. */
  time_stats?: import('../time-tracking').TimeStats;
  /** The pinned meeting link (/zoom, /remove_zoom). */
  zoom_meeting_url?: string | null;
  /** The issue was moved (closed with it): where it went. */
  moved_to_id?: number | null;
  moved_to_web_url?: string | null;
  milestone?: ApiIssueMilestone | null;
  health_status?: HealthStatus | null;
  severity?: Severity;
  iteration?: ApiIssueIteration | null;
  /** Always present: the version after this change. */
  lock_version: number;
  updated_at: string;
  updated_by?: UserBasic | null;
}

/** Place of an event in a batch of events written together and meant to be shown together (1-based). */
export interface EventBatch {
  index: number;
  size: number;
}

export interface EventPayloads {
  'issue.created': { fields: IssueFieldsChanged };
  'issue.updated': { fields: IssueFieldsChanged };
  'issue.assignees': { assignees: UserBasic[]; lock_version: number };
  'issue.labels': { labels: { id: number; name: string; color: string; text_color: string; description: string | null }[] };
  'issue.deleted': Record<string, never>;
  /**
   * `batch`: the note is one of `size` published together (a submitted review, bulk_publish):
   * the events come with consecutive seqs and a client applies them at once, when the last
   * (index === size) arrives.
   * `starts_discussion`: the note is the first of its discussion (a new comment or thread, not a
   * reply), so a page that does not hold its discussion has nothing to read again.
   */
  'note.created': { note: ApiNote; batch?: EventBatch; starts_discussion?: true };
  'note.updated': { note: ApiNote };
  /** `internal`: the note was an internal note (only readers of internal notes receive the event). */
  'note.deleted': { note_id: string; discussion_id: string; internal?: true };
  /** `internal`: set (true) when the awardable is an internal note; such events reach reporters and up only. */
  'award.toggled': { awardable_type: 'Issue' | 'Note' | 'Epic' | 'MergeRequest'; awardable_id: number; name: string; user: UserBasic; toggled_on: boolean; internal?: true };
  /** The issue's related-issue links changed: watchers refetch GET links (what they may see of it). */
  'issue.links': { link_type: LinkType | null };
  /** The issue's epic changed (assigned, switched, removed): the new epic or null. */
  'issue.epic': { epic: ApiIssueEpic | null };
  /** An incident's metric images changed (uploaded, edited, deleted): the list as it is now. */
  'issue.metric_images': { metric_images: import('../incidents').ApiMetricImage[] };
  /** An incident was published to (a URL) or taken off (null) the project's status page. */
  'issue.status_page': { published_incident_url: string | null };
  /**
   * Branches named for the issue (`<iid>-...`, its related branches) were created, moved or
   * deleted by a push or the branches API (modules/repository/http/push-events.ts).
   */
  'issue.related_branches': { created: string[]; updated: string[]; deleted: string[] };
  /** The error linked to the issue got events or changed status (the stack trace card). */
  'issue.error_tracking': import('../error-tracking').IssueErrorTrackingPayload;
  /** An epic's own fields changed (its stream: `issue.project_path` is `groups/<group path>`, epicStreamPath). */
  'epic.updated': { fields: EpicFieldsChanged };
  /** A merge request's own fields changed (its stream: `issue.project_path` is mergeRequestStreamPath). */
  'merge_request.updated': { fields: import('../merge-requests').MergeRequestFieldsChanged };
  /** An issue's related merge requests changed (one mentions it, closes it, or changed state): watchers refetch them. */
  'issue.merge_requests': { count: number };
}

/** What an `epic.updated` event carries: the new values of the fields that changed. */
export interface EpicFieldsChanged {
  title?: string;
  description?: string | null;
  description_html?: string;
  state?: 'opened' | 'closed';
  confidential?: boolean;
  start_date?: string | null;
  end_date?: string | null;
  /** The epic's issues changed (added or removed): watchers refetch them. */
  issues_changed?: true;
  /** The epic's child epics changed (one added, created or removed): watchers refetch its tree. */
  children_changed?: true;
  /** Something below the epic's children changed (a child epic or issue added or removed at a deeper level, a descendant's title or state): watchers refetch the levels they show. */
  descendants_changed?: true;
  /** The epic's lock_version after a write of its fields (open edit forms detect concurrent edits by it). */
  lock_version?: number;
  updated_at: string;
}

export type EventType = keyof EventPayloads;

export const EVENT_TYPES = [
  'issue.created',
  'issue.updated',
  'issue.assignees',
  'issue.labels',
  'issue.deleted',
  'note.created',
  'note.updated',
  'note.deleted',
  'award.toggled',
  'issue.links',
  'issue.epic',
  'issue.metric_images',
  'issue.status_page',
  'issue.related_branches',
  'issue.error_tracking',
  'epic.updated',
  'merge_request.updated',
  'issue.merge_requests',
] as const satisfies readonly EventType[];

/** Which noteables have an event stream: issues, epics and merge requests. */
export type NoteableType = 'Issue' | 'Epic' | 'MergeRequest';

export interface EventIssueRef {
  id: number;
  iid: number;
  /** The issue's project path; for an epic its stream path, `groups/<group path>` (epicStreamPath). */
  project_path: string;
}

/** An epic's stream path: where an issue's stream names its project ("groups/" cannot begin a project path). */
export const epicStreamPath = (groupPath: string) => `groups/${groupPath}`;

/** The group path of an epic stream path, or null for an issue's project path. */
export const groupOfStreamPath = (path: string): string | null => (path.startsWith('groups/') ? path.slice('groups/'.length) : null);

export interface RealtimeEvent<T extends EventType = EventType> {
  type: T;
  seq: number;
  issue: EventIssueRef;
  payload: EventPayloads[T];
  actor: UserBasic | null;
  at: string;
  /**
   * Present when events before this one were not for this recipient (an internal note for a
   * guest, a note naming what they may not read): no event with a seq in (prev, seq) will
   * come to them, so a recipient whose last applied seq is at least `prev` applies this one
   * next. Nothing is sent in place of the withheld events (docs/realtime.md).
   */
  prev?: number;
}

export type AnyRealtimeEvent = { [K in EventType]: RealtimeEvent<K> }[EventType];
