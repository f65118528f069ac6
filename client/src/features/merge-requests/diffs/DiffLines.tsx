import type { ApiDiffLine } from '@tandem/shared-types';
import type { DiffView } from './diffPrefs';

const sign = (t: ApiDiffLine['type']) => (t === 'new' ? '+' : t === 'old' ? '-' : ' ');

/** One line's code: rich_text is the server's highlighted HTML, every user character escaped there. */
function Code({ line, className }: { line: ApiDiffLine | null; className?: string }) {
  if (!line) return <td className={`diff-code empty ${className ?? ''}`} />;
  return <td className={`diff-code ${line.type} ${className ?? ''}`} data-sign={sign(line.type)} dangerouslySetInnerHTML={{ __html: line.rich_text }} />;
}

/** Unified view: old and new line numbers, then the line. */
function InlineLines({ lines }: { lines: ApiDiffLine[] }) {
  return (
    <table className="diff-table inline" data-testid="diff-inline">
      <tbody>
        {lines.map((l, i) =>
          l.type === 'match' ? (
            <tr key={i} className="diff-match">
              <td className="diff-num" />
              <td className="diff-num" />
              <td className="diff-code match" dangerouslySetInnerHTML={{ __html: l.rich_text }} />
            </tr>
          ) : (
            <tr key={i} className={`diff-line ${l.type}`} id={l.line_code ?? undefined} data-line-code={l.line_code ?? undefined}>
              <td className="diff-num">{l.old_line ?? ''}</td>
              <td className="diff-num">{l.new_line ?? ''}</td>
              <Code line={l} />
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

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

/** Side-by-side view: the old file on the left, the new on the right. */
function ParallelLines({ lines }: { lines: ApiDiffLine[] }) {
  return (
    <table className="diff-table parallel" data-testid="diff-parallel">
      <tbody>
        {parallelRows(lines).map((r, i) =>
          r.match ? (
            <tr key={i} className="diff-match">
              <td className="diff-code match" colSpan={4} dangerouslySetInnerHTML={{ __html: r.match.rich_text }} />
            </tr>
          ) : (
            <tr key={i} className="diff-line">
              <td className="diff-num">{r.left?.old_line ?? ''}</td>
              <Code line={r.left} className="left" />
              <td className="diff-num">{r.right?.new_line ?? ''}</td>
              <Code line={r.right} className="right" />
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

export function DiffLines({ lines, view }: { lines: ApiDiffLine[]; view: DiffView }) {
  return view === 'parallel' ? <ParallelLines lines={lines} /> : <InlineLines lines={lines} />;
}
