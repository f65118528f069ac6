import { useState } from 'react';
import { Lock, LockOpen } from 'lucide-react';
import { DISCUSSION_TEXTS, LOCK_TEXTS } from '@tandem/shared-types';
import { SidebarBlock } from '../../sidebar/SidebarBlock';
import { FlagConfirmForm, FlagError } from '../../sidebar/widgets/FlagConfirmForm';
import { setMergeRequestLocked } from './mergeRequestSidebarApi';
import { useMergeRequestSave } from './useMergeRequestSave';
import '../../sidebar/widgets/socialWidgets.css';

/**
 * The merge request's lock block (sidebar spec §2 "Lock"), as the issue's: Locked / Unlocked, and
 * for who may update it an Edit that asks first (what locking or unlocking means) with Lock /
 * Unlock ('Applying' while busy); the page reads the merge request again once it is saved.
 */
export function MergeRequestLockBlock({ locked, projectPath, iid, canUpdate, onSaved }: { locked: boolean; projectPath: string; iid: number; canUpdate: boolean; onSaved(): void }) {
  const [open, setOpen] = useState(false);
  const { run, saving, error, setError } = useMergeRequestSave(LOCK_TEXTS.failed('merge request'), onSaved);
  const toggleForm = () => {
    setError(null);
    setOpen((o) => !o);
  };
  return (
    <SidebarBlock title={LOCK_TEXTS.title} icon={locked ? <Lock size={16} /> : <LockOpen size={16} />} testId="mr-sidebar-lock" edit={canUpdate ? { open, onToggle: toggleForm } : undefined}>
      <p className="sidebar-flag__status" data-testid="mr-lock-status">
        {locked ? (
          <>
            <strong>{LOCK_TEXTS.locked}</strong> <span className="muted">{LOCK_TEXTS.lockedDetail}</span>
          </>
        ) : (
          LOCK_TEXTS.unlocked
        )}
      </p>
      {open && (
        <FlagConfirmForm
          label="Change lock"
          testId="mr-lock-form"
          warning={
            <>
              <strong>{locked ? LOCK_TEXTS.confirmUnlock('merge request') : LOCK_TEXTS.confirmLock('merge request')}</strong>{' '}
              {locked ? DISCUSSION_TEXTS.lockUnlockedSays : DISCUSSION_TEXTS.lockLockedSays}
            </>
          }
          confirmLabel={locked ? LOCK_TEXTS.unlock : LOCK_TEXTS.lock}
          busy={saving}
          onCancel={toggleForm}
          onConfirm={async () => {
            if (await run(() => setMergeRequestLocked(projectPath, iid, !locked))) setOpen(false);
          }}
        />
      )}
      <FlagError error={error} />
    </SidebarBlock>
  );
}
