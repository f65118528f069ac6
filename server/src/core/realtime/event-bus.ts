import type { AnyRealtimeEvent, NoteableType } from '@tandem/shared-types';

/** An event as it travels between nodes: the client envelope plus its noteable key. */
export interface BusEvent {
  noteableType: NoteableType;
  noteableId: number;
  event: AnyRealtimeEvent;
}

export type BusHandler = (e: BusEvent) => void;

/**
 * Fan-out of committed events to every node. In-process without REDIS_URL; Redis pub/sub
 * with it. Delivery here is best effort: the event log is the durable copy, and clients
 * replay gaps from it.
 */
export interface EventBus {
  publish(e: BusEvent): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

export const EVENT_BUS = Symbol('EVENT_BUS');

export class InProcessEventBus implements EventBus {
  private readonly handlers = new Set<BusHandler>();

  async publish(e: BusEvent): Promise<void> {
    for (const h of this.handlers) {
      try {
        h(e);
      } catch {
        /* a failing subscriber must not stop the others */
      }
    }
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
