import * as Dialog from '@radix-ui/react-dialog';
import { INVITE_NOTICE_TEXTS } from '@tandem/shared-types';

/**
 * The notice for members who may not invite (spec: "not everyone can yet invite"; GitLab's
 * invite_member_modal): it asks them to have an owner invite new members, and links to the
 * members list, where they see who can.
 */
export function InviteMembersNotice({ open, onOpenChange, membersPath }: { open: boolean; onOpenChange(open: boolean): void; membersPath: string }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog invite-notice" data-testid="invite-members-notice">
          <Dialog.Title className="dialog__title">{INVITE_NOTICE_TEXTS.title}</Dialog.Title>
          <Dialog.Description asChild>
            <div>
              <p>{INVITE_NOTICE_TEXTS.bodyTop}</p>
              <p>{INVITE_NOTICE_TEXTS.bodyMiddle}</p>
              <p>
                <a href={membersPath}>{INVITE_NOTICE_TEXTS.seeWho}</a>
              </p>
            </div>
          </Dialog.Description>
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn--confirm">
                {INVITE_NOTICE_TEXTS.gotIt}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
