import { useQuery } from '@tanstack/react-query';
import { projectApiPath, requestJson } from '../../shared/api/http';

export interface LabelColor {
  color: string;
  text_color: string;
  description: string | null;
}

export type LabelColors = Record<string, LabelColor>;

/** The query key of a project's label colours (live label events merge into it). */
export const projectLabelsKey = (projectPath: string) => ['projects', projectPath, 'labels'] as const;

const NO_LABELS: LabelColors = {};

/** The project's label colours; an API without labels, or a failure, gives {} (names get a derived colour). */
export async function fetchProjectLabels(projectPath: string, signal?: AbortSignal): Promise<LabelColors> {
  const res = await requestJson<Array<{ name: string; color: string; text_color?: string; description?: string | null }>>(
    `${projectApiPath(projectPath)}/labels?per_page=100&include_ancestor_groups=true`,
    { signal },
  ).catch(() => null);
  if (!res?.ok || !Array.isArray(res.data)) return {};
  return Object.fromEntries(res.data.map((l) => [l.name, { color: l.color, text_color: l.text_color ?? readableText(l.color), description: l.description ?? null }]));
}

/** Label colours change rarely: kept 5 minutes, then refetched when next shown. */
export function useProjectLabels(projectPath: string): LabelColors {
  const { data } = useQuery({
    queryKey: projectLabelsKey(projectPath),
    queryFn: ({ signal }) => fetchProjectLabels(projectPath, signal),
    staleTime: 5 * 60_000,
  });
  return data ?? NO_LABELS;
}

/** A stable colour for a label the API did not describe, so lists stay scannable. */
export function fallbackLabelColor(name: string): LabelColor {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const color = `hsl(${h % 360} 55% 42%)`;
  return { color, text_color: '#ffffff', description: null };
}

/** Black or white text, whichever reads better on a hex background. */
export function readableText(hex: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return '#ffffff';
  const n = parseInt(m[1]!, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1f1e24' : '#ffffff';
}
