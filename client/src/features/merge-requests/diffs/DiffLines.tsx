import { createContext, Fragment, memo, useContext, useMemo, useRef, type ReactNode } from 'react';
import { ChevronDown, ChevronsUpDown, ChevronUp } from 'lucide-react';
import { DIFF_CONSTANTS, DIFF_TEXTS, type ApiDiffLine } from '@tandem/shared-types';
import type { DiffView } from './diffPrefs';
import { gapAt, type ExpandDirection } from './diffExpansion';
import { LineRangeContext, RangeHoverContext, useLineRangeDrag, useRangeHover, type LineRangeSelection } from './useLineRangeDrag';

/**
 * How many rows of a file's table to render now (the Changes tab renders a file that scrolls
 * near in chunks, one task each, so no frame waits for a whole file). Default: all.
 */
export const RowLimit = createContext(Number.POSITIVE_INFINITY);

/**
 * Rows per table: a file's rows are laid out as a stack of tables of this many rows (the same
 * columns by <colgroup>), each skipping layout and paint while off screen (content-visibility),
 * so a file that scrolls into view lays out the rows in view, not all of its rows in one frame;
 * and the Changes tab renders a file that comes near one such table per task.
 */
export const ROWS_PER_TABLE = 30;

/** [start, end) of each table of `count` rows. */
const tablesOf = (count: number): Array<[number, number]> => Array.from({ length: Math.ceil(count / ROWS_PER_TABLE) }, (_, k) => [k * ROWS_PER_TABLE, Math.min(count, (k + 1) * ROWS_PER_TABLE)]);

