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
  /** A milestone or iteration by id; null removes it. */
  milestone?: { id: number } | null;
  healthStatus?: HealthStatus | null;
  severity?: Severity;
  iteration?: { id: number } | null;
  /** A task-list checkbox toggled on the page (fields/update-task.ts). */
  updateTask?: import('./update-task').TaskToggle;
}

/** A new issue: a title and any of the fields. */
export interface IssueCreateInput extends Omit<IssueUpdateInput, 'title' | 'stateEvent' | 'updateTask'> {
  title: string;
}
