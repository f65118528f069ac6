import { DIFF_CONSTANTS, withChunks, type ApiDiffFile, type ApiDiffLine, type DiffViewerName } from '@tandem/shared-types';
import type { DiffFile } from '../../repository';
import { blobLines, diffLines, sha1 } from './diff-lines';

/** The images the repository's -/raw/ route shows inline (never SVG: it can carry script). */
const IMAGE = /\.(png|jpe?g|gif|webp|bmp|ico)$/i;

export const isImagePath = (p: string) => IMAGE.test(p);

export interface DiffSides {
  projectPath: string;
  /** The old side's commit (base) and the new side's (head). */
  baseSha: string;
  headSha: string;
  /** Blob sizes of binary files, by side and path. */
  sizes?: Map<string, number>;
  /** Lines of the new side's blobs, by blob id (for the bottom match line). */
  lineCounts?: ReadonlyMap<string, number>;
  /** The whole text of renamed files without changes whose contents were asked for ("Show file contents"), by new path. */
  renamedContents?: ReadonlyMap<string, string>;
}

/**
 * The diff's lines, closed by GitLab's bottom `match` line when the file goes on past its last
 * hunk: its meta_data is one past the file's last line on each side (the client's "Expand down").
 */
function linesWithBottom(d: DiffFile, fileHash: string, lineCounts: ReadonlyMap<string, number> | undefined): ApiDiffLine[] {
  const lines = diffLines(d.diff, d.newPath, fileHash);
  const total = d.newBlobId ? lineCounts?.get(d.newBlobId) : undefined;
  if (d.deletedFile || total === undefined || !lines.length) return lines;
  // The next line on each side after the diff's last line
  let oldNext = 1;
  let newNext = 1;
  for (const l of lines) {
    if (l.type === 'match' && l.meta_data) [oldNext, newNext] = [l.meta_data.old_pos, l.meta_data.new_pos];
    if (l.old_line !== null) oldNext = l.old_line + 1;
    if (l.new_line !== null) newNext = l.new_line + 1;
  }
  if (newNext > total) return lines;
  const offset = newNext - oldNext;
  lines.push({ type: 'match', old_line: null, new_line: null, line_code: null, rich_text: '', meta_data: { old_pos: total + 1 - offset, new_pos: total + 1 } });
  return lines;
}

/** GitLab's prepared lines: each with its chunk and an empty thread list (the threads are the viewer's: added per request, `withLineDiscussions`). */
const prepared = (lines: ApiDiffLine[]): ApiDiffLine[] => withChunks(lines).map((l) => ({ ...l, discussions: [] }));

/** Replaced, new, deleted or renamed. */
function modeOf(d: DiffFile): ApiDiffFile['mode'] {
  if (d.newFile) return 'new';
  if (d.deletedFile) return 'deleted';
  if (d.renamedFile) return 'renamed';
  return 'replaced';
}

function viewerOf(d: DiffFile, lineCount: number, collapsed: boolean): DiffViewerName {
  if (d.binary) return isImagePath(d.newPath) || isImagePath(d.oldPath) ? 'image' : 'download';
  if (collapsed) return 'collapsed';
  if (lineCount > 0) return 'text';
  if (d.renamedFile) return 'renamed';
  if (d.aMode !== d.bMode && !d.newFile && !d.deletedFile) return 'mode_changed';
  return 'no_preview';
}

/**
 * The port's diff as GitLab's diff files: modes, the viewer to use, raw paths for images and
 * downloads, highlighted lines. A file over the collapse limit comes without lines unless it is
 * `expand`ed (its file_hash), which "Show file contents" asks for.
 */
export function presentDiffFile(d: DiffFile, sides: DiffSides, expand: ReadonlySet<string> = new Set()): ApiDiffFile {
  const fileHash = sha1(d.newPath);
  const lineCount = d.diff ? d.diff.split('\n').length - 1 : 0;
  const collapsed = !d.binary && lineCount > DIFF_CONSTANTS.collapseLines && !expand.has(fileHash);
  const route = (kind: 'raw' | 'blob', sha: string, path: string) => `/${sides.projectPath}/-/${kind}/${sha}/${path.split('/').map(encodeURIComponent).join('/')}`;
  const raw = (sha: string, path: string) => route('raw', sha, path);
  const viewer = viewerOf(d, lineCount, collapsed);
  // A renamed file's contents, asked for: all its lines, unchanged (GitLab's renamed viewer switching to its alternate, the text viewer)
  const renamedText = viewer === 'renamed' ? sides.renamedContents?.get(d.newPath) : undefined;
  const contentSha = d.deletedFile ? sides.baseSha : sides.headSha;
  return {
    file_hash: fileHash,
    file_identifier_hash: sha1(`${d.oldPath}\0${d.newPath}`),
    old_path: d.oldPath,
    new_path: d.newPath,
    a_mode: d.aMode,
    b_mode: d.bMode,
    new_file: d.newFile,
    deleted_file: d.deletedFile,
    renamed_file: d.renamedFile,
    mode_changed: d.aMode !== d.bMode && !d.newFile && !d.deletedFile,
    binary: d.binary,
    added_lines: d.additions,
    removed_lines: d.deletions,
    mode: modeOf(d),
    viewer: { name: renamedText !== undefined ? 'text' : viewer },
    alternate_viewer: viewer === 'renamed' ? { name: 'text' } : null,
    content_sha: contentSha,
    view_path: route('blob', contentSha, d.deletedFile ? d.oldPath : d.newPath),
    collapsed,
    highlighted_diff_lines: prepared(renamedText !== undefined ? blobLines(renamedText, d.newPath, 1, Number.MAX_SAFE_INTEGER, 0) : collapsed || d.binary ? [] : linesWithBottom(d, fileHash, sides.lineCounts)),
    old_raw_path: d.newFile ? null : raw(sides.baseSha, d.oldPath),
    new_raw_path: d.deletedFile ? null : raw(sides.headSha, d.newPath),
    old_size: d.newFile ? null : (sides.sizes?.get(`old:${d.oldPath}`) ?? null),
    new_size: d.deletedFile ? null : (sides.sizes?.get(`new:${d.newPath}`) ?? null),
  };
}
