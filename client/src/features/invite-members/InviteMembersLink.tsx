import { useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { ACCESS_LEVEL, INVITE_TEXTS } from '@tandem/shared-types';
import { Toast } from '../../shared/ui/Toast';
import { currentUserAtom } from '../session/sessionAtoms';
import { fetchMyAccessLevel } from './inviteMembersApi';
import { InviteMembersModal } from './InviteMembersModal';

/**
 * 'Invite members': shown to those who may invite (maintainers and up, admins), it opens the
 * modal; the outcome is a toast. A page that knows the viewer's level (the issue page's data)
 * passes it, and no members/all/<id> is asked (a 404 for a non-member).
 */
export function InviteMembersLink({ projectPath, projectName, className = 'link-button', accessLevel }: { projectPath: string; projectName: string; className?: string; accessLevel?: number }) {
  const user = useAtomValue(currentUserAtom);
  const fetched = useQuery({
    queryKey: ['my-access-level', projectPath, user?.id],
    queryFn: () => fetchMyAccessLevel(projectPath, user!.id),
    enabled: accessLevel === undefined && user !== null && !user.is_admin,
  });
  const level = { data: accessLevel ?? fetched.data };
  const [open, setOpen] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  const mayInvite = user !== null && (user.is_admin || (level.data ?? 0) >= ACCESS_LEVEL.MAINTAINER);
  return (
    <>
      {mayInvite && (
        <button type="button" className={className} onClick={() => setOpen(true)} data-testid="invite-members-link">
          <UserPlus size={16} aria-hidden="true" /> {INVITE_TEXTS.link}
        </button>
      )}
      {mayInvite && <InviteMembersModal open={open} onOpenChange={setOpen} projectPath={projectPath} projectName={projectName} onDone={setToast} />}
      <Toast message={toast} onDone={clearToast} />
    </>
  );
}
