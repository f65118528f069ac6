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

/** Not an API parameter: the alert module sets it when a user changes the status of the incident's alert (its system note). */
export const alertStatusField: IssueField<'alertStatus'> = {
  key: 'alertStatus',
  params: {},
  read: () => undefined,
  ability: () => 'update_issue',
  plan: (s) => ({ set: {}, notes: [systemNotes.alertStatus(s.alertIid, s.label)] }),
};
