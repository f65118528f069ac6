import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onOpenChange(open: boolean): void;
}

/** A modal yes/no question with focus trapped inside (Radix Dialog). */
export function ConfirmDialog({ open, title, message, confirmLabel, danger, busy, onConfirm, onOpenChange }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby="confirm-dialog-message">
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <div id="confirm-dialog-message" className="dialog__body">
            {message}
          </div>
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="btn">
                Cancel
              </button>
            </Dialog.Close>
            <button type="button" className={`btn ${danger ? 'btn--danger' : 'btn--confirm'}`} disabled={busy} onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
