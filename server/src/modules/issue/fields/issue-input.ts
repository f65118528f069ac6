import type { HealthStatus, IssueType, Severity } from '@tandem/shared-types';

/** A label named by id (GraphQL, the page) or by title (GitLab's REST takes titles). */
export type LabelRef = { id: number } | { title: string };

/** Replace the set, or add and remove. */
export interface LabelsChange {
  set?: LabelRef[];
  add?: LabelRef[];
  remove?: LabelRef[];
}

/** A validated change to an issue, one key per field of the registry. */
export interface IssueUpdateInput {
  title?: string;
  description?: string | null;
  stateEvent?: 'close' | 'reopen';
  confidential?: boolean;
  discussionLocked?: boolean;
  issueType?: IssueType;
  dueDate?: string | null;
  weight?: number | null;
  labels?: LabelsChange;
  assigneeIds?: number[];
  /** The epic's id; null removes the issue from its epic (fields/epic.ts). */
  epicId?: number | null;
  /** Set only by the promote-to-epic action: the new epic's reference (fields/promoted-to-epic.ts). */
  promotedToEpic?: string;
  /** Set only by the alert module on the incident it opened: the alert's iid (fields/from-alert.ts). */
  fromAlert?: number;
  /** Set only by the alert module when a user changes the status of the incident's alert: its iid and the new status's label (fields/from-alert.ts). */
  alertStatus?: { alertIid: number; label: string };
  /** Seconds; 0 removes the estimate (fields/time-estimate.ts). */
  timeEstimate?: number;
  /** Time logged (fields/time-spent.ts). */
  timeSpent?: import('./time-spent').TimeSpend;
  /** The pinned meeting link; null removes it (fields/zoom-meeting.ts). */
  zoomMeetingUrl?: string | null;
  /** A milestone or iteration by id; null removes it. */
  milestone?: { id: number } | null;
  healthStatus?: HealthStatus | null;
  severity?: Severity;
  iteration?: { id: number } | null;
  /** A task-list checkbox toggled on the page (fields/update-task.ts). */
  updateTask?: import('./update-task').TaskToggle;
  /** The issue was moved (fields/moved.ts; never a request parameter). */
  movedTo?: import('./moved').MovedTo;
  /** The issue is the copy of a moved one: the reference of the original. */
  movedFrom?: string;
  /** Notes of /clone and /duplicate (fields/issue-notes.ts; never request parameters): the other issue's reference. */
  clonedTo?: string;
  clonedFrom?: string;
  duplicateOf?: string;
  duplicatedBy?: string;
}

/** A new issue: a title and any of the fields. */
export interface IssueCreateInput extends Omit<IssueUpdateInput, 'title' | 'stateEvent' | 'updateTask' | 'promotedToEpic' | 'epicId' | 'fromAlert' | 'alertStatus' | 'timeEstimate' | 'timeSpent' | 'zoomMeetingUrl' | 'movedTo' | 'movedFrom' | 'clonedTo' | 'clonedFrom' | 'duplicateOf' | 'duplicatedBy'> {
  title: string;
}
