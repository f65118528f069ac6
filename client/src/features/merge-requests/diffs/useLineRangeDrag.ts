import { createContext, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { ApiDiffLine } from '@tandem/shared-types';

/** The lines a comment is on: one line (start = end) or a range, in the diff's order. */
export interface LineRangeSelection {
  start: ApiDiffLine;
  end: ApiDiffLine;
}

/** What a line's comment button does: a press starts a drag over lines, a click comments (shift-click extends the open comment). */
export interface LineRangeHandlers {
  begin: (line: ApiDiffLine) => void;
  click: (line: ApiDiffLine, shift: boolean) => void;
}

export const LineRangeContext = createContext<LineRangeHandlers | null>(null);

const NO_CODES: ReadonlySet<string> = new Set();

/** A line a comment can start or end on. */
export const isCommentable = (l: ApiDiffLine) => l.type !== 'match' && !l.type.endsWith('nonewline') && l.line_code !== null;

/**
 * GitLab's multi-line comments in a file's lines: dragging a line's comment button over other
 * lines selects them (the row under the pointer carries `data-range-code`), shift-clicking another
 * line's button while a comment is open extends it to there. `onComment` gets the range in the
 * diff's order; `selected` is the line codes to highlight (the drag, else the open comment's).
 */
export function useLineRangeDrag(
  lines: readonly ApiDiffLine[],
  container: RefObject<HTMLElement | null>,
  onComment: ((start: ApiDiffLine, end: ApiDiffLine) => void) | undefined,
  open: LineRangeSelection | null | undefined,
) {
  const [drag, setDrag] = useState<LineRangeSelection | null>(null);
  const dragRef = useRef<LineRangeSelection | null>(null);
  const indexOf = useCallback((l: ApiDiffLine) => lines.findIndex((x) => x.line_code === l.line_code), [lines]);
  const ordered = useCallback((a: ApiDiffLine, b: ApiDiffLine): LineRangeSelection => (indexOf(a) <= indexOf(b) ? { start: a, end: b } : { start: b, end: a }), [indexOf]);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const handlers: LineRangeHandlers | null = useMemo(() => {
    if (!onComment) return null;
    const set = (d: LineRangeSelection | null) => {
      dragRef.current = d;
      setDrag(d);
    };
    return {
      begin: (line) => {
        stop.current?.();
        set({ start: line, end: line });
        const over = (e: MouseEvent) => {
          const el = e.target instanceof Element ? e.target.closest('[data-range-code]') : null;
          if (!el || !container.current?.contains(el) || !dragRef.current) return;
          const code = el.getAttribute('data-range-code');
          const l = lines.find((x) => x.line_code === code);
          if (l && isCommentable(l) && l.line_code !== dragRef.current.end.line_code) set({ ...dragRef.current, end: l });
        };
        const up = () => {
          stop.current?.();
          const d = dragRef.current;
          set(null);
          // The same line: the button's click comments on it
          if (d && d.start.line_code !== d.end.line_code) {
            const r = ordered(d.start, d.end);
            onComment(r.start, r.end);
          }
        };
        document.addEventListener('mouseover', over);
        document.addEventListener('mouseup', up);
        stop.current = () => {
          document.removeEventListener('mouseover', over);
          document.removeEventListener('mouseup', up);
          stop.current = null;
        };
      },
      click: (line, shift) => {
        if (shift && open) {
          // Extends from the open comment's first line (GitLab keeps the range's start)
          const r = ordered(open.start, line);
          onComment(r.start, r.end);
        } else onComment(line, line);
      },
    };
  }, [onComment, open, lines, container, ordered]);

  const shown = drag ?? (open && open.start.line_code !== open.end.line_code ? open : null);
  const selected = useMemo(() => {
    if (!shown) return NO_CODES;
    const [a, b] = [indexOf(shown.start), indexOf(shown.end)].sort((x, y) => x - y);
    if (a! < 0) return NO_CODES;
    return new Set(lines.slice(a, b! + 1).flatMap((l) => (isCommentable(l) ? [l.line_code!] : [])));
  }, [shown, indexOf, lines]);
  return { handlers, selected };
}
