import { labelControllerFor } from './label.controller';

/** GitLab REST v4 project labels (the project's and its ancestor groups'): `/api/v4/projects/:id/labels`. */
export const ProjectLabelController = labelControllerFor({ scopeType: 'project', route: 'api/v4/projects/:id/labels' });
