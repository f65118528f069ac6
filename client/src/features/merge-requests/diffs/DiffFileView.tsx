import { memo, useState } from 'react';
import { DIFF_TEXTS, FILE_EDIT_TEXTS, type ApiDiffFile, type ApiDiffLine } from '@tandem/shared-types';
import { Alert } from '../../../shared/ui/Alert';
import { fetchBlobLines, fetchDiffForPath } from './diffsApi';
import { DiffLines, type LineExpansion, type LineNotes } from './DiffLines';
import { gapAt, rangeFor, withExpanded, type ExpandDirection } from './diffExpansion';
import type { DiffView } from './diffPrefs';
import { ImageDiff } from './ImageDiff';
import type { ImageNotes } from './ImageNotes';
import { formatBytes } from '../../../shared/format/formatBytes';
import { fileEditAction, type FileEditContext } from './fileEditRules';

/** The diff loader (sidebar-and-widgets.md): idle → loading → idle or errored; errored → idle when acknowledged. */
type LoaderState = 'idle' | 'loading' | 'errored';

interface Props {
  file: ApiDiffFile;
  view: DiffView;
  hideWhitespace: boolean;
  projectPath: string;
  iid: number;
  viewed: boolean;
  /** Marks the file viewed or not (its identifier and hash: the "viewed" store's key and value). */
  onViewed: (identifier: string, fileHash: string, on: boolean) => void;
  /** Diff notes on this file's lines (absent: none shown, no comment buttons). */
  notes?: LineNotes;
  /** Diff notes on points of this file's image (absent: none shown, no commenting). */
  imageNotes?: ImageNotes;
  /** The head commit of the diff on screen: context expansion reads the file there (absent: no expansion). */
  headSha?: string | null;
  /** The merge request's source branch and the viewer's rights there: "Edit in single-file editor" (absent: not offered). */
  edit?: FileEditContext | null;
}

const MODE_TEXT: Record<ApiDiffFile['mode'], string> = { new: 'new file', deleted: 'deleted', renamed: 'renamed', replaced: '' };

/** One file of the Changes tab: its header (path, counts, Viewed) and the viewer its kind needs. Memoised: a 50-file diff re-renders only the file that changed. */
export const DiffFileView = memo(function DiffFileView({ file, view, hideWhitespace, projectPath, iid, viewed, onViewed, notes, imageNotes, headSha = null, edit = null }: Props) {
  const editAction = fileEditAction(file, edit);
  const [forkMessage, setForkMessage] = useState(false);
  const [loaded, setLoaded] = useState<ApiDiffFile | null>(null);
  const [loader, setLoader] = useState<LoaderState>('idle');
  const [open, setOpen] = useState(!viewed);
  // The file's lines with what context expansion has shown between its hunks
  const [expanded, setExpanded] = useState<ApiDiffLine[] | null>(null);
  const [expanding, setExpanding] = useState(false);
  const [expandFailed, setExpandFailed] = useState(false);
  const shown = loaded ?? file;
  const lines = expanded ?? shown.highlighted_diff_lines;
  const showContents = async () => {
    setLoader('loading');
    try {
      setLoaded(await fetchDiffForPath(projectPath, iid, file.file_hash, hideWhitespace));
      setExpanded(null);
      setLoader('idle');
    } catch {
      setLoader('errored');
    }
  };
  const expand = async (index: number, dir: ExpandDirection) => {
    const gap = gapAt(lines, index);
    if (!gap || !headSha) return;
    const range = rangeFor(gap, dir);
    setExpanding(true);
    setExpandFailed(false);
    try {
      const fetched = await fetchBlobLines(projectPath, headSha, file.new_path, { ...range, offset: gap.offset });
      setExpanded(withExpanded(lines, index, fetched, range, gap));
    } catch {
      setExpandFailed(true);
    } finally {
      setExpanding(false);
    }
  };
  // Nothing to read on a file without a new side
  const expansion: LineExpansion | undefined = headSha && !file.deleted_file ? { onExpand: (i, d) => void expand(i, d), busy: expanding } : undefined;
  const markViewed = (on: boolean) => {
    onViewed(file.file_identifier_hash, file.file_hash, on);
    setOpen(!on); // a viewed file folds away, as GitLab does
  };
  const name = file.renamed_file ? `${file.old_path} → ${file.new_path}` : file.new_path;
  return (
    <section className="diff-file" id={`diff-${file.file_hash}`} data-testid="diff-file" data-path={file.new_path} data-mode={file.mode} data-viewer={shown.viewer.name}>
      <header className="diff-file-header">
        <button type="button" className="diff-fold" aria-expanded={open} aria-label={open ? 'Hide file contents' : 'Show file'} onClick={() => setOpen((o) => !o)}>
          {open ? '▾' : '▸'}
        </button>
        <strong className="diff-file-name">{name}</strong>
        {MODE_TEXT[file.mode] && <span className="diff-file-mode">{MODE_TEXT[file.mode]}</span>}
        {file.mode_changed && <small>{`${file.a_mode} → ${file.b_mode}`}</small>}
        <span className="diff-stats">
          <span className="add">+{file.added_lines}</span> <span className="del">−{file.removed_lines}</span>
        </span>
        <label className="diff-viewed">
          <input type="checkbox" checked={viewed} onChange={(e) => markViewed(e.target.checked)} data-testid="diff-viewed" /> {DIFF_TEXTS.viewed}
        </label>
        {editAction?.kind === 'edit' && (
          <a className="btn btn--sm diff-edit" href={editAction.href} data-testid="diff-edit-file">
            {FILE_EDIT_TEXTS.editInSingleFileEditor}
          </a>
        )}
        {editAction?.kind === 'fork' && (
          <button type="button" className="btn btn--sm diff-edit" onClick={() => setForkMessage(true)} data-testid="diff-edit-file">
            {FILE_EDIT_TEXTS.editInSingleFileEditor}
          </button>
        )}
      </header>
      {/* GitLab's fork suggestion; Tandem has no fork page for its Fork button to open, so only the message and Cancel */}
      {forkMessage && (
        <div className="diff-fork-message" role="status" data-testid="diff-fork-message">
          <span>{FILE_EDIT_TEXTS.forkMessage}</span>{' '}
          <button type="button" className="btn btn--sm" onClick={() => setForkMessage(false)}>
            {FILE_EDIT_TEXTS.cancel}
          </button>
        </div>
      )}
      {open && (
        <div className="diff-file-body">
          {file.renamed_file && shown.viewer.name !== 'renamed' && <p className="diff-notice" data-testid="diff-renamed-notice">{DIFF_TEXTS.renamed(file.old_path, file.new_path)}</p>}
          {file.mode_changed && shown.viewer.name !== 'mode_changed' && <p className="diff-notice" data-testid="diff-mode-notice">{DIFF_TEXTS.modeChanged(file.a_mode, file.b_mode)}</p>}
          {/* A pure rename's loaded lines are no lines of the diff: the server takes no diff note on them */}
          <Viewer file={shown} lines={lines} view={view} loader={loader} onShow={() => void showContents()} notes={file.viewer.name === 'renamed' ? undefined : notes} imageNotes={imageNotes} expansion={expansion} />
          {expandFailed && (
            <Alert variant="danger" onDismiss={() => setExpandFailed(false)} testId="diff-expand-error">
              {DIFF_TEXTS.expandFailed}
            </Alert>
          )}
          {loader === 'errored' && (
            <Alert variant="danger" onDismiss={() => setLoader('idle')} testId="diff-load-error">
              {DIFF_TEXTS.fileContentsFailed}
            </Alert>
          )}
        </div>
      )}
    </section>
  );
});

