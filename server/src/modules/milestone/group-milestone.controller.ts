import { milestoneControllerFor } from './milestone.controller';

/** GitLab REST v4 group milestones: `/api/v4/groups/:id/milestones`. */
export const GroupMilestoneController = milestoneControllerFor({ ownerType: 'group', route: 'api/v4/groups/:id/milestones' });
