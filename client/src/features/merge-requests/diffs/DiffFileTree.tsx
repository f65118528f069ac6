import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { DIFF_CONSTANTS, type ApiDiffFile } from '@tandem/shared-types';
import { useTreeWidth } from './diffPrefs';

/** Pixels a key press moves the tree's edge. */
const KEY_STEP = 16;

/**
 * The file tree: every changed file, with its counts; a click scrolls to the file. Its right edge
 * drags its width between 240 and 400 (arrow keys too), remembered in local storage.
 */
export function DiffFileTree({ files, viewed }: { files: ApiDiffFile[]; viewed: Record<string, string[]> }) {
  const { width, preview, commit } = useTreeWidth();
  const drag = useRef<{ x: number; width: number; last: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, width, last: width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.last = drag.current.width + e.clientX - drag.current.x;
    preview(drag.current.last);
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    commit(drag.current.last);
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      commit(width + (e.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP));
    }
  };
  return (
    <div className="diff-tree-wrap" style={{ width }} data-testid="diff-tree-wrap">
      <nav className="diff-tree" aria-label="Changed files" data-testid="diff-tree">
        <ul>
          {files.map((f) => (
            <li key={f.file_identifier_hash} className={viewed[f.file_identifier_hash] ? 'is-viewed' : undefined}>
              <a href={`#diff-${f.file_hash}`} title={f.new_path} onClick={(e) => {
                e.preventDefault();
                document.getElementById(`diff-${f.file_hash}`)?.scrollIntoView({ block: 'start' });
              }}>
                {f.new_path}
              </a>
              <span className="add">+{f.added_lines}</span> <span className="del">−{f.removed_lines}</span>
            </li>
          ))}
        </ul>
      </nav>
      {/* A focusable separator is a widget (WAI-ARIA's window splitter): it takes pointer and arrow keys */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        className="diff-tree-resize"
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize file tree"
        aria-valuenow={width}
        aria-valuemin={DIFF_CONSTANTS.treeMinWidth}
        aria-valuemax={DIFF_CONSTANTS.treeMaxWidth}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        data-testid="diff-tree-resize"
      />
    </div>
  );
}
