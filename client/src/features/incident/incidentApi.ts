import type { IncidentAlert } from '@tandem/shared-types';
import { graphqlRequest } from '../../shared/api/graphql';

const INCIDENT = `query incidentDetails($fullPath: ID!, $iid: String!) {
  project(fullPath: $fullPath) {
    issue(iid: $iid) {
      slaDueAt
      alertManagementAlert { iid title description severity status startedAt endedAt eventCount monitoringTool service hosts details detailsUrl }
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
