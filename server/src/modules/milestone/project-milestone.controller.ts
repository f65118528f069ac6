import { milestoneControllerFor } from './milestone.controller';

/** GitLab REST v4 project milestones: `/api/v4/projects/:id/milestones`. */
export const ProjectMilestoneController = milestoneControllerFor({ ownerType: 'project', route: 'api/v4/projects/:id/milestones' });
