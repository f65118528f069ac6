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

/** Applies several events of type T delivered as one batch (a submitted review) in one state update. */
export type BatchReducer<T extends EventType> = (events: RealtimeEvent<T>[], ctx: EventContext) => void;

/** A feature's batch reducers: for a type listed here, a batch goes to this instead of the event reducer, once. */
export type BatchReducers = { [K in EventType]?: BatchReducer<K> };

interface Entry {
  one: EventReducer<EventType>;
  many?: BatchReducer<EventType>;
}

/**
 * Routes each live event to the reducers the features registered for its type. realtime/ owns
 * only transport and this table; which atoms an event changes is the owning feature's business.
 */
export class EventRegistry {
  private readonly reducers = new Map<EventType, Set<Entry>>();

  constructor(private readonly ctx: EventContext) {}

  /**
   * Adds a reducer for one type; several features may register for the same type. `batch`, when
   * given, takes the events of a batch of this type in one call instead.
   */
  register<T extends EventType>(type: T, reducer: EventReducer<T>, batch?: BatchReducer<T>): () => void {
    let set = this.reducers.get(type);
    if (!set) this.reducers.set(type, (set = new Set()));
    const entry: Entry = { one: reducer as unknown as EventReducer<EventType>, many: batch as unknown as BatchReducer<EventType> | undefined };
    set.add(entry);
    return () => void set.delete(entry);
  }

  /** Registers a feature's reducer table (and its batch reducers); returns one function that removes them all. */
  registerAll(reducers: EventReducers, batch: BatchReducers = {}): () => void {
    const offs = (Object.keys(reducers) as EventType[]).map((type) => this.register(type, reducers[type] as EventReducer<EventType>, batch[type] as BatchReducer<EventType> | undefined));
    return () => offs.forEach((off) => off());
  }

  /** Runs every reducer registered for the event's type; returns how many ran (0: nobody cares). */
  dispatch(event: AnyRealtimeEvent): number {
    const set = this.reducers.get(event.type);
    if (!set) return 0;
    for (const { one } of set) one(event as RealtimeEvent<EventType>, this.ctx);
    return set.size;
  }

  /**
   * Events delivered together (a submitted review's notes), in seq order. When they are all of
   * one type, a reducer with a batch variant gets them in one call (one state update) and the
   * others one by one; a mixed run is dispatched event by event.
   */
  dispatchBatch(events: readonly AnyRealtimeEvent[]): void {
    const type = events[0]?.type;
    if (!type || events.some((e) => e.type !== type)) {
      for (const e of events) this.dispatch(e);
      return;
    }
    for (const { one, many } of this.reducers.get(type) ?? []) {
      if (many) many(events as RealtimeEvent<EventType>[], this.ctx);
      else for (const e of events) one(e as RealtimeEvent<EventType>, this.ctx);
    }
  }
}

/** The app's registry; features register into it where the app is composed (registerRealtimeFeatures). */
export const eventRegistry = new EventRegistry({ store: appStore, queryClient });
