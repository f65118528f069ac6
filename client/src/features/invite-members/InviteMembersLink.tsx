import { useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { ACCESS_LEVEL, INVITE_TEXTS } from '@tandem/shared-types';
import { Toast } from '../../shared/ui/Toast';
import { currentUserAtom } from '../session/sessionAtoms';
import { fetchMyAccessLevel, type InviteSource } from './inviteMembersApi';
import { InviteMembersModal } from './InviteMembersModal';
import { InviteMembersNotice } from './InviteMembersNotice';

/** Who manages members: maintainers of a project, owners of a group (the policy's admin_project_member / admin_group_member). */
export const INVITER_LEVEL = { project: ACCESS_LEVEL.MAINTAINER, group: ACCESS_LEVEL.OWNER } as const;

/** The members list of a project or group (the notice's "See who can invite members for you"). */
export const membersPathOf = (s: Pick<InviteSource, 'type' | 'path'>) => (s.type === 'project' ? `/${s.path}/-/project_members` : `/groups/${s.path}/-/group_members`);

/**
 * 'Invite members' (spec §6: shown when direct or indirect invitation is enabled): those who
 * may invite (maintainers and up of a project, owners of a group, admins) open the modal, the
 * outcome is a toast; other members open the notice asking an owner to invite. Non-members see
 * nothing. A page that knows the viewer's level (the issue page's data) passes it, and no
 * members/all/<id> is asked (a 404 for a non-member).
 */
export function InviteMembersLink({ source, className = 'link-button', accessLevel }: { source: InviteSource; className?: string; accessLevel?: number }) {
  const user = useAtomValue(currentUserAtom);
  const fetched = useQuery({
    queryKey: ['my-access-level', source.type, source.path, user?.id],
    queryFn: () => fetchMyAccessLevel(source, user!.id),
    enabled: accessLevel === undefined && user !== null && !user.is_admin,
  });
  const level = accessLevel ?? fetched.data ?? 0;
  const [open, setOpen] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  const mayInvite = user !== null && (user.is_admin || level >= INVITER_LEVEL[source.type]);
  const mayAsk = user !== null && !mayInvite && level >= ACCESS_LEVEL.GUEST;
  return (
    <>
      {(mayInvite || mayAsk) && (
        <button type="button" className={className} onClick={() => setOpen(true)} data-testid="invite-members-link">
          <UserPlus size={16} aria-hidden="true" /> {INVITE_TEXTS.link}
        </button>
      )}
      {mayInvite && <InviteMembersModal open={open} onOpenChange={setOpen} source={source} onDone={setToast} />}
      {mayAsk && <InviteMembersNotice open={open} onOpenChange={setOpen} membersPath={membersPathOf(source)} />}
      <Toast message={toast} onDone={clearToast} />
    </>
  );
}
