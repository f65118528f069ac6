/** The merge request Changes tab: GitLab's diffs_batch shapes (trimmed to what Tandem serves) and the spec's texts. */

/** A diff line (sidebar-and-widgets.md "Diff line"): rich_text is the server's highlighted, escaped HTML. */
export interface ApiDiffLine {
  type: 'old' | 'new' | 'match' | 'context' | 'old-nonewline' | 'new-nonewline';
  old_line: number | null;
  new_line: number | null;
  line_code: string | null;
  rich_text: string;
  /**
   * On a hunk header (`match`): where the hunk after it starts on each side (GitLab's meta_data
   * old_pos/new_pos). A last `match` line (no text) closes a file whose end is not in the diff:
   * there the "hunk after it" starts one past the file's last line, so the client knows how many
   * lines are hidden below (GitLab's bottom match line).
   */
  meta_data?: { old_pos: number; new_pos: number } | null;
  /** Read from the file by context expansion, not a line of the diff (the client marks it; no diff note goes on it). */
  expanded?: boolean;
  /**
   * GitLab's `chunk` (diffs store utils, parallelizeDiffLines): the part of the file's lines the
   * line is in, counted up after each meta line (`match`, `old-nonewline`, `new-nonewline`; the
   * meta line itself keeps the count before it). Dragging over lines selects within one chunk.
   * On diffs.json's lines; the client counts again after context expansion (`withChunks`).
   */
  chunk?: number;
  /**
   * The diff threads on this line in diffs.json (GitLab's line `discussions`, which its client
   * fills from discussions.json): the viewer's visible, not outdated threads whose position is
   * this line of this version, oldest first, trimmed to their ids (the threads themselves come
   * from discussions.json and live events).
   */
  discussions?: ApiDiffLineDiscussion[];
}

/** A thread on a diff line, as the line lists it. */
export interface ApiDiffLineDiscussion {
  id: string;
}

const isMetaLine = (l: ApiDiffLine) => l.type === 'match' || l.type === 'old-nonewline' || l.type === 'new-nonewline';

/** The lines with GitLab's `chunk` numbers (a new array; lines whose number is already right are kept as they are). */
export function withChunks<L extends ApiDiffLine>(lines: readonly L[]): L[] {
  let chunk = 0;
  return lines.map((l) => {
    const at = chunk;
    if (isMetaLine(l)) chunk++;
    return l.chunk === at ? l : { ...l, chunk: at };
  });
}

/** What every diff note position carries: the diff's three shas and both paths. */
interface ApiDiffPositionBase {
  base_sha: string;
  start_sha: string;
  head_sha: string;
  old_path: string;
  new_path: string;
}

/** GitLab's text position: the line on each side. */
export interface ApiTextDiffPosition extends ApiDiffPositionBase {
  position_type: 'text';
  /** null on an added line. */
  old_line: number | null;
  /** null on a removed line. */
  new_line: number | null;
  /** A comment on several lines: their first and last line (the position's own line is the last). */
  line_range: ApiLineRange | null;
}

/**
 * GitLab's image position (Gitlab::Diff::Formatters::ImageFormatter): a point `x`, `y` on the
 * image as it was shown, `width` × `height` (integers; 0 <= x <= width, 0 <= y <= height). On the
 * new image, or the old one of a deleted file. No lines.
 */
export interface ApiImageDiffPosition extends ApiDiffPositionBase {
  position_type: 'image';
  x: number;
  y: number;
  width: number;
  height: number;
}

/** GitLab's diff note position (sidebar-and-widgets.md "Diff note position"): on lines of a text file, or a point of an image. */
export type ApiDiffPosition = ApiTextDiffPosition | ApiImageDiffPosition;

export const isTextPosition = (p: ApiDiffPosition | null | undefined): p is ApiTextDiffPosition => !!p && p.position_type !== 'image';
export const isImagePosition = (p: ApiDiffPosition | null | undefined): p is ApiImageDiffPosition => !!p && p.position_type === 'image';

