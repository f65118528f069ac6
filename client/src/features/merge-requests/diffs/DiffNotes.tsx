import { createContext, useContext, useState } from 'react';
import type { ApiDiffFile, ApiDiffLine, ApiDiffPosition, ApiDiffRefs, ApiDiscussion, ApiImageDiffPosition, ApiLineRange, ApiLineRangeEnd, ApiTextDiffPosition } from '@tandem/shared-types';
import { DIFF_TEXTS, isImagePosition, isTextPosition, lineRangeEnd, REVIEW_TEXTS, rangeEndLabel, type ApiDraftNote } from '@tandem/shared-types';
import type { ImagePoint } from './imagePoint';
import { PendingDraft } from '../review/PendingDraft';
import { ReviewCommentForm } from '../review/ReviewCommentForm';
import { SuggestionBlocks, type SuggestionBatch } from '../review/SuggestionBlock';
import { RangeHoverContext } from './useLineRangeDrag';
import { NoteHeader } from '../../notes/NoteHeader';

/** The merge request's author (their notes carry the Author badge in the diff's threads, as in the Overview). */
export const NoteableAuthorContext = createContext<number | null>(null);

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
    // Image threads sit on their image, not on a line
    if (!isTextPosition(p) || (headSha !== null && p.head_sha !== headSha)) continue;
    const k = lineKey(p.new_path, p.old_line, p.new_line);
    out.set(k, [...(out.get(k) ?? []), d]);
  }
  return out;
}

/** Image threads by their file's new path, in the version of the diff shown, in the order they were started (their badges' numbers). */
export function imageThreadsByFile(discussions: readonly ApiDiscussion[] | null, headSha: string | null = null): Map<string, ApiDiscussion[]> {
  const out = new Map<string, ApiDiscussion[]>();
  for (const d of discussions ?? []) {
    const p = positionOf(d);
    if (!isImagePosition(p) || (headSha !== null && p.head_sha !== headSha)) continue;
    out.set(p.new_path, [...(out.get(p.new_path) ?? []), d]);
  }
  return out;
}

/** The position GitLab's API takes for a comment on a point of an image of the diff. */
export function imagePositionFor(file: ApiDiffFile, point: ImagePoint, refs: ApiDiffRefs): ApiImageDiffPosition {
  return { base_sha: refs.base_sha!, start_sha: refs.start_sha!, head_sha: refs.head_sha!, old_path: file.old_path, new_path: file.new_path, position_type: 'image', ...point };
}

/** A diff line as one end of a line range (GitLab's formatLineRange: line_code, type, old_line, new_line; a context line's type is null). */
export function rangeEndOf(line: ApiDiffLine): ApiLineRangeEnd {
  const type = line.type === 'old' || line.type === 'new' ? line.type : null;
  return { line_code: line.line_code!, type, old_line: type === 'new' ? null : line.old_line, new_line: type === 'old' ? null : line.new_line };
}

/** A range of more than one line (a range of one line is a line comment). */
export const isMultiLine = (r: ApiLineRange | null | undefined): r is ApiLineRange => !!r && r.start.line_code !== r.end.line_code;

/** "+12" and "+15" of a range from +12 to +15 (GitLab's getStartLineNumber, getEndLineNumber); ends replayed from before they carried lines read them from their codes. */
export const rangeLabels = (r: ApiLineRange): [string, string] => {
  const [start, end] = [lineRangeEnd(r.start), lineRangeEnd(r.end)];
  return [rangeEndLabel(start, end), rangeEndLabel(end, start)];
};

/**
 * The position GitLab's API takes for a comment on a line of a file, or on the lines `start` to
 * `line`: the position's own line is the range's last, as GitLab's.
 */
export function positionFor(file: ApiDiffFile, line: ApiDiffLine, refs: ApiDiffRefs, start: ApiDiffLine | null = null): ApiTextDiffPosition {
  const range = start && start.line_code !== line.line_code && start.line_code && line.line_code ? { start: rangeEndOf(start), end: rangeEndOf(line) } : null;
  return {
    base_sha: refs.base_sha!, start_sha: refs.start_sha!, head_sha: refs.head_sha!, old_path: file.old_path, new_path: file.new_path, position_type: 'text',
    old_line: line.type === 'new' ? null : line.old_line, new_line: line.type === 'old' ? null : line.new_line, line_range: range,
  };
}

