import { startTransition, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DIFF_CONSTANTS, DIFF_TEXTS, mergeRequestNoteablePaths, NOTES_FILTER, type ApiDiffFile, type ApiDiffLine, type ApiDiffRefs, type ApiDiscussion, type ApiDraftNote, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { useDiscussions } from '../../notes/useDiscussions';
import { RowLimit, ROWS_PER_TABLE, type LineNotes } from './DiffLines';
import { imagePositionFor, imageThreadsByFile, LineThreads, lineKey, NoteableAuthorContext, positionFor, rangeEndOf, rangeLabels, threadsByLine, type ThreadReview } from './DiffNotes';
import type { ImageNotes } from './ImageNotes';
import type { ImagePoint } from './imagePoint';
import type { LineRangeSelection } from './useLineRangeDrag';
import { PendingDraft } from '../review/PendingDraft';
import { ReviewCommentForm } from '../review/ReviewCommentForm';
import { useReviewDrafts } from '../review/reviewApi';
import { diffsKey, fetchDiffs } from './diffsApi';
import { DiffFileView } from './DiffFileView';
import type { FileEditContext } from './fileEditRules';
import { DiffFileTree } from './DiffFileTree';
import { useDiffPrefs, useViewedFiles } from './diffPrefs';

/** Rows of a file rendered per task once it comes near, one of its tables (a 140-row file in one task made frames of 100 ms and more). */
const ROW_CHUNK = ROWS_PER_TABLE;

/**
 * Renders its child once it comes near the viewport (the first files render at once); a
 * placeholder of about its height until then, carrying the file's anchor so the file tree can
 * jump to it. A file that comes near renders its rows in chunks of ROW_CHUNK, one task each, and
 * keeps the placeholder's height meanwhile; `--diff-estimate` is the size an off-screen file
 * body is given before it was ever laid out (content-visibility), so the scrollbar stays put.
 */
function WhenNear({ eager, estimate, rows, anchor, children }: { eager: boolean; estimate: number; rows: number; anchor: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(eager || typeof IntersectionObserver === 'undefined');
  // A file of one chunk or less (or collapsed: no lines until "Show file contents") renders whole
  const [limit, setLimit] = useState(near || rows <= ROW_CHUNK ? Number.POSITIVE_INFINITY : ROW_CHUNK);
  useEffect(() => {
    if (near || !ref.current) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && startTransition(() => setNear(true)), { rootMargin: '800px 0px' });
    io.observe(ref.current);
    return () => io.disconnect();
  }, [near]);
  useEffect(() => {
    if (!near || limit >= rows) return;
    const t = setTimeout(() => startTransition(() => setLimit((l) => (l + ROW_CHUNK >= rows ? Number.POSITIVE_INFINITY : l + ROW_CHUNK))), 0);
    return () => clearTimeout(t);
  }, [near, limit, rows]);
  const size = { '--diff-estimate': `${estimate}px` } as CSSProperties;
  if (!near) return <div ref={ref} id={anchor} className="diff-placeholder" style={{ height: estimate }} data-testid="diff-placeholder" />;
  return (
    <div className="diff-file-slot" style={limit < rows ? { ...size, minHeight: estimate } : size}>
      <RowLimit.Provider value={limit}>{children}</RowLimit.Provider>
    </div>
  );
}

/** GitLab's first files: the first 3 render at once, each only when under the line limit (100). */
export const rendersAtOnce = (f: ApiDiffFile, index: number) => index < DIFF_CONSTANTS.renderedAtOnce && f.highlighted_diff_lines.length < DIFF_CONSTANTS.renderedAtOnceMaxLines;

/** Where a line's threads and comment form sit: its new line (added and context lines), else its old line. */
const lineKeyOf = (file: ApiDiffFile, l: ApiDiffLine) => lineKey(file.new_path, l.type === 'new' ? null : l.old_line, l.type === 'old' ? null : l.new_line);

/** The open comment form: its file and its lines (one line, or a range; the form sits under its last line), or a point of its image. */
type CommentTarget = (LineRangeSelection & { fileId: string; point?: undefined }) | { fileId: string; point: ImagePoint };

/** An image file's notes: its image threads (badges and list), its pending drafts, and the comment form at a point. */
function imageNotesFor(file: ApiDiffFile, threads: Map<string, ApiDiscussion[]>, review: ThreadReview | null, target: CommentTarget | null, setTarget: (t: CommentTarget | null) => void, refs: ApiDiffRefs): ImageNotes {
  const here = target?.fileId === file.file_identifier_hash && target.point ? target.point : null;
  return {
    threads: threads.get(file.new_path) ?? [],
    drafts: (review?.drafts ?? []).filter((d) => !d.discussion_id && d.position?.position_type === 'image' && d.position.new_path === file.new_path),
    review,
    open: review ? here : null,
    onComment: review ? (point) => setTarget({ fileId: file.file_identifier_hash, point }) : undefined,
    onClose: () => setTarget(null),
    positionFor: (point) => imagePositionFor(file, point, refs),
  };
}

/** The lines from `start` to `end` as shown (a range's lines; only the open form's range is read). */
const linesBetween = (lines: readonly ApiDiffLine[], start: ApiDiffLine, end: ApiDiffLine): ApiDiffLine[] => {
  const from = lines.findIndex((x) => x.line_code === start.line_code);
  const to = lines.findIndex((x) => x.line_code === end.line_code);
  return from < 0 || to < from ? [end] : lines.slice(from, to + 1);
};

/** A file's line notes: its threads under their lines (with the viewer's pending replies), its pending drafts, and the one open comment form. */
function lineNotesFor(file: ApiDiffFile, threads: Map<string, ApiDiscussion[]>, review: ThreadReview | null, target: CommentTarget | null, setTarget: (t: CommentTarget | null) => void, refs: ApiDiffRefs): LineNotes {
  const here = target?.fileId === file.file_identifier_hash && !target.point ? target : null;
  const open = here ? lineKeyOf(file, here.end) : null;
  const keyOf = (l: ApiDiffLine) => lineKeyOf(file, l);
  const drafts = new Map<string, ApiDraftNote[]>();
  for (const d of review?.drafts ?? []) {
    if (d.discussion_id || d.position?.position_type !== 'text' || d.position.new_path !== file.new_path) continue;
    const k = lineKey(file.new_path, d.position.old_line, d.position.new_line);
    drafts.set(k, [...(drafts.get(k) ?? []), d]);
  }
  return {
    after: (l, shownLines) => {
      const k = keyOf(l);
      const pending = drafts.get(k);
      const form = open === k && review;
      const lineThreads = threads.get(k);
      if (!lineThreads && !form && !pending) return null;
      const ranged = form && here && here.start.line_code !== here.end.line_code ? DIFF_TEXTS.commentingOnLines(...rangeLabels({ start: rangeEndOf(here.start), end: rangeEndOf(here.end) })) : null;
      return (
        <>
          {lineThreads && <LineThreads threads={lineThreads} review={review} replyLines={[l]} />}
          {ranged && (
            <p className="diff-range-header" data-testid="diff-range-form-header">
              {ranged}
            </p>
          )}
          {review && pending?.map((d) => <PendingDraft key={d.id} draft={d} projectPath={review.projectPath} iid={review.iid} onChange={() => review.onChange('draft')} />)}
          {form && (
            <ReviewCommentForm
              projectPath={review.projectPath}
              iid={review.iid}
              position={positionFor(file, l, refs, here?.start ?? null)}
              lines={ranged && here ? linesBetween(shownLines, here.start, l) : [l]}
              canReceiveSuggestion={review.canReceiveSuggestion}
              pendingCount={review.drafts.length}
              label={ranged ?? 'Comment on this line'}
              onCancel={() => setTarget(null)}
              onDone={(kind) => {
                setTarget(null);
                review.onChange(kind);
              }}
            />
          )}
        </>
      );
    },
    onComment: review ? (start, end) => setTarget({ fileId: file.file_identifier_hash, start, end }) : undefined,
    selected: here,
  };
}

interface ChangesTabProps {
  projectPath: string;
  iid: number;
  /** The merge request's discussions (its note key and id): diff threads show on their lines. */
  discussions: { key: string; id: number };
  /** Present when the viewer may comment. */
  comment?: { projectPath: string; iid: number } | null;
  /** The viewer may apply code suggestions. */
  canApplySuggestions?: boolean;
  /** The merge request takes code suggestions (Insert suggestion on a line's comment form). */
  canReceiveSuggestion?: boolean;
  /** The source branch and the viewer's rights there: each file's "Edit in single-file editor". */
  fileEdit?: FileEditContext | null;
  /** The merge request's author: the Author badge on their notes in the threads. */
  noteableAuthorId?: number | null;
}

/** The Changes tab: toolbar (inline / side-by-side, hide whitespace, viewed count), the file tree and the files with their diff threads. */
export function ChangesTab({ projectPath, iid, discussions: notesOf, comment = null, canApplySuggestions = false, canReceiveSuggestion = false, fileEdit = null, noteableAuthorId = null }: ChangesTabProps) {
  const paths = mergeRequestNoteablePaths(projectPath, iid, notesOf.id);
  const { discussions, reload } = useDiscussions(notesOf.key, paths.discussions, NOTES_FILTER.all, false);
  const [openForm, setOpenForm] = useState<CommentTarget | null>(null);
  const { drafts, refresh: refreshDrafts } = useReviewDrafts(projectPath, iid, comment !== null);
  const [batchIds, setBatchIds] = useState<number[]>([]);
  // Stable between renders: each file re-renders only when its own notes change (memo)
  const commentPath = comment?.projectPath ?? null;
  const commentIid = comment?.iid ?? null;
  const review: ThreadReview | null = useMemo(() => {
    const batch = { ids: batchIds, toggle: (id: number) => setBatchIds((b) => (b.includes(id) ? b.filter((x) => x !== id) : [...b, id])), clear: () => setBatchIds([]) };
    return commentPath !== null && commentIid !== null
      ? { projectPath: commentPath, iid: commentIid, drafts, onChange: (kind) => void (kind === 'note' ? reload() : refreshDrafts()), canApply: canApplySuggestions, canReceiveSuggestion, batch }
      : null;
  }, [batchIds, commentPath, commentIid, drafts, reload, refreshDrafts, canApplySuggestions, canReceiveSuggestion]);
  const { view, setView, hideWhitespace, setHideWhitespace } = useDiffPrefs();
  const { viewed, toggle } = useViewedFiles(projectPath, iid);
  const q = useQuery({ queryKey: diffsKey(projectPath, iid, hideWhitespace), queryFn: () => fetchDiffs(projectPath, iid, hideWhitespace), placeholderData: keepPreviousData });
  // A push (merge_request.updated) reads the diff again; the page keeps the version on screen and offers the new one
  const [shown, setShown] = useState<MergeRequestDiffsResponse | null>(null);
  const latest = q.data ?? null;
  const newer = !!latest && !!shown && latest !== shown && latest.diff_refs.head_sha !== shown.diff_refs.head_sha;
  useEffect(() => {
    if (latest && !newer) setShown(latest);
  }, [latest, newer]);
  const onScreen = newer || !latest ? shown : latest;
  const headSha = onScreen?.diff_refs.head_sha ?? null;
  const threads = useMemo(() => threadsByLine(discussions, headSha), [discussions, headSha]);
  const imageThreads = useMemo(() => imageThreadsByFile(discussions, headSha), [discussions, headSha]);
  const notesByFile = useMemo(
    () =>
      new Map(
        (onScreen?.diff_files ?? []).map((f) => [
          f.file_identifier_hash,
          { lines: lineNotesFor(f, threads, review, openForm, setOpenForm, onScreen!.diff_refs), image: f.viewer.name === 'image' ? imageNotesFor(f, imageThreads, review, openForm, setOpenForm, onScreen!.diff_refs) : undefined },
        ]),
      ),
    [onScreen, threads, imageThreads, review, openForm],
  );
  if (q.isError && !shown) return <p role="alert">{DIFF_TEXTS.loadFailed}</p>;
  const data = onScreen;
  if (!data) return <p aria-busy="true">Loading…</p>;
  const files = data.diff_files;
  const isViewed = (f: ApiDiffFile) => viewed[f.file_identifier_hash]?.[0] === `hash:${f.file_hash}`;
  return (
    <NoteableAuthorContext.Provider value={noteableAuthorId}>
      <div className="mr-changes" data-testid="mr-changes">
        <div className="diff-toolbar">
          <span data-testid="diff-file-count">{files.length} {files.length === 1 ? 'file' : 'files'}</span>
          <span data-testid="diff-viewed-count">
            {files.filter(isViewed).length}/{files.length} {DIFF_TEXTS.viewed.toLowerCase()}
          </span>
          <div role="group" aria-label="Diff view">
            {(['inline', 'parallel'] as const).map((v) => (
              <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)} data-testid={`diff-view-${v}`}>
                {v === 'inline' ? DIFF_TEXTS.inlineView : DIFF_TEXTS.parallelView}
              </button>
            ))}
          </div>
          <label>
            <input type="checkbox" checked={hideWhitespace} onChange={(e) => setHideWhitespace(e.target.checked)} data-testid="diff-hide-whitespace" /> {DIFF_TEXTS.hideWhitespace}
          </label>
        </div>
        {newer && (
          <div className="diff-changed-notice" role="status" data-testid="diff-changed-notice">
            {DIFF_TEXTS.diffChanged}{' '}
            <button type="button" className="btn btn-sm" onClick={() => setShown(latest)} data-testid="diff-show-latest">
              {DIFF_TEXTS.showLatest}
            </button>
          </div>
        )}
        {!files.length ? (
          <p>{DIFF_TEXTS.noChanges}</p>
        ) : (
          <div className="diff-layout">
            <DiffFileTree files={files} viewed={viewed} />
            <div className="diff-files">
              {files.map((f, i) => (
                <WhenNear key={`${f.file_identifier_hash}-${hideWhitespace}-${data.diff_refs.head_sha}`} eager={rendersAtOnce(f, i)} estimate={40 + 18 * f.highlighted_diff_lines.length} rows={f.highlighted_diff_lines.length} anchor={`diff-${f.file_hash}`}>
                  <DiffFileView file={f} view={view} hideWhitespace={hideWhitespace} projectPath={projectPath} iid={iid} viewed={isViewed(f)} onViewed={toggle} notes={notesByFile.get(f.file_identifier_hash)?.lines} imageNotes={notesByFile.get(f.file_identifier_hash)?.image} headSha={data.diff_refs.head_sha} edit={fileEdit} />
                </WhenNear>
              ))}
            </div>
          </div>
        )}
      </div>
    </NoteableAuthorContext.Provider>
  );
}