/** One end of a line range (issue-page.md "Line-range objects: line_code, type, old_line, new_line"); type null on a context line. */
export interface ApiLineRangeEnd {
  line_code: string;
  type: 'old' | 'new' | null;
  /** null on an added line. */
  old_line: number | null;
  /** null on a removed line. */
  new_line: number | null;
}

export interface ApiLineRange {
  start: ApiLineRangeEnd;
  end: ApiLineRangeEnd;
}

/**
 * A range end with its line numbers: positions stored before they carried old_line/new_line
 * read them from the line code (`<file hash>_<old>_<new>`, GitLab's) and the side.
 */
export function lineRangeEnd(e: { line_code: string; type: 'old' | 'new' | null; old_line?: number | null; new_line?: number | null }): ApiLineRangeEnd {
  const m = /_(\d+)_(\d+)$/.exec(e.line_code);
  const oldLine = e.old_line !== undefined ? e.old_line : m && e.type !== 'new' ? Number(m[1]) : null;
  const newLine = e.new_line !== undefined ? e.new_line : m && e.type !== 'old' ? Number(m[2]) : null;
  return { line_code: e.line_code, type: e.type, old_line: oldLine, new_line: newLine };
}

/** A position with both range ends' line numbers (older stored positions have none). */
export function withRangeLines<P extends ApiDiffPosition | null | undefined>(p: P): P {
  if (!isTextPosition(p) || !p.line_range) return p;
  return { ...p, line_range: { start: lineRangeEnd(p.line_range.start), end: lineRangeEnd(p.line_range.end) } };
}

/** A range end as GitLab writes it: `-12` on the old side, `+15` on the new, the number alone on a context line (multiline_comment_utils getLineNumber). */
export function rangeEndLabel(e: ApiLineRangeEnd, other: ApiLineRangeEnd): string {
  const sign = e.type === 'new' ? '+' : e.type === 'old' ? '-' : '';
  // A context end shows the side the other end is on (the right side when that one is added)
  const n = e.type === 'new' || (e.type === null && other.type === 'new') ? e.new_line : (e.old_line ?? e.new_line);
  return n === null ? '' : `${sign}${n}`;
}

/** How a file is shown: text lines, an image viewer, a download link, or a notice only. */
export type DiffViewerName = 'text' | 'image' | 'download' | 'collapsed' | 'renamed' | 'mode_changed' | 'no_preview';

export interface ApiDiffFile {
  /** sha1 of the new path (GitLab's file_hash; line codes start with it). */
  file_hash: string;
  /** sha1 of old and new path: the file's identity in the "viewed" store. */
  file_identifier_hash: string;
  old_path: string;
  new_path: string;
  a_mode: string;
  b_mode: string;
  new_file: boolean;
  deleted_file: boolean;
  renamed_file: boolean;
  mode_changed: boolean;
  binary: boolean;
  added_lines: number;
  removed_lines: number;
  /** Replaced, new, deleted or renamed (issue-page.md "Diff viewer" modes). */
  mode: 'replaced' | 'new' | 'deleted' | 'renamed';
  viewer: { name: DiffViewerName };
  /** The viewer "Show file contents" switches to (GitLab's alternate_viewer): text on a renamed text file; null when none. */
  alternate_viewer: { name: DiffViewerName } | null;
  /** The commit the file's content is read at: the head, or the base for a deleted file (GitLab's content_sha). */
  content_sha: string;
  /** The file's blob page at content_sha: {project path}/-/blob/{sha}/{path}. */
  view_path: string;
  /** Over the line limit: its lines load with "Show file contents". */
  collapsed: boolean;
  highlighted_diff_lines: ApiDiffLine[];
  /** {project path}/-/raw/{sha}/{path} of the old and new side (null when the side is absent). */
  old_raw_path: string | null;
  new_raw_path: string | null;
  old_size: number | null;
  new_size: number | null;
}

export interface ApiDiffRefs {
  base_sha: string | null;
  start_sha: string | null;
  head_sha: string | null;
}

