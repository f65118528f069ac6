import { PRESENCE, type PresenceSignal, type PresenceState } from '@tandem/shared-types';

/** One other tab on the issue, as last heard. */
export interface PresenceEntry {
  session: string;
  user: PresenceSignal['user'];
  state: PresenceState;
  /** When it was last heard (ms since epoch). */
  seenAt: number;
}

export type PresenceMap = ReadonlyMap<string, PresenceEntry>;

/** Applies a signal: 'left' forgets the tab, anything else (re)records it. Returns the same map when nothing changed. */
export function applyPresence(map: PresenceMap, p: PresenceSignal, now: number): PresenceMap {
  if (p.state === 'left') {
    if (!map.has(p.session)) return map;
    const next = new Map(map);
    next.delete(p.session);
    return next;
  }
  const next = new Map(map);
  next.set(p.session, { session: p.session, user: p.user, state: p.state, seenAt: now });
  return next;
}

/** Forgets tabs not heard for PRESENCE.ttlMs (their node may have died without a 'left'). */
export function pruneExpired(map: PresenceMap, now: number, ttlMs: number = PRESENCE.ttlMs): PresenceMap {
  let next: Map<string, PresenceEntry> | null = null;
  for (const [k, e] of map) {
    if (now - e.seenAt > ttlMs) (next ??= new Map(map)).delete(k);
  }
  return next ?? map;
}

export interface PresenceSummary {
  /** Distinct other people on the issue, in the order they arrived. */
  viewers: Array<PresenceSignal['user']>;
  /** Names of people with the description's edit form open. */
  editing: string[];
  /** Names of people typing a comment. */
  typing: string[];
}

/** Who else is here, one entry per person (a person with several tabs counts once, at their busiest). */
export function summarize(map: PresenceMap, selfId: number | null): PresenceSummary {
  const viewers = new Map<number, PresenceSignal['user']>();
  const editing = new Set<string>();
  const typing = new Set<string>();
  for (const e of map.values()) {
    if (e.user.id === selfId) continue;
    if (!viewers.has(e.user.id)) viewers.set(e.user.id, e.user);
    if (e.state === 'editing') editing.add(e.user.name);
    if (e.state === 'typing') typing.add(e.user.name);
  }
  return { viewers: [...viewers.values()], editing: [...editing], typing: [...typing] };
}

/** This tab's state: editing the description wins over typing a comment, which wins over viewing. */
export function tabState(editing: boolean, typingAt: number, now: number): PresenceState {
  if (editing) return 'editing';
  if (now - typingAt < PRESENCE.typingIdleMs) return 'typing';
  return 'viewing';
}

/** A comment by `userId` was posted: their tabs are no longer typing it (no 3 s lapse under the posted comment). */
export function stopTyping(map: PresenceMap, userId: number): PresenceMap {
  let next: Map<string, PresenceEntry> | null = null;
  for (const [k, e] of map) if (e.user.id === userId && e.state === 'typing') (next ??= new Map(map)).set(k, { ...e, state: 'viewing' });
  return next ?? map;
}
