import { ISSUE_PAGE_TEXTS as T } from '@tandem/shared-types';
import type { ConflictChunk } from './threeWayMerge';
import './editConflict.css';

interface EditConflictProps {
  conflicts: ConflictChunk[];
  onUseTheirs(): void;
  onKeepMine(): void;
}

/** Overlapping edits after a 409 (an issue's or an epic's edit form): each conflicting passage as theirs and as the user's, and the choice. */
export function EditConflict({ conflicts, onUseTheirs, onKeepMine }: EditConflictProps) {
  return (
    <div className="alert alert--warning edit-conflict" role="alert" data-testid="edit-conflict">
      <div className="alert__body">
        <p>{T.mergeConflict}</p>
        {conflicts.map((c, i) => (
          <div className="edit-conflict__pair" key={i}>
            <figure>
              <figcaption>{T.theirVersion}</figcaption>
              <pre data-testid="conflict-theirs">{c.theirs.join('\n')}</pre>
            </figure>
            <figure>
              <figcaption>{T.yourVersion}</figcaption>
              <pre data-testid="conflict-mine">{c.mine.join('\n')}</pre>
            </figure>
          </div>
        ))}
        <div className="alert__actions">
          <button type="button" className="btn" onClick={onUseTheirs}>
            {T.useTheirs}
          </button>
          <button type="button" className="btn btn--confirm" onClick={onKeepMine}>
            {T.keepMine}
          </button>
        </div>
      </div>
    </div>
  );
}
