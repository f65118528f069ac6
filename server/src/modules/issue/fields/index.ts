import { assigneesField } from './assignees';
import { confidentialField } from './confidential';
import { descriptionField } from './description';
import { discussionLockedField } from './discussion-locked';
import { dueDateField } from './due-date';
import { epicField } from './epic';
import { alertStatusField, fromAlertField } from './from-alert';
import type { IssueField } from './issue-field';
import { issueTypeField } from './issue-type';
import { labelsField } from './labels';
import { promotedToEpicField } from './promoted-to-epic';
import { movedFromField, movedToField } from './moved';
import { clonedFromField, clonedToField, duplicatedByField, duplicateOfField } from './issue-notes';
import { stateEventField } from './state-event';
import { timeEstimateField } from './time-estimate';
import { timeSpentField } from './time-spent';
import { titleField } from './title';
import { zoomMeetingField } from './zoom-meeting';
import { updateTaskField } from './update-task';
import { weightField } from './weight';
import { milestoneField } from './milestone';
import { healthStatusField } from './health-status';
import { severityField } from './severity';
import { iterationField } from './iteration';

/**
 * Every field an issue update can change, in the order their system notes appear (and a
 * create applies them). Every entry point takes its parameters from this list; the files a new
 * field touches are listed in docs/architecture.md ("Module shape").
 */
export const ISSUE_FIELDS: readonly IssueField[] = [
  titleField,
  descriptionField,
  promotedToEpicField,
  // A move's notes read "moved to ..." then "closed", as GitLab's
  movedToField,
  movedFromField,
  clonedToField,
  clonedFromField,
  // "marked this issue as a duplicate of ..." then "closed", as GitLab's
  duplicateOfField,
  duplicatedByField,
  stateEventField,
  confidentialField,
  discussionLockedField,
  issueTypeField,
  dueDateField,
  weightField,
  assigneesField,
  labelsField,
  epicField,
  fromAlertField,
  alertStatusField,
  timeEstimateField,
  timeSpentField,
  zoomMeetingField,
  milestoneField,
  healthStatusField,
  severityField,
  iterationField,
  // The page's task-list toggle last: it is not one of GitLab's REST parameters
  updateTaskField,
] as IssueField[];
