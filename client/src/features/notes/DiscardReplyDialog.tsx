import { DISCUSSION_TEXTS, NOTE_FORM_TEXTS } from '@tandem/shared-types';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';

/** Cancelling a reply that holds text asks first (discussions.md §5): the thread reply form's and the review reply form's question. */
export function DiscardReplyDialog({ open, onDiscard, onOpenChange }: { open: boolean; onDiscard(): void; onOpenChange(open: boolean): void }) {
  return (
    <ConfirmDialog
      open={open}
      title={NOTE_FORM_TEXTS.cancelReplyTitle}
      message={DISCUSSION_TEXTS.confirmCancelReply}
      confirmLabel={NOTE_FORM_TEXTS.discardReply}
      danger
      onConfirm={onDiscard}
      onOpenChange={onOpenChange}
    />
  );
}
