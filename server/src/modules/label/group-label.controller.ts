import { labelControllerFor } from './label.controller';

/** GitLab REST v4 group labels: `/api/v4/groups/:id/labels`. */
export const GroupLabelController = labelControllerFor({ scopeType: 'group', route: 'api/v4/groups/:id/labels' });
