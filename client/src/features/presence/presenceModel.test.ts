import { describe, expect, it } from 'vitest';
import { PRESENCE, type PresenceSignal } from '@tandem/shared-types';
import { applyPresence, pruneExpired, summarize, tabState, type PresenceMap } from './presenceModel';

const carol = { id: 3, username: 'carol', name: 'Carol', avatar_url: null };
const bob = { id: 2, username: 'bob', name: 'Bob', avatar_url: null };
const sig = (over: Partial<PresenceSignal>): PresenceSignal => ({ project_path: 'g/p', iid: 1, session: 's1', user: carol, state: 'viewing', hello: false, ...over });

describe('presence model', () => {
  it('records, updates and forgets tabs; a left for an unknown tab changes nothing', () => {
    let m: PresenceMap = new Map();
    m = applyPresence(m, sig({ state: 'editing' }), 1000);
    m = applyPresence(m, sig({ session: 's2', user: bob }), 1000);
    expect([...m.values()].map((e) => [e.user.username, e.state])).toEqual([['carol', 'editing'], ['bob', 'viewing']]);
    m = applyPresence(m, sig({ state: 'left' }), 2000);
    expect([...m.keys()]).toEqual(['s2']);
    expect(applyPresence(m, sig({ session: 'nobody', state: 'left' }), 3000)).toBe(m);
  });

  it('forgets a tab not heard within the TTL, and keeps the same map when none expired', () => {
    const m = applyPresence(new Map(), sig({}), 0);
    expect(pruneExpired(m, PRESENCE.ttlMs)).toBe(m);
    expect(pruneExpired(m, PRESENCE.ttlMs + 1).size).toBe(0);
  });

  it('summarizes one entry per person, without the viewer, at their busiest', () => {
    let m: PresenceMap = new Map();
    m = applyPresence(m, sig({ session: 'a', state: 'viewing' }), 0);
    m = applyPresence(m, sig({ session: 'b', state: 'typing' }), 0);
    m = applyPresence(m, sig({ session: 'c', user: bob, state: 'editing' }), 0);
    expect(summarize(m, null)).toEqual({ viewers: [carol, bob], editing: ['Bob'], typing: ['Carol'] });
    expect(summarize(m, bob.id)).toEqual({ viewers: [carol], editing: [], typing: ['Carol'] });
  });

  it('a tab is editing while the form is open, typing until the idle time after a keystroke, else viewing', () => {
    expect(tabState(true, 0, 10_000)).toBe('editing');
    expect(tabState(false, 10_000, 10_000 + PRESENCE.typingIdleMs - 1)).toBe('typing');
    expect(tabState(false, 10_000, 10_000 + PRESENCE.typingIdleMs)).toBe('viewing');
  });
});
