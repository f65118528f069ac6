import { useProject } from '../../projects/projectQueries';
import { InviteMembersLink } from '../../invite-members/InviteMembersLink';

/** The sidebar's 'Invite members' link (spec §6): the modal for those who may invite, the notice for other members. */
export function InviteMembersWidget({ projectPath, viewerAccessLevel }: { projectPath: string; viewerAccessLevel?: number }) {
  const project = useProject(projectPath);
  return (
    <div className="sidebar-invite" data-testid="sidebar-invite">
      <InviteMembersLink source={{ type: 'project', path: projectPath, name: project.data?.name ?? projectPath.split('/').pop()! }} accessLevel={viewerAccessLevel} />
    </div>
  );
}
