import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { issueAtomFamily, issueKey } from '../issue/issueAtoms';
import { makeIssue } from '../issue/testIssue';
import { awardEvents } from './awardEvents';
import { awardsAtomFamily } from './awardsAtoms';

const bob = { id: 2, username: 'bob', name: 'Bob', state: 'active', locked: false, avatar_url: null, web_url: 'http://x/bob' };
const ctx = { store: appStore, queryClient: new QueryClient() };

function event(payload: Partial<RealtimeEvent<'award.toggled'>['payload']>): RealtimeEvent<'award.toggled'> {
  return {
    type: 'award.toggled',
    seq: 5,
    issue: { id: 100, iid: 1, project_path: 'g/p' },
    payload: { awardable_type: 'Issue', awardable_id: 100, name: 'thumbsup', user: bob, toggled_on: true, ...payload },
    actor: bob,
    at: '2026-11-25T00:00:00Z',
  };
}

describe('award.toggled', () => {
  afterEach(() => {
    awardsAtomFamily.remove('Issue:100');
    awardsAtomFamily.remove('Note:55');
    issueAtomFamily.remove(issueKey('g/p', 1));
  });

  it("adds the award to the issue and recounts its upvotes; applying it twice changes nothing", () => {
    appStore.set(awardsAtomFamily('Issue:100'), []);
    appStore.set(issueAtomFamily(issueKey('g/p', 1)), makeIssue({ upvotes: 0, downvotes: 0 }));
    awardEvents['award.toggled']!(event({}), ctx);
    awardEvents['award.toggled']!(event({}), ctx);
    expect(appStore.get(awardsAtomFamily('Issue:100'))).toEqual([{ name: 'thumbsup', user: { id: 2, name: 'Bob', username: 'bob' } }]);
    expect(appStore.get(issueAtomFamily(issueKey('g/p', 1)))!.upvotes).toBe(1);
  });

  it('removes it when toggled off, also idempotently', () => {
    appStore.set(awardsAtomFamily('Note:55'), [{ name: 'tada', user: { id: 2, name: 'Bob', username: 'bob' } }]);
    const off = event({ awardable_type: 'Note', awardable_id: 55, name: 'tada', toggled_on: false });
    awardEvents['award.toggled']!(off, ctx);
    awardEvents['award.toggled']!(off, ctx);
    expect(appStore.get(awardsAtomFamily('Note:55'))).toEqual([]);
  });

  it('leaves awardables that are not on screen alone', () => {
    awardEvents['award.toggled']!(event({ awardable_type: 'Note', awardable_id: 55 }), ctx);
    expect(appStore.get(awardsAtomFamily('Note:55'))).toBeNull();
  });
});
