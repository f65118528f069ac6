import type { EventRegistry } from './realtime/eventRegistry';
import { issueEvents } from './features/issue/issueEvents';
import { noteEvents } from './features/notes/noteEvents';
import { sidebarEvents } from './features/sidebar/sidebarEvents';
import { awardEvents } from './features/awards/awardEvents';
import { relatedIssueEvents } from './features/related-issues/relatedIssueEvents';
import { peopleEvents } from './features/sidebar/people/peopleEvents';
import { epicEvents } from './features/epic/epicEvents';
import { metricImageEvents } from './features/incident/metricImageEvents';
import { statusPageEvents } from './features/status-page/statusPageEvents';
import { presenceEvents } from './features/presence/presenceEvents';
import { mergeRequestEvents } from './features/merge-requests/mergeRequestEvents';
import { errorTrackingEvents } from './features/error-tracking/errorTrackingEvents';

/** Where the app composes its features' live events: each feature owns the reducers of its types. */
export function registerRealtimeFeatures(registry: EventRegistry): () => void {
  const offs = [issueEvents, sidebarEvents, noteEvents, awardEvents, relatedIssueEvents, peopleEvents, epicEvents, metricImageEvents, statusPageEvents, presenceEvents, errorTrackingEvents, mergeRequestEvents].map((reducers) => registry.registerAll(reducers));
  return () => offs.forEach((off) => off());
}