interface ViewerProps {
  file: ApiDiffFile;
  lines: ApiDiffLine[];
  view: DiffView;
  loader: LoaderState;
  onShow: () => void;
  notes?: LineNotes;
  imageNotes?: ImageNotes;
  expansion?: LineExpansion;
}

/** "Show file contents" of a collapsed or renamed file: busy while its lines load (the loader's error shows under the viewer). */
function ShowContents({ loader, onShow }: { loader: LoaderState; onShow: () => void }) {
  const loading = loader === 'loading';
  return (
    <>
      <button type="button" className="btn-link" onClick={onShow} disabled={loading} aria-busy={loading} data-testid="diff-show-contents">
        {DIFF_TEXTS.showFileContents}
      </button>
      {loading && (
        <span className="diff-contents-loading" role="status" data-testid="diff-contents-loading">
          {' '}
          Loading…
        </span>
      )}
    </>
  );
}

function Viewer({ file, lines, view, loader, onShow, notes, imageNotes, expansion }: ViewerProps) {
  switch (file.viewer.name) {
    case 'text':
      return <DiffLines lines={lines} view={view} notes={notes} expansion={expansion} />;
    case 'image':
      return <ImageDiff file={file} notes={imageNotes} />;
    case 'download': {
      const href = file.new_raw_path ?? file.old_raw_path;
      const size = file.new_raw_path ? file.new_size : file.old_size;
      return (
        <p className="diff-notice" data-testid="diff-download">
          <a href={href ?? undefined} download rel="noopener">
            {DIFF_TEXTS.download}
          </a>
          {size !== null ? ` (${formatBytes(size)})` : ''}
        </p>
      );
    }
    case 'collapsed':
      return (
        <p className="diff-notice" data-testid="diff-collapsed">
          {DIFF_TEXTS.collapsed} <ShowContents loader={loader} onShow={onShow} />
        </p>
      );
    case 'renamed':
      // GitLab's renamed viewer: its contents load through the alternate (text) viewer
      return (
        <p className="diff-notice" data-testid="diff-renamed-notice">
          {DIFF_TEXTS.renamedNoChanges} {DIFF_TEXTS.renamed(file.old_path, file.new_path)}
          {file.alternate_viewer?.name === 'text' && (
            <>
              {' '}
              <ShowContents loader={loader} onShow={onShow} />
            </>
          )}
        </p>
      );
    case 'mode_changed':
      return <p className="diff-notice" data-testid="diff-mode-notice">{DIFF_TEXTS.modeChanged(file.a_mode, file.b_mode)}</p>;
    default:
      return <p className="diff-notice">{DIFF_TEXTS.noPreview}</p>;
  }
}
