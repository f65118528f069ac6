import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { AnyRealtimeEvent } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { EventRegistry } from '../../../realtime/eventRegistry';
import { issuePeopleKey } from './peopleApi';
import { peopleEvents } from './peopleEvents';

const noteEvent = (system: boolean) =>
  ({ type: 'note.created', seq: 5, issue: { id: 100, iid: 1, project_path: 'g/p' }, payload: { note: { system } }, actor: null, at: '' }) as unknown as AnyRealtimeEvent;

describe('peopleEvents', () => {
  it('a new comment makes the participants stale; a system note does not', () => {
    const queryClient = new QueryClient();
    const registry = new EventRegistry({ store: appStore, queryClient });
    registry.registerAll(peopleEvents);
    const key = [...issuePeopleKey('g/p', 1), 'bob'];
    queryClient.setQueryData(key, { assignees: [], participants: [], subscribed: false });
    registry.dispatch(noteEvent(true));
    expect(queryClient.getQueryState(key)!.isInvalidated).toBe(false);
    registry.dispatch(noteEvent(false));
    expect(queryClient.getQueryState(key)!.isInvalidated).toBe(true);
  });
});
