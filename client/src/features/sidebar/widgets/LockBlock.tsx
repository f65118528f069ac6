import { useState } from 'react';
import { Lock, LockOpen } from 'lucide-react';
import { DISCUSSION_TEXTS, LOCK_TEXTS } from '@tandem/shared-types';
import { SidebarBlock } from '../SidebarBlock';
import { FlagConfirmForm, FlagError } from './FlagConfirmForm';
import './socialWidgets.css';

interface LockBlockProps {
  locked: boolean;
  /** What is locked, in the confirmation ('issue', 'merge request'). */
  noun: string;
  /** May lock the discussion. */
  editable: boolean;
  /** The block's test ids: the block, its status line and its form. */
  testIds: { block: string; status: string; form: string };
  busy: boolean;
  error: string | null;
  clearError(): void;
  /** Saves the new state; true when saved. */
  apply(locked: boolean): Promise<boolean>;
}

/**
 * The lock block of a sidebar (sidebar spec §2 "Lock"): Locked / Unlocked, and for who may change
 * it an Edit that asks first (what locking or unlocking means) with the Lock / Unlock button
 * ('Applying' while busy). The and the merge request's, each with its own save.
 */
export function LockBlock({ locked, noun, editable, testIds, busy, error, clearError, apply }: LockBlockProps) {
  const [open, setOpen] = useState(false);
  const toggleForm = () => {
    clearError();
    setOpen((o) => !o);
  };
  return (
    <SidebarBlock title={LOCK_TEXTS.title} icon={locked ? <Lock size={16} /> : <LockOpen size={16} />} testId={testIds.block} edit={editable ? { open, onToggle: toggleForm } : undefined}>
      <p className="sidebar-flag__status" data-testid={testIds.status}>
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
          testId={testIds.form}
          warning={
            <>
              <strong>{locked ? LOCK_TEXTS.confirmUnlock(noun) : LOCK_TEXTS.confirmLock(noun)}</strong> {locked ? DISCUSSION_TEXTS.lockUnlockedSays : DISCUSSION_TEXTS.lockLockedSays}
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
