import { useCallback, useState } from 'react';
import { ISSUE_PAGE_TEXTS } from '@tandem/shared-types';
import { EditConflict } from './EditConflict';
import { mergeEdit, type EditedText } from './mergeEdit';
import type { ConflictChunk } from './threeWayMerge';

/** What the form edits on top of: the saved text and its lock_version. */
export interface EditSnapshot extends EditedText {
  lock_version: number;
}

type MergeState = { applied: true } | { conflicts: ConflictChunk[]; theirs: EditSnapshot } | null;

/**
 * The concurrent-edit state of an edit form (issue and epic alike): the version it edits on
 * top of (`base`, `lockVersion`, sent with the save) and what the merge after a 409 left: applied,
 * or conflicts for the user to choose (EditMergeNotices shows them).
 */
export function useEditMerge(initialBase: () => EditSnapshot) {
  const [base, setBase] = useState<EditSnapshot>(initialBase);
  const [lockVersion, setLockVersion] = useState(base.lock_version);
  const [merge, setMerge] = useState<MergeState>(null);
  /** The form now edits on top of `theirs`: its version, and the base of any later merge. */
  const adopt = useCallback((theirs: EditSnapshot) => {
    setBase(theirs);
    setLockVersion(theirs.lock_version);
  }, []);
  /** After a 409: the user's text merged onto `theirs`; a clean merge is applied through setText and the form moves to their version. */
  const mergeOnto = (theirs: EditSnapshot, mine: EditedText, setText: (t: EditedText) => void) => {
    const merged = mergeEdit(base, mine, theirs);
    if (!merged.clean) return setMerge({ conflicts: merged.conflicts, theirs });
    setText({ title: merged.title, description: merged.description });
    adopt(theirs);
    setMerge({ applied: true });
  };
  return { base, setBase, lockVersion, setLockVersion, merge, clearMerge: () => setMerge(null), adopt, mergeOnto };
}

export type EditMerge = ReturnType<typeof useEditMerge>;

/** The merge's outcome above the form: "applied", or the conflicts with "use theirs" / "keep mine". */
export function EditMergeNotices({ edit, setText }: { edit: EditMerge; setText: (t: EditedText) => void }) {
  const { merge } = edit;
  if (!merge) return null;
  if ('applied' in merge) {
    return (
      <div className="alert alert--info" role="status" data-testid="merge-applied">
        <div className="alert__body">{ISSUE_PAGE_TEXTS.mergeApplied}</div>
      </div>
    );
  }
  const settle = (useTheirs: boolean) => {
    if (useTheirs) setText({ title: merge.theirs.title, description: merge.theirs.description });
    edit.adopt(merge.theirs);
    edit.clearMerge();
  };
  return <EditConflict conflicts={merge.conflicts} onUseTheirs={() => settle(true)} onKeepMine={() => settle(false)} />;
}
