import type { AlertStatusChoice, IncidentAlert } from '@tandem/shared-types';
import { graphqlRequest } from '../../shared/api/graphql';

const INCIDENT = `query incidentDetails($fullPath: ID!, $iid: String!) {
  project(fullPath: $fullPath) {
    issue(iid: $iid) {
      slaDueAt
      alertManagementAlert { iid title description severity status startedAt endedAt eventCount monitoringTool service hosts environment { name } details detailsUrl canUpdateStatus }
    }
  }
}`;

export interface IncidentDetails {
  slaDueAt: string | null;
  alert: IncidentAlert | null;
}

/** The incident's alert (readable by reporters and up) and its SLA due time. */
export async function fetchIncidentDetails(projectPath: string, iid: number): Promise<IncidentDetails> {
  const data = await graphqlRequest<{ project: { issue: { slaDueAt: string | null; alertManagementAlert: IncidentAlert | null } | null } | null }>(INCIDENT, { fullPath: projectPath, iid: String(iid) });
  const issue = data.project?.issue;
  return { slaDueAt: issue?.slaDueAt ?? null, alert: issue?.alertManagementAlert ?? null };
}

const SET_STATUS = `mutation updateAlertStatus($projectPath: ID!, $iid: String!, $status: AlertManagementStatus!) {
  updateAlertStatus(input: { projectPath: $projectPath, iid: $iid, status: $status }) { errors alert { iid status } }
}`;

/** GitLab's updateAlertStatus (the Alert details tab's status dropdown); throws on any error. */
export async function updateAlertStatus(projectPath: string, iid: string, status: AlertStatusChoice): Promise<void> {
  const data = await graphqlRequest<{ updateAlertStatus: { errors: string[] } | null }>(SET_STATUS, { projectPath, iid, status });
  if (!data.updateAlertStatus || data.updateAlertStatus.errors.length) throw new Error(data.updateAlertStatus?.errors.join(', ') || 'updateAlertStatus failed');
}
