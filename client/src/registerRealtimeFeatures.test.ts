import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { QueryClient } from '@tanstack/react-query';
import type { AnyRealtimeEvent } from '@tandem/shared-types';
import { EventRegistry } from './realtime/eventRegistry';
import { revokedIssuesAtom } from './realtime/realtimeAtoms';
import { issueAtomFamily } from './features/issue/issueAtoms';
import { makeIssue } from './features/issue/testIssue';
import { issueListKeys } from './features/issue-list/issueListQueries';
import { DEFAULT_SORT } from './features/issue-list/filterTokens';
import { presenceAtomFamily } from './features/presence/presenceAtoms';
import { summarize } from './features/presence/presenceModel';
import { projectLabelsKey, type LabelColors } from './features/labels/projectLabels';
import { registerRealtimeFeatures } from './registerRealtimeFeatures';
import { awardsAtomFamily } from './features/awards/awardsAtoms';
import { relatedIssuesKey } from './features/related-issues/relatedIssuesApi';

const ref = { id: 100, iid: 1, project_path: 'g/p' };
const KEY = 'g/p#1';
const bob = { id: 2, username: 'bob', name: 'Bob Brown', state: 'active', locked: false, avatar_url: null, web_url: 'http://x/bob' };
const ev = (e: Pick<AnyRealtimeEvent, 'type' | 'payload'>, seq = 1) => ({ ...e, seq, issue: ref, actor: null, at: '' }) as AnyRealtimeEvent;

function setup() {
  const store = createStore();
  const queryClient = new QueryClient();
  const registry = new EventRegistry({ store, queryClient });
  registerRealtimeFeatures(registry);
  store.set(issueAtomFamily(KEY), makeIssue({ title: 'Old', lock_version: 1 }));
  return { store, queryClient, registry, issue: () => store.get(issueAtomFamily(KEY))! };
}

describe('the features registered for live events', () => {
  it('issue: a title change reaches the issue on screen and marks the project lists stale', () => {
    const { registry, issue, queryClient } = setup();
    queryClient.setQueryData(issueListKeys.page('g/p', { state: 'opened', search: '', page: 1, tokens: [], sort: DEFAULT_SORT }), { issues: [], info: {} });
    registry.dispatch(ev({ type: 'issue.updated', payload: { fields: { title: 'New', lock_version: 2, updated_at: '2026-01-01T00:00:00.000Z' } } }));
    expect(issue()).toMatchObject({ title: 'New', lock_version: 2 });
    expect(queryClient.getQueryState(issueListKeys.page('g/p', { state: 'opened', search: '', page: 1, tokens: [], sort: DEFAULT_SORT }))?.isInvalidated).toBe(true);
  });

  it('issue: a deletion tells the page its issue is gone', () => {
    const { registry, store } = setup();
    registry.dispatch(ev({ type: 'issue.deleted', payload: {} }));
    expect(store.get(revokedIssuesAtom)[KEY]).toBe('deleted');
  });

  it('sidebar: assignees and labels replace the lists, and a new label gets its colour', () => {
    const { registry, issue, queryClient } = setup();
    queryClient.setQueryData<LabelColors>(projectLabelsKey('g/p'), { bug: { color: '#ff0000', text_color: '#fff', description: null } });
    registry.dispatch(ev({ type: 'issue.assignees', payload: { assignees: [bob], lock_version: 3 } }));
    registry.dispatch(ev({ type: 'issue.labels', payload: { labels: [{ id: 9, name: 'perf', color: '#00ff00', text_color: '#000', description: null }] } }, 2));
    expect(issue()).toMatchObject({ assignees: [{ username: 'bob' }], assignee: { username: 'bob' }, lock_version: 3, labels: ['perf'] });
    expect(queryClient.getQueryData<LabelColors>(projectLabelsKey('g/p'))).toMatchObject({ bug: { color: '#ff0000' }, perf: { color: '#00ff00' } });
  });

  it('notes: a comment counts in the activity, a system note does not', () => {
    const { registry, issue } = setup();
    const note = (system: boolean) => ({ note: { id: 1, system } }) as never;
    registry.dispatch(ev({ type: 'note.created', payload: note(false) }));
    registry.dispatch(ev({ type: 'note.created', payload: note(true) }, 2));
    expect(issue().user_notes_count).toBe(1);
  });

  it('presence: a posted comment ends its author\'s "is typing" at once', () => {
    const { registry, store } = setup();
    const bobUser = { id: 2, name: 'Bob Brown', username: 'bob', avatar_url: null };
    store.set(presenceAtomFamily(KEY), new Map([['s1', { session: 's1', user: bobUser, state: 'typing', seenAt: Date.now() }]]) as never);
    expect(summarize(store.get(presenceAtomFamily(KEY)), null).typing).toEqual(['Bob Brown']);
    registry.dispatch(ev({ type: 'note.created', payload: { note: { id: 9, system: false, author: bobUser } } as never }));
    expect(summarize(store.get(presenceAtomFamily(KEY)), null)).toMatchObject({ typing: [], viewers: [{ id: 2 }] });
  });

  it('awards and related issues: a reaction reaches the issue awards, a link change refetches the related list', () => {
    const { registry, store, queryClient, issue } = setup();
    store.set(awardsAtomFamily('Issue:100'), []);
    queryClient.setQueryData(relatedIssuesKey('g/p', 1), []);
    registry.dispatch(ev({ type: 'award.toggled', payload: { awardable_type: 'Issue', awardable_id: 100, name: 'thumbsup', user: bob, toggled_on: true } }));
    registry.dispatch(ev({ type: 'issue.links', payload: { link_type: 'blocks' } }, 2));
    expect(store.get(awardsAtomFamily('Issue:100'))).toEqual([{ name: 'thumbsup', user: { id: 2, name: 'Bob Brown', username: 'bob' } }]);
    expect(issue().upvotes).toBe(1);
    expect(queryClient.getQueryState(relatedIssuesKey('g/p', 1))?.isInvalidated).toBe(true);
    awardsAtomFamily.remove('Issue:100');
  });

  it('an event for an issue not on screen changes nothing', () => {
    const { registry, store } = setup();
    registry.dispatch({ ...ev({ type: 'issue.updated', payload: { fields: { title: 'X', lock_version: 9, updated_at: '' } } }), issue: { id: 5, iid: 5, project_path: 'g/p' } } as AnyRealtimeEvent);
    expect(store.get(issueAtomFamily('g/p#5'))).toBeNull();
  });
});
