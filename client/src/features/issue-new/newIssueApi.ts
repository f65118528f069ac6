import type { ApiIssue, ApiMember } from '@tandem/shared-types';
import { projectApiPath, requestJson, type JsonResponse } from '../../shared/api/http';

export interface NewIssueInput {
  title: string;
  description: string;
  confidential: boolean;
  /** Metadata a reporter and up may set at creation (the server refuses it from others). */
  labels?: string[];
  assignee_ids?: number[];
  due_date?: string;
  weight?: number;
  issue_type?: 'issue' | 'incident';
}

/** POST /projects/:id/issues (GitLab's REST create), with the session's CSRF token. */
export function createIssue(projectPath: string, input: NewIssueInput): Promise<JsonResponse<ApiIssue & { message?: unknown }>> {
  const body: Record<string, unknown> = { title: input.title, description: input.description, confidential: input.confidential };
  if (input.labels?.length) body.labels = input.labels.join(',');
  if (input.assignee_ids?.length) body.assignee_ids = input.assignee_ids;
  if (input.due_date) body.due_date = input.due_date;
  if (input.weight !== undefined) body.weight = input.weight;
  if (input.issue_type === 'incident') body.issue_type = 'incident';
  return requestJson(`${projectApiPath(projectPath)}/issues`, { method: 'POST', body });
}

/** The people an issue of the project can be assigned to: its members, inherited ones included. */
export async function fetchAssignableMembers(projectPath: string, signal?: AbortSignal): Promise<ApiMember[]> {
  const res = await requestJson<ApiMember[]>(`${projectApiPath(projectPath)}/members/all?per_page=100`, { signal });
  if (!res.ok || !Array.isArray(res.data)) throw new Error('members could not be loaded');
  return res.data;
}