/** "Comment on lines +12 to +15" over a thread on several lines. */
function RangeHeader({ discussion }: { discussion: ApiDiscussion }) {
  const p = positionOf(discussion);
  const range = isTextPosition(p) ? p.line_range : null;
  if (!isMultiLine(range)) return null;
  return (
    <p className="diff-range-header" data-testid="diff-thread-range">
      {DIFF_TEXTS.commentOnLines(...rangeLabels(range))}
    </p>
  );
}

/** What a line's threads need for batch review: the viewer's drafts, and where replies go. */
export interface ThreadReview {
  projectPath: string;
  iid: number;
  drafts: readonly ApiDraftNote[];
  /** After a draft or a note was added or a draft changed. */
  onChange: (kind: 'draft' | 'note') => void;
  /** The viewer may apply code suggestions (push to the source branch of an open merge request). */
  canApply: boolean;
  /** The merge request takes code suggestions (spec Noteable data can_receive_suggestion): a new line's comment form offers Insert suggestion. */
  canReceiveSuggestion: boolean;
  batch: SuggestionBatch;
}

const NO_BATCH: SuggestionBatch = { ids: [], toggle: () => undefined, clear: () => undefined };

/** A line's threads: each note's header (the Overview's: author, time, badges) and its server-rendered, sanitised HTML; the viewer's pending replies; Reply with batch review. */
export function LineThreads({ threads, review, replyLines }: { threads: ApiDiscussion[]; review?: ThreadReview | null; /** The diff line the threads sit on: a reply may suggest a change to it. */ replyLines?: readonly ApiDiffLine[] }) {
  const [replying, setReplying] = useState<string | null>(null);
  const hover = useContext(RangeHoverContext);
  const noteableAuthorId = useContext(NoteableAuthorContext);
  return (
    <div className="diff-threads">
      {threads.map((d) => {
        // A thread on several lines shows them while it is hovered or focused (GitLab's comment position hover)
        const at = positionOf(d);
        const range = at && isTextPosition(at) ? at.line_range : undefined;
        const onRange = hover && isMultiLine(range) ? { onMouseEnter: () => hover(range), onMouseLeave: () => hover(null), onFocus: () => hover(range), onBlur: () => hover(null) } : null;
        // Live notes change under a discussion read earlier: resolved when every resolvable note is (spec §4)
        const resolvable = d.notes.filter((n) => n.resolvable);
        const resolved = resolvable.length > 0 && resolvable.every((n) => n.resolved);
        const resolver = resolved ? (resolvable[resolvable.length - 1]?.resolved_by?.name ?? null) : null;
        return (
        <div key={d.id} className="diff-thread" data-testid="diff-thread" data-discussion-id={d.id} data-resolved={resolved ? 'true' : 'false'} {...onRange}>
          <RangeHeader discussion={d} />
          {d.notes.map((n) => (
            <div key={n.id} className={n.suggestions?.length ? 'diff-thread-note has-suggestions' : 'diff-thread-note'} data-testid="diff-thread-note">
              <NoteHeader note={n} noteableAuthor={!!n.author && n.author.id === noteableAuthorId} />
              {/* note_html is rendered and sanitised on the server */}
              <div className="md" dangerouslySetInnerHTML={{ __html: n.note_html }} />
              {!!n.suggestions?.length && <SuggestionBlocks note={n} canApply={review?.canApply ?? false} batch={review?.batch ?? NO_BATCH} />}
            </div>
          ))}
          {resolved && <p className="diff-thread-resolved" data-testid="diff-thread-resolved">{REVIEW_TEXTS.resolvedBy(resolver)}</p>}
          {review?.drafts
            .filter((x) => x.discussion_id === d.id)
            .map((x) => <PendingDraft key={x.id} draft={x} projectPath={review.projectPath} iid={review.iid} onChange={() => review.onChange('draft')} />)}
          {review &&
            (replying === d.id ? (
              <ReviewCommentForm
                projectPath={review.projectPath}
                iid={review.iid}
                discussion={d}
                lines={replyLines}
                canReceiveSuggestion={review.canReceiveSuggestion}
                pendingCount={review.drafts.length}
                label="Reply to this thread"
                onCancel={() => setReplying(null)}
                onDone={(kind) => {
                  setReplying(null);
                  review.onChange(kind);
                }}
              />
            ) : (
              <button type="button" className="diff-thread-reply" onClick={() => setReplying(d.id)} data-testid="diff-thread-reply">
                {REVIEW_TEXTS.reply}
              </button>
            ))}
        </div>
        );
      })}
    </div>
  );
}
