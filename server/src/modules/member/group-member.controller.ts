import { memberControllerFor } from './member.controller';

/** GitLab REST v4 group members: `/api/v4/groups/:id/members`. */
export const GroupMemberController = memberControllerFor({ sourceType: 'group', route: 'api/v4/groups/:id/members' });
