import { requestJson } from '../api/http';

/**
 * The server's rendering of `text` (POST /api/v4/markdown): sanitised HTML, references resolved
 * in the project's context and/or, for an epic, the group's (Tandem's `group` parameter).
 */
export async function previewMarkdown(text: string, projectPath: string | null, groupPath: string | null = null): Promise<string> {
  if (!text.trim()) return '';
  const res = await requestJson<{ html?: string }>('/api/v4/markdown', { method: 'POST', body: { text, ...(projectPath ? { project: projectPath } : {}), ...(groupPath ? { group: groupPath } : {}), gfm: true } });
  if (!res.ok) throw new Error(`preview ${res.status}`);
  return res.data?.html ?? '';
}

/**
 * A comment's preview: the server leaves its quick-action lines out and explains them (GitLab's
 * preview texts, `commands`), a merge request's commands with `targetType` MergeRequest.
 */
export async function previewComment(text: string, projectPath: string, targetType: 'MergeRequest' | null = null): Promise<{ html: string; commands: string[] }> {
  if (!text.trim()) return { html: '', commands: [] };
  const res = await requestJson<{ html?: string; commands?: string[] }>('/api/v4/markdown', { method: 'POST', body: { text, project: projectPath, gfm: true, quick_actions: true, ...(targetType ? { target_type: targetType } : {}) } });
  if (!res.ok) throw new Error(`preview ${res.status}`);
  return { html: res.data?.html ?? '', commands: res.data?.commands ?? [] };
}