export interface MergeRequestDiffsResponse {
  diff_files: ApiDiffFile[];
  diff_refs: ApiDiffRefs;
  /** True when -w was applied. */
  whitespace_hidden: boolean;
}

/** Diff constants (sidebar-and-widgets.md): views, storage keys, first files rendered at once, the tree width. */
export const DIFF_CONSTANTS = {
  inline: 'inline',
  parallel: 'parallel',
  viewKey: 'diff_view',
  whitespaceKey: 'diff_whitespace',
  /** The first 3 diff files render immediately; the rest when scrolled near. */
  renderedAtOnce: 3,
  /** Lines over which a file is collapsed until "Show file contents". */
  collapseLines: 500,
  /** The first files render at once only under this many lines (GitLab's LINES_TO_BE_RENDERED_DIRECTLY: the spec's "limit of 100"). */
  renderedAtOnceMaxLines: 100,
  /** The file tree's width: 320 by default, dragged between 240 and 400, remembered in local storage under treeWidthKey (GitLab's mr_tree_list_width). */
  treeWidth: 320,
  treeMinWidth: 240,
  treeMaxWidth: 400,
  treeWidthKey: 'mr_tree_list_width',
  contextLines: 3,
  /** Swipe view: resize handling debounce and the pixels added to the max size (issue-page.md §9). */
  swipeResizeDebounceMs: 400,
  swipeExtraPx: 2,
  /** Context expansion: lines shown per "Expand above" / "Expand below" (GitLab's UNFOLD_COUNT). */
  unfoldCount: 20,
  /** The most lines one blob diff request returns (ours): "Expand all lines" of a longer gap is refused with 400. */
  expandMaxLines: 10_000,
} as const;

export const DIFF_TEXTS = {
  showFileContents: 'Show file contents',
  fileContentsFailed: 'Unable to load file contents. Try again later.',
  renamedNoChanges: 'File renamed with no changes.',
  /** The comment form of a line range, and the header of a thread on one (GitLab: "Commenting on lines +12 to +15", "Comment on lines +12 to +15"). */
  commentingOnLines: (start: string, end: string) => `Commenting on lines ${start} to ${end}`,
  commentOnLines: (start: string, end: string) => `Comment on lines ${start} to ${end}`,
  renamed: (oldPath: string, newPath: string) => `File moved from ${oldPath} to ${newPath}`,
  modeChanged: (aMode: string, bMode: string) => `File mode changed from ${aMode} to ${bMode}`,
  collapsed: 'This diff is collapsed.',
  noPreview: 'No preview for this file type',
  download: 'Download',
  imageModes: { twoUp: '2-up', swipe: 'Swipe', onion: 'Onion skin' },
  inlineView: 'Inline',
  parallelView: 'Side-by-side',
  hideWhitespace: 'Hide whitespace changes',
  viewed: 'Viewed',
  noChanges: 'No changes.',
  loadFailed: 'Something went wrong while fetching the changes.',
  /** A diff discussion's lazily loaded lines (discussions.md "Diff lazy-load"). */
  diffLoadFailed: 'Unable to load the diff',
  tryAgain: 'Try again',
  /** GitLab's header of a diff thread whose line changed in a later push. */
  outdated: 'on an old version of the diff',
  /** A push moved the source branch while the Changes tab was open. */
  diffChanged: 'The diff changed since you opened it.',
  showLatest: 'Show latest version',
  /**
   * Context expansion at a hunk header (ours: the spec names no texts): "up" shows the hidden
   * lines just above the next hunk, "down" those just below the previous one, 20 at a time.
   */
  expandUp: 'Expand up',
  expandDown: 'Expand down',
  expandAll: 'Expand all lines',
  expandFailed: 'Something went wrong while fetching diff lines.',
  /** The comment form on a point of an image, and an image badge's name (its thread's number on the image). */
  commentOnImage: 'Comment on this image',
  imageBadge: (n: number) => `Thread ${n} on this image`,
} as const;

