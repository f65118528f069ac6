import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';

/** Not an API parameter: the alert module sets it on the incident it opened for an alert (its system note). */
export const fromAlertField: IssueField<'fromAlert'> = {
  key: 'fromAlert',
  params: {},
  read: () => undefined,
  ability: () => 'update_issue',
  plan: (alertIid) => ({ set: {}, notes: [systemNotes.incidentFromAlert(alertIid)] }),
};
