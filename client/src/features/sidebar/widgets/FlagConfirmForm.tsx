import type { ReactNode } from 'react';
import { DISCUSSION_TEXTS } from '@tandem/shared-types';

interface FlagConfirmFormProps {
  /** The group's accessible name ("Change lock"). */
  label: string;
  testId: string;
  /** What turning the flag on or off means, shown before the button. */
  warning: ReactNode;
  /** The button's text when idle ("Lock", "Turn off"); 'Applying' while busy. */
  confirmLabel: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** The open form of an on/off sidebar block (confidentiality, lock): the warning, Cancel, the confirm button. */
export function FlagConfirmForm({ label, testId, warning, confirmLabel, busy, onCancel, onConfirm }: FlagConfirmFormProps) {
  return (
    <div className="sidebar-flag__form" role="group" aria-label={label} data-testid={testId}>
      <p className="sidebar-flag__warning">{warning}</p>
      <div className="sidebar-flag__actions">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn--confirm" disabled={busy} aria-busy={busy} onClick={onConfirm}>
          {busy ? DISCUSSION_TEXTS.applying : confirmLabel}
        </button>
      </div>
    </div>
  );
}

/** A flag block's error line. */
export function FlagError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="field-error" role="alert">
      {error}
    </p>
  );
}
