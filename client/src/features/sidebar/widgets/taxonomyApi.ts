import type { ApiIssueIteration, ApiIssueMilestone, Severity } from '@tandem/shared-types';
import { graphqlRequest } from '../../../shared/api/graphql';
import { projectApiPath, requestJson } from '../../../shared/api/http';

/** A label as REST v4 lists it (project labels and those of the ancestor groups). */
export interface ApiLabel {
  id: number;
  name: string;
  color: string;
  text_color: string;
  description: string | null;
  is_project_label?: boolean;
}

export const labelListKey = (projectPath: string) => ['projects', projectPath, 'labels', 'list'] as const;

/** GET the project's labels with its groups'; rejects on failure (the widget shows 'Error fetching labels.'). */
export async function fetchLabelList(projectPath: string, signal?: AbortSignal): Promise<ApiLabel[]> {
  const res = await requestJson<ApiLabel[]>(`${projectApiPath(projectPath)}/labels?include_ancestor_groups=true&per_page=100`, { signal });
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data;
}

/** POST a project label; the answer counts only when it has an id (spec). */
export async function createLabel(projectPath: string, name: string, color: string): Promise<ApiLabel | null> {
  const res = await requestJson<ApiLabel>(`${projectApiPath(projectPath)}/labels`, { method: 'POST', body: { name, color } }).catch(() => null);
  return res?.ok && res.data && typeof res.data.id === 'number' ? res.data : null;
}

const UPDATE_LABELS = `mutation issueSetLabels($input: UpdateIssueInput!) {
  updateIssue(input: $input) { issue { id labels { nodes { id title } } } errors }
}`;

/** GraphQL updateIssue(addLabelIds, removeLabelIds): the issue's label titles after, and the errors. */
export async function updateIssueLabels(projectPath: string, iid: number, add: number[], remove: number[]): Promise<{ titles: string[] | null; errors: string[] }> {
  const data = await graphqlRequest<{ updateIssue: { issue: { labels: { nodes: Array<{ title: string }> } } | null; errors: string[] } | null }>(UPDATE_LABELS, {
    input: { projectPath, iid: String(iid), addLabelIds: add.map(String), removeLabelIds: remove.map(String) },
  });
  const errors = data.updateIssue?.errors ?? [];
  return { titles: errors.length ? null : (data.updateIssue?.issue?.labels.nodes.map((n) => n.title) ?? null), errors };
}

export const milestoneListKey = (projectPath: string, search: string) => ['projects', projectPath, 'milestones', 'active', search] as const;

/** GET the project's active milestones with its groups' (include_parent_milestones). */
export async function fetchMilestones(projectPath: string, search: string, signal?: AbortSignal): Promise<ApiIssueMilestone[]> {
  const q = new URLSearchParams({ state: 'active', include_parent_milestones: 'true', per_page: '100' });
  if (search) q.set('search', search);
  const res = await requestJson<ApiIssueMilestone[]>(`${projectApiPath(projectPath)}/milestones?${q}`, { signal });
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data;
}

/** The group a project belongs to (its path without the last segment): iterations live there. */
export const projectGroupPath = (projectPath: string) => projectPath.slice(0, projectPath.lastIndexOf('/'));

export const iterationListKey = (projectPath: string, search: string) => ['projects', projectPath, 'iterations', 'opened', search] as const;

/** GET the group's opened iterations (upcoming and current, with its ancestors'). */
export async function fetchIterations(projectPath: string, search: string, signal?: AbortSignal): Promise<ApiIssueIteration[]> {
  const q = new URLSearchParams({ state: 'opened', include_ancestors: 'true' });
  if (search) q.set('search', search);
  const res = await requestJson<ApiIssueIteration[]>(`/api/v4/groups/${encodeURIComponent(projectGroupPath(projectPath))}/iterations?${q}`, { signal });
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data.filter((it) => it.state !== 'closed');
}

const SET_SEVERITY = `mutation issueSetSeverity($input: IssueSetSeverityInput!) {
  issueSetSeverity(input: $input) { issue { id severity } errors }
}`;

/** GraphQL issueSetSeverity (the spec's call): the server's severity, or the errors. */
export async function setIssueSeverity(projectPath: string, iid: number, severity: Severity): Promise<{ severity: Severity | null; errors: string[] }> {
  const data = await graphqlRequest<{ issueSetSeverity: { issue: { severity: Severity } | null; errors: string[] } | null }>(SET_SEVERITY, {
    input: { projectPath, iid: String(iid), severity },
  });
  const errors = data.issueSetSeverity?.errors ?? [];
  return { severity: errors.length ? null : (data.issueSetSeverity?.issue?.severity ?? null), errors };
}
