import { createContext, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { ApiDiffLine, ApiLineRange } from '@tandem/shared-types';

/** The lines a comment is on: one line (start = end) or a range, in the diff's order. */
export interface LineRangeSelection {
  start: ApiDiffLine;
  end: ApiDiffLine;
}

/** How a press on a comment button drags: a mouse over the rows it enters, a finger or pen by where it moves. */
export type DragPointer = 'mouse' | 'touch';

/** What a line's comment button does: a press starts a drag over lines, a click comments (shift-click extends the open comment). */
export interface LineRangeHandlers {
  begin: (line: ApiDiffLine, pointer?: DragPointer) => void;
  click: (line: ApiDiffLine, shift: boolean) => void;
}

export const LineRangeContext = createContext<LineRangeHandlers | null>(null);

/** Marks the lines of a thread's range while the thread is hovered (null: none); absent outside a file's lines. */
export const RangeHoverContext = createContext<((range: ApiLineRange | null) => void) | null>(null);

const NO_CODES: ReadonlySet<string> = new Set();

/** A line a comment can start or end on. */
export const isCommentable = (l: ApiDiffLine) => l.type !== 'match' && !l.type.endsWith('nonewline') && l.line_code !== null;

/** The codes of the commentable lines from the line `a` to the line `b` (either order), none when one is not among `lines`. */
function codesBetween(lines: readonly ApiDiffLine[], a: string, b: string): string[] {
  const [i, j] = [lines.findIndex((l) => l.line_code === a), lines.findIndex((l) => l.line_code === b)].sort((x, y) => x - y);
  if (i! < 0) return [];
  return lines.slice(i, j! + 1).flatMap((l) => (isCommentable(l) ? [l.line_code!] : []));
}

/**
 * GitLab's multi-line comments in a file's lines: dragging a line's comment button over other
 * lines selects them (the row under the pointer carries `data-range-code`), shift-clicking another
 * line's button while a comment is open extends it to there. A drag stays in the chunk it started
 * in (GitLab's `chunk`: the lines between two hunk headers). A finger or a pen drags too: its
 * moves are read where it is (`elementFromPoint`: a touch keeps sending its events to the button
 * it pressed), and the button takes no panning (`touch-action: none`), so the page does not
 * scroll instead. `onComment` gets the range in the diff's order; `selected` is the line codes to
 * highlight (the drag, else the open comment's).
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
    /** The drag now ends on the line of the row (or cell) `el` is in, when it is a line of this file and of the drag's chunk. */
    const extendTo = (el: Element | null) => {
      const host = el?.closest('[data-range-code]');
      const d = dragRef.current;
      if (!host || !d || !container.current?.contains(host)) return;
      const code = host.getAttribute('data-range-code');
      const l = lines.find((x) => x.line_code === code);
      if (l && isCommentable(l) && l.chunk === d.start.chunk && l.line_code !== d.end.line_code) set({ ...d, end: l });
    };
    const finish = () => {
      stop.current?.();
      const d = dragRef.current;
      set(null);
      // The same line: the button's click comments on it
      if (d && d.start.line_code !== d.end.line_code) {
        const r = ordered(d.start, d.end);
        onComment(r.start, r.end);
      }
    };
    const listen = (events: Array<[string, EventListener]>) => {
      for (const [name, fn] of events) document.addEventListener(name, fn);
      stop.current = () => {
        for (const [name, fn] of events) document.removeEventListener(name, fn);
        stop.current = null;
      };
    };
    return {
      begin: (line, pointer = 'mouse') => {
        stop.current?.();
        set({ start: line, end: line });
        if (pointer === 'mouse') listen([['mouseover', (e) => extendTo(e.target instanceof Element ? e.target : null)], ['mouseup', finish]]);
        else {
          const cancel = () => {
            stop.current?.();
            set(null);
          };
          listen([['pointermove', (e) => extendTo(document.elementFromPoint((e as PointerEvent).clientX, (e as PointerEvent).clientY))], ['pointerup', finish], ['pointercancel', cancel]]);
        }
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
  const selected = useMemo(() => (shown ? new Set(codesBetween(lines, shown.start.line_code!, shown.end.line_code!)) : NO_CODES), [shown, lines]);
  return { handlers, selected };
}

/** The class a hovered thread's range lines carry. */
export const RANGE_HOVER_CLASS = 'diff-range-hover';

/**
 * GitLab highlights a range thread's lines while the thread is hovered (its
 * selectedCommentPositionHover). The class is put on the lines' code cells directly, not through
 * state: a hover renders no row of the file again (the Changes tab's large diffs).
 */
export function useRangeHover(lines: readonly ApiDiffLine[], container: RefObject<HTMLElement | null>) {
  const marked = useRef<Element[]>([]);
  const hover = useCallback(
    (range: ApiLineRange | null) => {
      for (const el of marked.current) el.classList.remove(RANGE_HOVER_CLASS);
      marked.current = [];
      const root = container.current;
      if (!range || !root) return;
      for (const code of codesBetween(lines, range.start.line_code, range.end.line_code)) {
        // Line codes are the server's `<sha1>_<old>_<new>`
        if (!/^[\w-]+$/.test(code)) continue;
        root.querySelectorAll(`td.diff-code[data-range-code="${code}"]`).forEach((el) => {
          el.classList.add(RANGE_HOVER_CLASS);
          marked.current.push(el);
        });
      }
    },
    [lines, container],
  );
  useEffect(() => () => hover(null), [hover]);
  return hover;
}
