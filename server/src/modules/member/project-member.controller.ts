import { memberControllerFor } from './member.controller';

/** GitLab REST v4 project members: `/api/v4/projects/:id/members`. */
export const ProjectMemberController = memberControllerFor({ sourceType: 'project', route: 'api/v4/projects/:id/members' });
