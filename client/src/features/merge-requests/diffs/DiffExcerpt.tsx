import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { DIFF_TEXTS, mergeRequestDiscussionDiffLinesPath, repositoryRawPath, type ApiDiscussion, type ApiImageDiffPosition, type ApiTextDiffPosition, type DiscussionDiffLinesResponse } from '@tandem/shared-types';
import { requestJson } from '../../../shared/api/http';
import { DiffLines } from './DiffLines';
import { isMultiLine, isOutdated, positionOf, rangeLabels } from './DiffNotes';
import { badgeStyle } from './imagePoint';

async function fetchDiscussionLines(path: string): Promise<DiscussionDiffLinesResponse> {
  const res = await requestJson<DiscussionDiffLinesResponse>(path);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.data;
}

/**
 * A diff thread's header in the Overview: its file, its line ("Comment on lines +12 to +15" on a range), "on an old version of the diff" when
 * a push outdated it, and its code, loaded lazily at the thread's own position (so an outdated
 * thread shows the code it was written on); 'Unable to load the diff' with Try again on failure.
 */
export function DiffExcerpt({ discussion, projectPath, iid }: { discussion: ApiDiscussion; projectPath: string; iid: number }) {
  const position = positionOf(discussion);
  // Most threads are on no line: they get no excerpt, and no query observer either
  if (!position) return null;
  if (position.position_type === 'image') return <ImageExcerpt discussion={discussion} position={position} projectPath={projectPath} />;
  return <PositionedExcerpt discussion={discussion} position={position} projectPath={projectPath} iid={iid} />;
}

function OutdatedMark() {
  return (
    <span className="diff-excerpt-outdated" data-testid="diff-excerpt-outdated">
      {' '}
      {DIFF_TEXTS.outdated}
    </span>
  );
}

/**
 * An image thread's header in the Overview (GitLab's image diff overlay with a comment icon):
 * the image at the thread's own version, its point marked on it; the old image of a deleted file.
 */
function ImageExcerpt({ discussion, position, projectPath }: { discussion: ApiDiscussion; position: ApiImageDiffPosition; projectPath: string }) {
  const newSide = repositoryRawPath(projectPath, position.head_sha, position.new_path);
  const oldSide = repositoryRawPath(projectPath, position.base_sha, position.old_path);
  // A deleted file has no new side: its thread is on the old image
  const [src, setSrc] = useState(newSide);
  const outdated = isOutdated(discussion);
  return (
    <div className={`diff-excerpt is-image${outdated ? ' is-outdated' : ''}`} data-testid="diff-excerpt" data-outdated={outdated || undefined}>
      <div className="diff-excerpt-file">
        <strong>{position.new_path}</strong>
        {outdated && <OutdatedMark />}
      </div>
      <div className="image-frame" data-testid="diff-excerpt-image">
        <img src={src} alt={position.new_path} onError={() => src !== oldSide && setSrc(oldSide)} />
        <div className="image-badges">
          <span className="image-badge is-icon" style={badgeStyle(position)} data-testid="diff-excerpt-badge">
            <MessageSquare size={12} aria-hidden="true" />
          </span>
        </div>
      </div>
    </div>
  );
}

/**
 * A text diff thread's code at its own position (its commented line last), read once and shared
 * by its excerpt and its reply form (which suggests on that line); nothing read without a position.
 */
export function useThreadLines(discussion: ApiDiscussion, position: ApiTextDiffPosition | null, projectPath: string, iid: number) {
  const path = mergeRequestDiscussionDiffLinesPath(projectPath, iid, discussion.id);
  // Keyed by the position: a push that moves the thread reads its lines again
  return useQuery({
    queryKey: ['discussion-diff-lines', path, position?.head_sha, position?.old_line, position?.new_line, position?.line_range?.start.line_code ?? null],
    queryFn: () => fetchDiscussionLines(path),
    retry: false,
    staleTime: Infinity,
    enabled: position !== null,
  });
}

function PositionedExcerpt({ discussion, position, projectPath, iid }: { discussion: ApiDiscussion; position: ApiTextDiffPosition; projectPath: string; iid: number }) {
  const q = useThreadLines(discussion, position, projectPath, iid);
  const outdated = isOutdated(discussion);
  return (
    <div className={`diff-excerpt${outdated ? ' is-outdated' : ''}`} data-testid="diff-excerpt" data-outdated={outdated || undefined}>
      <div className="diff-excerpt-file">
        <strong>{position.new_path}</strong>{' '}
        {isMultiLine(position.line_range) ? (
          <span data-testid="diff-excerpt-range">{DIFF_TEXTS.commentOnLines(...rangeLabels(position.line_range))}</span>
        ) : position.new_line !== null ? (
          `line ${position.new_line}`
        ) : (
          `old line ${position.old_line}`
        )}
        {outdated && <OutdatedMark />}
      </div>
      {q.isPending && <p aria-busy="true" className="diff-excerpt-loading" data-testid="diff-excerpt-loading">Loading…</p>}
      {q.isError && (
        <p role="alert" data-testid="diff-excerpt-error">
          {DIFF_TEXTS.diffLoadFailed}{' '}
          <button type="button" className="btn-link" onClick={() => void q.refetch()}>
            {DIFF_TEXTS.tryAgain}
          </button>
        </p>
      )}
      {q.data && q.data.truncated_diff_lines.length > 0 && <DiffLines lines={q.data.truncated_diff_lines} view="inline" />}
    </div>
  );
}
