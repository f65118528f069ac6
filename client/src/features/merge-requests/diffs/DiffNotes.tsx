import { useState } from 'react';
import type { ApiDiffFile, ApiDiffLine, ApiDiffPosition, ApiDiffRefs, ApiDiscussion } from '@tandem/shared-types';
import { errorText, projectApiPath, requestJson } from '../../../shared/api/http';
import { DISCUSSION_TEXTS } from '@tandem/shared-types';

/** A diff discussion's position: its first note's (live: a push moves it by note.updated), or the discussion's. */
export const positionOf = (d: ApiDiscussion): ApiDiffPosition | undefined => d.notes[0]?.position ?? d.position;

/** Outdated by a push: its line changed, its position stays on the version it was written on. */
export const isOutdated = (d: ApiDiscussion): boolean => (d.notes[0] ? d.notes[0].outdated === true : d.active === false);

/** The place a line of a file is commented on: the new line for added and context lines, the old line for removed ones. */
export const lineKey = (path: string, oldLine: number | null, newLine: number | null) => (newLine !== null ? `${path}:new:${newLine}` : `${path}:old:${oldLine}`);

/**
 * Diff threads by the line they sit on, in the version of the diff shown (`headSha`): a thread
 * whose position is on another version (outdated by a push, or already moved to a newer diff
 * than the one on screen) has no line here.
 */
export function threadsByLine(discussions: readonly ApiDiscussion[] | null, headSha: string | null = null): Map<string, ApiDiscussion[]> {
  const out = new Map<string, ApiDiscussion[]>();
  for (const d of discussions ?? []) {
    const p = positionOf(d);
    if (!p || (headSha !== null && p.head_sha !== headSha)) continue;
    const k = lineKey(p.new_path, p.old_line, p.new_line);
    out.set(k, [...(out.get(k) ?? []), d]);
  }
  return out;
}

/** The position GitLab's API takes for a comment on one line of a file. */
export function positionFor(file: ApiDiffFile, line: ApiDiffLine, refs: ApiDiffRefs): ApiDiffPosition {
  return {
    base_sha: refs.base_sha!, start_sha: refs.start_sha!, head_sha: refs.head_sha!, old_path: file.old_path, new_path: file.new_path, position_type: 'text',
    old_line: line.type === 'new' ? null : line.old_line, new_line: line.type === 'old' ? null : line.new_line, line_range: null,
  };
}

/** A line's threads: each note's author and its server-rendered, sanitised HTML. */
export function LineThreads({ threads }: { threads: ApiDiscussion[] }) {
  return (
    <div className="diff-threads">
      {threads.map((d) => (
        <div key={d.id} className="diff-thread" data-testid="diff-thread" data-discussion-id={d.id}>
          {d.notes.map((n) => (
            <div key={n.id} className="diff-thread-note" data-testid="diff-thread-note">
              <strong>{n.author?.name ?? 'Someone'}</strong>
              {/* note_html is rendered and sanitised on the server */}
              <div className="md" dangerouslySetInnerHTML={{ __html: n.note_html }} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** The form under a line: "Add comment now" posts a diff thread with the line's position (POST .../discussions). */
export function LineCommentForm({ projectPath, iid, position, onDone, onCancel }: { projectPath: string; iid: number; position: ApiDiffPosition; onDone: () => void; onCancel: () => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    const res = await requestJson(`${projectApiPath(projectPath)}/merge_requests/${iid}/discussions`, { method: 'POST', body: { body: text, position } }).catch(() => null);
    setBusy(false);
    if (!res?.ok) {
      setError(errorText(res?.data, DISCUSSION_TEXTS.submitFailedNetwork));
      return;
    }
    onDone();
  };
  return (
    <div className="diff-comment-form" data-testid="diff-comment-form">
      <textarea aria-label="Comment on this line" value={text} onChange={(e) => setText(e.target.value)} rows={3} autoFocus data-testid="diff-comment-text" />
      {error && <p role="alert">{error}</p>}
      <button type="button" className="btn btn-confirm" disabled={busy || !text.trim()} aria-busy={busy} onClick={() => void submit()} data-testid="diff-comment-submit">
        Add comment now
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
