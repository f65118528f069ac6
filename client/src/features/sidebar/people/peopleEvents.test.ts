import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { AnyRealtimeEvent } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { EventRegistry } from '../../../realtime/eventRegistry';
import { issuePeopleKey } from './peopleApi';
import { peopleBatchEvents, peopleEvents } from './peopleEvents';

const noteEvent = (system: boolean, author = 'zed', batch?: { index: number; size: number }) =>
  ({ type: 'note.created', seq: 5, issue: { id: 100, iid: 1, project_path: 'g/p' }, payload: { note: { system, author: { username: author } }, ...(batch ? { batch } : {}) }, actor: null, at: '' }) as unknown as AnyRealtimeEvent;
const person = (username: string) => ({ username, name: username, avatar_url: null });

function setup() {
  const queryClient = new QueryClient();
  const registry = new EventRegistry({ store: appStore, queryClient });
  registry.registerAll(peopleEvents, peopleBatchEvents);
  const key = [...issuePeopleKey('g/p', 1), 'bob'];
  queryClient.setQueryData(key, { assignees: [], participants: [person('alice')], subscribed: false });
  return { queryClient, registry, stale: () => queryClient.getQueryState(key)!.isInvalidated };
}

describe('peopleEvents', () => {
  it("a comment by someone new makes the participants stale; a system note does not", () => {
    const { registry, stale } = setup();
    registry.dispatch(noteEvent(true));
    expect(stale()).toBe(false);
    registry.dispatch(noteEvent(false, 'zed'));
    expect(stale()).toBe(true);
  });

  it('a comment by a participant reads nothing again (participants are the authors of comments)', () => {
    const { registry, stale } = setup();
    registry.dispatch(noteEvent(false, 'alice'));
    expect(stale()).toBe(false);
  });

  it('a review reads them again once when any of its authors is new, not when all are participants', () => {
    const { registry, stale } = setup();
    registry.dispatchBatch([noteEvent(false, 'alice', { index: 1, size: 2 }), noteEvent(false, 'alice', { index: 2, size: 2 })]);
    expect(stale()).toBe(false);
    registry.dispatchBatch([noteEvent(false, 'alice', { index: 1, size: 2 }), noteEvent(false, 'zed', { index: 2, size: 2 })]);
    expect(stale()).toBe(true);
  });
});
