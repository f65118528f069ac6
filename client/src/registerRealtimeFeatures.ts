import type { BatchReducers, EventReducers, EventRegistry } from './realtime/eventRegistry';
import { issueEvents } from './features/issue/issueEvents';
import { noteBatchEvents, noteEvents } from './features/notes/noteEvents';
import { sidebarEvents } from './features/sidebar/sidebarEvents';
import { awardEvents } from './features/awards/awardEvents';
import { relatedIssueEvents } from './features/related-issues/relatedIssueEvents';
import { peopleBatchEvents, peopleEvents } from './features/sidebar/people/peopleEvents';
import { epicEvents } from './features/epic/epicEvents';
import { metricImageEvents } from './features/incident/metricImageEvents';
import { statusPageEvents } from './features/status-page/statusPageEvents';
import { presenceEvents } from './features/presence/presenceEvents';
import { mergeRequestBatchEvents, mergeRequestEvents } from './features/merge-requests/mergeRequestEvents';
import { errorTrackingEvents } from './features/error-tracking/errorTrackingEvents';

/** Where the app composes its features' live events: each feature owns the reducers of its types. */
export function registerRealtimeFeatures(registry: EventRegistry): () => void {
  // A submitted review's notes arrive as one batch: these apply it in one update (one read)
  const batches = new Map<EventReducers, BatchReducers>([
    [noteEvents, noteBatchEvents],
    [peopleEvents, peopleBatchEvents],
    [mergeRequestEvents, mergeRequestBatchEvents],
  ]);
  const offs = [issueEvents, sidebarEvents, noteEvents, awardEvents, relatedIssueEvents, peopleEvents, epicEvents, metricImageEvents, statusPageEvents, presenceEvents, errorTrackingEvents, mergeRequestEvents].map((reducers) =>
    registry.registerAll(reducers, batches.get(reducers)),
  );
  return () => offs.forEach((off) => off());
}
