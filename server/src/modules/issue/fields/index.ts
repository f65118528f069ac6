import { assigneesField } from './assignees';
import { confidentialField } from './confidential';
import { descriptionField } from './description';
import { discussionLockedField } from './discussion-locked';
import { dueDateField } from './due-date';
import type { IssueField } from './issue-field';
import { issueTypeField } from './issue-type';
import { labelsField } from './labels';
import { stateEventField } from './state-event';
import { titleField } from './title';
import { updateTaskField } from './update-task';
import { weightField } from './weight';
import { milestoneField } from './milestone';
import { healthStatusField } from './health-status';
import { severityField } from './severity';
import { iterationField } from './iteration';

/**
 * Every field an issue update can change, in the order their system notes appear.
 * Adding a field: one file in this folder, listed here, plus its widget in the client.
 */
export const ISSUE_FIELDS: readonly IssueField[] = [
  titleField,
  descriptionField,
  stateEventField,
  confidentialField,
  discussionLockedField,
  issueTypeField,
  dueDateField,
  weightField,
  assigneesField,
  labelsField,
  milestoneField,
  healthStatusField,
  severityField,
  iterationField,
  // The page's task-list toggle last: it is not one of GitLab's REST parameters
  updateTaskField,
] as IssueField[];
