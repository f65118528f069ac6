import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Lock, LockOpen } from 'lucide-react';
import { DISCUSSION_TEXTS, LOCK_TEXTS } from '@tandem/shared-types';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { setIssueLocked } from './issueFlagsApi';
import { useIssueFlagToggle } from './useIssueFlagToggle';
import { FlagConfirmForm, FlagError } from './FlagConfirmForm';
import './socialWidgets.css';

interface LockWidgetProps {
  issueKey: string;
  projectPath: string;
  iid: number;
  /** May lock the discussion (spec: is_editable / can_update). */
  editable: boolean;
}

/**
 * The lock block: Locked / Unlocked, and for who may change it an Edit that asks first (what
 * locking or unlocking means) with the Lock / Unlock button (issueSetLocked; 'Applying' while busy).
 */
export function LockWidget({ issueKey, projectPath, iid, editable }: LockWidgetProps) {
  const locked = useAtomValue(issueAtomFamily(issueKey))!.discussion_locked;
  const [open, setOpen] = useState(false);
  const { apply, busy, error, clearError } = useIssueFlagToggle(issueKey, 'discussion_locked', (value) => setIssueLocked(projectPath, iid, value), LOCK_TEXTS.failed('issue'));
  const toggleForm = () => {
    clearError();
    setOpen((o) => !o);
  };

  return (
    <SidebarBlock title={LOCK_TEXTS.title} icon={locked ? <Lock size={16} /> : <LockOpen size={16} />} testId="sidebar-lock" edit={editable ? { open, onToggle: toggleForm } : undefined}>
      <p className="sidebar-flag__status" data-testid="lock-status">
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
          testId="lock-form"
          warning={
            <>
              <strong>{locked ? LOCK_TEXTS.confirmUnlock('issue') : LOCK_TEXTS.confirmLock('issue')}</strong>{' '}
              {locked ? DISCUSSION_TEXTS.lockUnlockedSays : DISCUSSION_TEXTS.lockLockedSays}
            </>
          }
          confirmLabel={locked ? LOCK_TEXTS.unlock : LOCK_TEXTS.lock}
          busy={busy}
          onCancel={toggleForm}
          onConfirm={async () => {
            if (await apply(!locked)) setOpen(false);
          }}
        />
      )}
      <FlagError error={error} />
    </SidebarBlock>
  );
}
