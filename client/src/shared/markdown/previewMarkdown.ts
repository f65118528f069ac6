import { requestJson } from '../api/http';

/** The server's rendering of `text` for a project (POST /api/v4/markdown): sanitised HTML. */
export async function previewMarkdown(text: string, projectPath: string | null): Promise<string> {
  if (!text.trim()) return '';
  const res = await requestJson<{ html?: string }>('/api/v4/markdown', { method: 'POST', body: { text, ...(projectPath ? { project: projectPath } : {}), gfm: true } });
  if (!res.ok) throw new Error(`preview ${res.status}`);
  return res.data?.html ?? '';
}
