import { type ApiIssue } from '@tandem/shared-types';
import { graphqlRequest } from '../../shared/api/graphql';
import { requestJson, type JsonResponse } from '../../shared/api/http';

const UPDATE_ISSUE_STATE = `mutation updateIssueState($input: UpdateIssueInput!) {
  updateIssue(input: $input) { issue { id iid state } errors }
}`;

export interface StateChangeResult {
  state: 'opened' | 'closed' | null;
  errors: string[];
}

/** Close or reopen through GraphQL updateIssue (the call GitLab's header button makes). */
export async function updateIssueState(projectPath: string, iid: number, stateEvent: 'CLOSE' | 'REOPEN'): Promise<StateChangeResult> {
  const data = await graphqlRequest<{ updateIssue: { issue: { state: 'opened' | 'closed' } | null; errors: string[] } | null }>(UPDATE_ISSUE_STATE, {
    input: { projectPath, iid: String(iid), stateEvent },
  });
  return { state: data.updateIssue?.issue?.state ?? null, errors: data.updateIssue?.errors ?? [] };
}

export interface IssueFormPayload {
  title: string;
  description: string;
  lock_version: number;
}

/** PUT {endpoint}.json with the form state; 409 means our lock_version is stale. */
export function saveIssue(endpoint: string, payload: IssueFormPayload): Promise<JsonResponse<ApiIssue & { errors?: string[] }>> {
  return requestJson(`${endpoint}.json`, { method: 'PUT', body: payload });
}

/** PUT {endpoint}.json with sidebar fields (no lock_version: the server serialises them, last write wins). */
export function updateIssueFields(endpoint: string, fields: Record<string, unknown>): Promise<JsonResponse<ApiIssue & { errors?: string[] }>> {
  return requestJson(`${endpoint}.json`, { method: 'PUT', body: fields });
}

export function fetchIssue(endpoint: string): Promise<JsonResponse<ApiIssue>> {
  return requestJson(`${endpoint}.json`);
}

export function deleteIssue(endpoint: string): Promise<JsonResponse<{ web_url?: string; message?: string }>> {
  return requestJson(`${endpoint}.json?destroy_confirm=true`, { method: 'DELETE' });
}

/** Server-rendered, sanitised markdown preview. */
export async function previewMarkdown(text: string, projectPath: string): Promise<string> {
  const res = await requestJson<{ html?: string }>('/api/v4/markdown', { method: 'POST', body: { text, project: projectPath, gfm: true } });
  if (!res.ok || typeof res.data?.html !== 'string') throw new Error('preview failed');
  return res.data.html;
}
