import { useQuery } from '@tanstack/react-query';
import { DIFF_TEXTS, type ApiDiffLine, type ApiDiscussion } from '@tandem/shared-types';
import { diffsKey, fetchDiffs } from './diffsApi';
import { DiffLines } from './DiffLines';
import { positionOf } from './DiffNotes';

/** Lines shown above a diff thread in the Overview: the commented line and up to 3 before it in its hunk. */
const EXCERPT_LINES = 4;

/** The commented line and the lines before it in its hunk (match lines end the excerpt). */
export function excerptLines(lines: ApiDiffLine[], oldLine: number | null, newLine: number | null, size = EXCERPT_LINES): ApiDiffLine[] {
  const at = lines.findIndex((l) => (newLine !== null ? l.new_line === newLine && l.type !== 'old' : l.type === 'old' && l.old_line === oldLine));
  if (at < 0) return [];
  let from = at;
  while (from > 0 && at - from < size - 1 && lines[from - 1]!.type !== 'match') from--;
  return lines.slice(from, at + 1);
}

/** A diff thread's header in the Overview: its file and the code it is on (from the Changes tab's cached diff). */
export function DiffExcerpt({ discussion, projectPath, iid }: { discussion: ApiDiscussion; projectPath: string; iid: number }) {
  const position = positionOf(discussion);
  const q = useQuery({ queryKey: diffsKey(projectPath, iid, false), queryFn: () => fetchDiffs(projectPath, iid, false), enabled: !!position });
  if (!position) return null;
  const file = q.data?.diff_files.find((f) => f.new_path === position.new_path && f.old_path === position.old_path);
  const lines = file ? excerptLines(file.highlighted_diff_lines, position.old_line, position.new_line) : [];
  return (
    <div className="diff-excerpt" data-testid="diff-excerpt">
      <div className="diff-excerpt-file">
        <strong>{position.new_path}</strong> {position.new_line !== null ? `line ${position.new_line}` : `old line ${position.old_line}`}
      </div>
      {q.isError && <p role="alert">{DIFF_TEXTS.loadFailed}</p>}
      {lines.length > 0 && <DiffLines lines={lines} view="inline" />}
    </div>
  );
}