/** One table of a file's rows, kept while the rows it shows are unchanged (a new table added below does not render it again). */
function RowTable({ kind, rows, children }: { kind: 'inline' | 'parallel'; rows: number; children: ReactNode }) {
  return (
    <div className="diff-rows" style={{ containIntrinsicSize: `auto ${rows * 18}px` }}>
      <table className={`diff-table ${kind}`}>
        {kind === 'inline' ? (
          <colgroup>
            <col className="diff-num-col" />
            <col className="diff-num-col" />
            <col />
          </colgroup>
        ) : (
          <colgroup>
            <col className="diff-num-col" />
            <col />
            <col className="diff-num-col" />
            <col />
          </colgroup>
        )}
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const sign = (t: ApiDiffLine['type']) => (t === 'new' ? '+' : t === 'old' ? '-' : ' ');

/** One line's code: rich_text is the server's highlighted HTML, every user character escaped there. */
function Code({ line, className, selected }: { line: ApiDiffLine | null; className?: string; selected?: ReadonlySet<string> }) {
  if (!line) return <td className={`diff-code empty ${className ?? ''}`} />;
  const inRange = !!line.line_code && !!selected?.has(line.line_code);
  return (
    <td
      className={`diff-code ${line.type} ${className ?? ''}${inRange ? ' diff-range-selected' : ''}`}
      data-sign={sign(line.type)}
      data-range-code={line.line_code ?? undefined}
      data-testid={inRange ? 'diff-range-line' : undefined}
      dangerouslySetInnerHTML={{ __html: line.rich_text }}
    />
  );
}

/** Diff notes on lines: what to show under a line (its threads, the comment form) and how to start a comment. */
export interface LineNotes {
  /** `lines`: the file's lines as shown (with what context expansion added), for a range's lines. */
  after: (line: ApiDiffLine, lines: readonly ApiDiffLine[]) => ReactNode;
  /** Opens a comment on the lines `start` to `end` (the same line: a one-line comment). */
  onComment?: (start: ApiDiffLine, end: ApiDiffLine) => void;
  /** The lines the open comment form is on. */
  selected?: LineRangeSelection | null;
}

function CommentButton({ line }: { line: ApiDiffLine | null }) {
  const range = useContext(LineRangeContext);
  // Expanded lines take comments too: the server takes an unchanged line outside the hunks (both sides given)
  if (!line || !range || line.type.endsWith('nonewline')) return null;
  return (
    <button
      type="button"
      className="diff-comment-button"
      aria-label="Add a comment to this line"
      title="Add a comment to this line (drag over lines, or shift-click, for several)"
      onMouseDown={(e) => e.button === 0 && !e.shiftKey && range.begin(line)}
      // A finger or a pen: its drag is read from pointer moves (a mouse's from the rows it enters)
      onPointerDown={(e) => e.pointerType !== 'mouse' && e.isPrimary && range.begin(line, 'touch')}
      onClick={(e) => range.click(line, e.shiftKey)}
      data-testid="diff-comment-button"
    >
      +
    </button>
  );
}

/** Context expansion at a hunk header: what the lines hidden there allow, and how to ask for them. */
export interface LineExpansion {
  onExpand: (index: number, dir: ExpandDirection) => void;
  /** A request is on its way: the buttons wait for it. */
  busy: boolean;
}

/**
 * The hunk header's expand buttons (none when no line is hidden there): up and down 20 at a time
 * when more are hidden, and all. Below the last hunk (the file's bottom match line) lines only
 * unfold downwards, as GitLab's.
 */
function ExpandButtons({ lines, index, expansion }: { lines: readonly ApiDiffLine[]; index: number; expansion?: LineExpansion }) {
  const gap = expansion ? gapAt(lines, index) : null;
  if (!gap || !expansion) return null;
  const many = gap.to - gap.since + 1 > DIFF_CONSTANTS.unfoldCount;
  const atTop = gap.since === 1;
  const atBottom = index === lines.length - 1;
  const button = (dir: ExpandDirection, label: string, icon: ReactNode) => (
    <button type="button" className="diff-expand" title={label} aria-label={label} disabled={expansion.busy} onClick={() => expansion.onExpand(index, dir)} data-testid={`diff-expand-${dir}`}>
      {icon}
    </button>
  );
  return (
    <span className="diff-expand-buttons">
      {many && !atBottom && button('up', DIFF_TEXTS.expandUp, <ChevronUp size={14} aria-hidden />)}
      {many && !atTop && button('down', DIFF_TEXTS.expandDown, <ChevronDown size={14} aria-hidden />)}
      {button('all', DIFF_TEXTS.expandAll, <ChevronsUpDown size={14} aria-hidden />)}
    </span>
  );
}

/** Unified view: old and new line numbers, then the line. */
function InlineLines({ lines, notes, expansion, selected }: { lines: ApiDiffLine[]; notes?: LineNotes; expansion?: LineExpansion; selected: ReadonlySet<string> }) {
  const limit = useContext(RowLimit);
  return (
    <div className="diff-lines inline" data-testid="diff-inline">
      {tablesOf(Math.min(limit, lines.length)).map(([start, end]) => (
        <InlineRows key={start} lines={lines} start={start} end={end} notes={notes} expansion={expansion} selected={selected} />
      ))}
    </div>
  );
}

const InlineRows = memo(function InlineRows({ lines, start, end, notes, expansion, selected }: { lines: ApiDiffLine[]; start: number; end: number; notes?: LineNotes; expansion?: LineExpansion; selected: ReadonlySet<string> }) {
  return (
    <RowTable kind="inline" rows={end - start}>
      {lines.slice(start, end).map((l, j) => {
        const i = start + j;
        return l.type === 'match' ? (
          <tr key={i} className="diff-match">
            <td className="diff-num" colSpan={2}>
              <ExpandButtons lines={lines} index={i} expansion={expansion} />
            </td>
            <td className="diff-code match" dangerouslySetInnerHTML={{ __html: l.rich_text }} />
          </tr>
        ) : (
          <Fragment key={i}>
            <tr className={`diff-line ${l.type}${l.expanded ? ' expanded' : ''}`} id={l.line_code ?? undefined} data-line-code={l.line_code ?? undefined} data-range-code={l.line_code ?? undefined}>
              <td className="diff-num">
                <CommentButton line={l} />
                {l.old_line ?? ''}
              </td>
              <td className="diff-num">{l.new_line ?? ''}</td>
              <Code line={l} selected={selected} />
            </tr>
            <AfterRow content={notes?.after(l, lines)} span={3} />
          </Fragment>
        );
      })}
    </RowTable>
  );
});

interface Row {
  left: ApiDiffLine | null;
  right: ApiDiffLine | null;
  match?: ApiDiffLine;
}

/** Pairs a hunk's removed lines with the added lines after them; context sits on both sides. */
export function parallelRows(lines: ApiDiffLine[]): Row[] {
  const rows: Row[] = [];
  let olds: ApiDiffLine[] = [];
  let news: ApiDiffLine[] = [];
  const flush = () => {
    for (let i = 0; i < Math.max(olds.length, news.length); i++) rows.push({ left: olds[i] ?? null, right: news[i] ?? null });
    olds = [];
    news = [];
  };
  for (const l of lines) {
    if (l.type === 'old' || l.type === 'old-nonewline') {
      if (news.length) flush();
      olds.push(l);
    } else if (l.type === 'new' || l.type === 'new-nonewline') news.push(l);
    else {
      flush();
      rows.push(l.type === 'match' ? { left: null, right: null, match: l } : { left: l, right: l });
    }
  }
  flush();
  return rows;
}

/** What sits under a side-by-side row: the left line's and the right line's notes (once for context lines). */
function afterBoth(notes: LineNotes, r: Row, lines: readonly ApiDiffLine[]): ReactNode {
  const a = r.left ? notes.after(r.left, lines) : null;
  const b = r.right && r.right !== r.left ? notes.after(r.right, lines) : null;
  return a || b ? (
    <>
      {a}
      {b}
    </>
  ) : null;
}

function AfterRow({ content, span }: { content: ReactNode; span: number }) {
  if (content === null || content === undefined || content === false) return null;
  return (
    <tr className="diff-notes-row">
      <td colSpan={span}>{content}</td>
    </tr>
  );
}

/** Side-by-side view: the old file on the left, the new on the right. */
function ParallelLines({ lines, notes, expansion, selected }: { lines: ApiDiffLine[]; notes?: LineNotes; expansion?: LineExpansion; selected: ReadonlySet<string> }) {
  const limit = useContext(RowLimit);
  const rows = useMemo(() => parallelRows(lines), [lines]);
  return (
    <div className="diff-lines parallel" data-testid="diff-parallel">
      {tablesOf(Math.min(limit, rows.length)).map(([start, end]) => (
        <ParallelRows key={start} lines={lines} rows={rows} start={start} end={end} notes={notes} expansion={expansion} selected={selected} />
      ))}
    </div>
  );
}

const ParallelRows = memo(function ParallelRows({ lines, rows, start, end, notes, expansion, selected }: { lines: ApiDiffLine[]; rows: Row[]; start: number; end: number; notes?: LineNotes; expansion?: LineExpansion; selected: ReadonlySet<string> }) {
  return (
    <RowTable kind="parallel" rows={end - start}>
      {rows.slice(start, end).map((r, j) => {
        const i = start + j;
        return r.match ? (
          <tr key={i} className="diff-match">
            <td className="diff-num">
              <ExpandButtons lines={lines} index={lines.indexOf(r.match)} expansion={expansion} />
            </td>
            <td className="diff-code match" colSpan={3} dangerouslySetInnerHTML={{ __html: r.match.rich_text }} />
          </tr>
        ) : (
          <Fragment key={i}>
            <tr className={`diff-line${r.left?.expanded ? ' expanded' : ''}`} data-line-code={r.right?.line_code ?? r.left?.line_code ?? undefined}>
              <td className="diff-num" data-range-code={r.left?.line_code ?? undefined}>
                <CommentButton line={r.left} />
                {r.left?.old_line ?? ''}
              </td>
              <Code line={r.left} className="left" selected={selected} />
              <td className="diff-num" data-range-code={r.right?.line_code ?? undefined}>
                {r.right !== r.left && <CommentButton line={r.right} />}
                {r.right?.new_line ?? ''}
              </td>
              <Code line={r.right} className="right" selected={selected} />
            </tr>
            <AfterRow content={notes && afterBoth(notes, r, lines)} span={4} />
          </Fragment>
        );
      })}
    </RowTable>
  );
});

export function DiffLines({ lines, view, notes, expansion }: { lines: ApiDiffLine[]; view: DiffView; notes?: LineNotes; expansion?: LineExpansion }) {
  const ref = useRef<HTMLDivElement>(null);
  const { handlers, selected } = useLineRangeDrag(lines, ref, notes?.onComment, notes?.selected);
  const hover = useRangeHover(lines, ref);
  return (
    <LineRangeContext.Provider value={handlers}>
      <RangeHoverContext.Provider value={hover}>
        <div ref={ref} className="diff-lines-range">
          {view === 'parallel' ? <ParallelLines lines={lines} notes={notes} expansion={expansion} selected={selected} /> : <InlineLines lines={lines} notes={notes} expansion={expansion} selected={selected} />}
        </div>
      </RangeHoverContext.Provider>
    </LineRangeContext.Provider>
  );
}
