import { useCallback, useState } from 'react';
import { DIFF_CONSTANTS } from '@tandem/shared-types';

export type DiffView = 'inline' | 'parallel';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage full or disabled: the choice lasts for this page only */
  }
}

/** Inline or side-by-side (diff_view) and hide whitespace (diff_whitespace), remembered in local storage. */
export function useDiffPrefs() {
  const [view, setViewState] = useState<DiffView>(() => (read(DIFF_CONSTANTS.viewKey) === 'parallel' ? 'parallel' : 'inline'));
  const [hideWhitespace, setHideState] = useState<boolean>(() => read(DIFF_CONSTANTS.whitespaceKey) === '1');
  const setView = useCallback((v: DiffView) => {
    write(DIFF_CONSTANTS.viewKey, v);
    setViewState(v);
  }, []);
  const setHideWhitespace = useCallback((v: boolean) => {
    write(DIFF_CONSTANTS.whitespaceKey, v ? '1' : '0');
    setHideState(v);
  }, []);
  return { view, setView, hideWhitespace, setHideWhitespace };
}

/** The local storage key of a merge request's per-file reviewed state (sidebar-and-widgets.md "Diff file review"). */
export const reviewedKey = (projectPath: string, iid: number) => `${projectPath}-${iid}-file-reviews`;

/** Viewed files by file_identifier_hash, kept in local storage per merge request. */
export function useViewedFiles(projectPath: string, iid: number) {
  const key = reviewedKey(projectPath, iid);
  const [viewed, setViewed] = useState<Record<string, string[]>>(() => {
    try {
      const v = JSON.parse(read(key) ?? '{}') as unknown;
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string[]>) : {};
    } catch {
      return {};
    }
  });
  const toggle = useCallback(
    (identifier: string, fileHash: string, on: boolean) => {
      setViewed((prev) => {
        const next = { ...prev };
        if (on) next[identifier] = [`hash:${fileHash}`];
        else delete next[identifier];
        write(key, JSON.stringify(next));
        return next;
      });
    },
    [key],
  );
  return { viewed, toggle };
}

/** A tree width within the spec's bounds (240..400). */
export const clampTreeWidth = (w: number) => Math.round(Math.min(DIFF_CONSTANTS.treeMaxWidth, Math.max(DIFF_CONSTANTS.treeMinWidth, w)));

/** The file tree's width: 320 until dragged, then what it was dragged to, remembered in local storage (GitLab's mr_tree_list_width). */
export function useTreeWidth() {
  const [width, setState] = useState<number>(() => {
    const stored = Number(read(DIFF_CONSTANTS.treeWidthKey));
    return stored > 0 ? clampTreeWidth(stored) : DIFF_CONSTANTS.treeWidth;
  });
  /** While dragging: the width on screen only. */
  const preview = useCallback((w: number) => setState(clampTreeWidth(w)), []);
  /** At the end of a drag: remembered. */
  const commit = useCallback((w: number) => {
    const c = clampTreeWidth(w);
    write(DIFF_CONSTANTS.treeWidthKey, String(c));
    setState(c);
  }, []);
  return { width, preview, commit };
}
