import { LOCK_TEXTS } from '@tandem/shared-types';
import { LockBlock } from '../../sidebar/widgets/LockBlock';
import { setMergeRequestLocked } from './mergeRequestSidebarApi';
import { useMergeRequestSave } from './useMergeRequestSave';

/**
 * The merge request's lock block (LockBlock, as the issue's), saved through REST PUT
 * discussion_locked; the page reads the merge request again once it is saved.
 */
export function MergeRequestLockBlock({ locked, projectPath, iid, canUpdate, onSaved }: { locked: boolean; projectPath: string; iid: number; canUpdate: boolean; onSaved(): void }) {
  const { run, saving, error, setError } = useMergeRequestSave(LOCK_TEXTS.failed('merge request'), onSaved);
  return (
    <LockBlock
      locked={locked}
      noun="merge request"
      editable={canUpdate}
      testIds={{ block: 'mr-sidebar-lock', status: 'mr-lock-status', form: 'mr-lock-form' }}
      busy={saving}
      error={error}
      clearError={() => setError(null)}
      apply={(value) => run(() => setMergeRequestLocked(projectPath, iid, value))}
    />
  );
}