/** A file at a commit through the repository's raw route: {project path}/-/raw/{sha}/{path} (the diff's image viewers and the Overview's image threads). */
export const repositoryRawPath = (projectPath: string, sha: string, path: string) => `/${projectPath}/-/raw/${sha}/${path.split('/').map(encodeURIComponent).join('/')}`;

/**
 * GET: lines `since`..`to` (new-file line numbers) of a file at a commit, numbered on the old side
 * as `new - offset` (GitLab's Projects::BlobController#diff: `/-/blob/<sha>/<path>/diff`).
 * Answers ApiDiffLine[] of `context` lines, highlighted and escaped by the server.
 */
export const blobDiffPath = (projectPath: string, sha: string, path: string, q: { since: number; to: number; offset: number }) =>
  `/${projectPath}/-/blob/${sha}/${path.split('/').map(encodeURIComponent).join('/')}/diff?since=${q.since}&to=${q.to}&offset=${q.offset}`;

/** Unchanged lines hidden at a hunk header: new-side numbers `since`..`to`; old side = new - offset. */
export interface DiffGap {
  since: number;
  to: number;
  offset: number;
}

/**
 * The lines hidden at the hunk header `index`: after the last new-side line before it (or the
 * file's start) up to where the hunk it heads starts (its meta_data); null when none are hidden.
 */
export function gapAt(lines: readonly ApiDiffLine[], index: number): DiffGap | null {
  const m = lines[index];
  if (!m || m.type !== 'match' || !m.meta_data) return null;
  let prev = 0;
  for (let j = index - 1; j >= 0; j--) {
    const n = lines[j]!.new_line;
    if (n !== null) {
      prev = n;
      break;
    }
  }
  const since = prev + 1;
  const to = m.meta_data.new_pos - 1;
  return to >= since ? { since, to, offset: m.meta_data.new_pos - m.meta_data.old_pos } : null;
}

/**
 * Is `old_line`/`new_line` an unchanged line hidden between (or around) the hunks, one context
 * expansion shows? GitLab takes diff notes there (a position with both lines).
 */
export function isHiddenContextLine(lines: readonly ApiDiffLine[], oldLine: number, newLine: number): boolean {
  return lines.some((l, i) => {
    if (l.type !== 'match') return false;
    const g = gapAt(lines, i);
    return !!g && newLine >= g.since && newLine <= g.to && newLine - g.offset === oldLine;
  });
}

/** Lines shown above a diff thread in the Overview: the commented line and up to 3 before it in its hunk. */
export const EXCERPT_LINES = 4;

/**
 * The commented line and the lines before it in its hunk (match lines end the excerpt): GitLab's
 * truncated_diff_lines; a comment on a range of lines shows the range, its first line to its last.
 */
export function excerptLines(lines: readonly ApiDiffLine[], oldLine: number | null, newLine: number | null, size = EXCERPT_LINES, rangeStartCode: string | null = null): ApiDiffLine[] {
  const at = lines.findIndex((l) => (newLine !== null ? l.new_line === newLine && l.type !== 'old' && l.type !== 'match' : l.type === 'old' && l.old_line === oldLine));
  if (at < 0) return [];
  const start = rangeStartCode === null ? -1 : lines.findIndex((l) => l.line_code === rangeStartCode);
  if (start >= 0 && start <= at) return lines.slice(start, at + 1);
  let from = at;
  while (from > 0 && at - from < size - 1 && lines[from - 1]!.type !== 'match') from--;
  return lines.slice(from, at + 1);
}

/** GET: a diff discussion's truncated_diff_lines, read at its own position's shas (outdated threads too). */
export const mergeRequestDiscussionDiffLinesPath = (projectPath: string, iid: number, discussionId: string) => `/${projectPath}/-/merge_requests/${iid}/discussions/${discussionId}/diff_lines.json`;

export interface DiscussionDiffLinesResponse {
  truncated_diff_lines: ApiDiffLine[];
}
