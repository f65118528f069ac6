import type { EventReducers } from '../../realtime/eventRegistry';
import { metricImagesKey } from './metricImagesApi';

/** issue.metric_images: the list as it is now replaces the Metrics tab's list on every open page. */
export const metricImageEvents: EventReducers = {
  'issue.metric_images': (e, { queryClient }) => {
    queryClient.setQueryData(metricImagesKey(e.issue.project_path, e.issue.iid), e.payload.metric_images);
  },
};
