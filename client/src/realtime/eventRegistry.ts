import type { QueryClient } from '@tanstack/react-query';
import type { AnyRealtimeEvent, EventType, RealtimeEvent } from '@tandem/shared-types';
import { queryClient } from '../shared/queryClient';
import { appStore } from '../shared/store';

/** What a reducer may write: the jotai store (live state) and the query cache (to invalidate reads). */
export interface EventContext {
  store: typeof appStore;
  queryClient: QueryClient;
}

/** Applies one event of type T (events carry the new server state, so reducers are idempotent). */
export type EventReducer<T extends EventType> = (event: RealtimeEvent<T>, ctx: EventContext) => void;

/** A feature's reducers, at most one per event type, typed by the shared-types event map. */
export type EventReducers = { [K in EventType]?: EventReducer<K> };

/**
 * Routes each live event to the reducers the features registered for its type. realtime/ owns
 * only transport and this table; which atoms an event changes is the owning feature's business.
 */
export class EventRegistry {
  private readonly reducers = new Map<EventType, Set<EventReducer<EventType>>>();

  constructor(private readonly ctx: EventContext) {}

  /** Adds a reducer for one type; several features may register for the same type. */
  register<T extends EventType>(type: T, reducer: EventReducer<T>): () => void {
    let set = this.reducers.get(type);
    if (!set) this.reducers.set(type, (set = new Set()));
    const r = reducer as unknown as EventReducer<EventType>;
    set.add(r);
    return () => void set.delete(r);
  }

  /** Registers a feature's reducer table; returns one function that removes them all. */
  registerAll(reducers: EventReducers): () => void {
    const offs = (Object.keys(reducers) as EventType[]).map((type) => this.register(type, reducers[type] as EventReducer<EventType>));
    return () => offs.forEach((off) => off());
  }

  /** Runs every reducer registered for the event's type; returns how many ran (0: nobody cares). */
  dispatch(event: AnyRealtimeEvent): number {
    const set = this.reducers.get(event.type);
    if (!set) return 0;
    for (const reducer of set) reducer(event as RealtimeEvent<EventType>, this.ctx);
    return set.size;
  }
}

/** The app's registry; features register into it where the app is composed (registerRealtimeFeatures). */
export const eventRegistry = new EventRegistry({ store: appStore, queryClient });
