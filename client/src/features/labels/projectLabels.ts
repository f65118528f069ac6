import { useEffect, useState } from 'react';
import { projectApiPath, requestJson } from '../../shared/api/http';

export interface LabelColor {
  color: string;
  text_color: string;
  description: string | null;
}

export type LabelColors = Record<string, LabelColor>;

const cache = new Map<string, Promise<LabelColors>>();

/** The project's label colours, fetched once per project; an API without labels gives {}. */
export function loadProjectLabels(projectPath: string): Promise<LabelColors> {
  let p = cache.get(projectPath);
  if (!p) {
    p = requestJson<Array<{ name: string; color: string; text_color?: string; description?: string | null }>>(
      `${projectApiPath(projectPath)}/labels?per_page=100&include_ancestor_groups=true`,
    )
      .then((res) => {
        if (!res.ok || !Array.isArray(res.data)) return {};
        return Object.fromEntries(
          res.data.map((l) => [l.name, { color: l.color, text_color: l.text_color ?? readableText(l.color), description: l.description ?? null }]),
        );
      })
      .catch(() => ({}));
    cache.set(projectPath, p);
  }
  return p;
}

export function useProjectLabels(projectPath: string): LabelColors {
  const [labels, setLabels] = useState<LabelColors>({});
  useEffect(() => {
    let live = true;
    void loadProjectLabels(projectPath).then((l) => live && setLabels(l));
    return () => {
      live = false;
    };
  }, [projectPath]);
  return labels;
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
