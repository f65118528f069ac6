import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import type { ApiIssue } from '@tandem/shared-types';
import { issueAtomFamily, issueKey } from '../../issue/issueAtoms';
import { applySubscriptionSignal } from './subscriptionSignal';

describe('applySubscriptionSignal', () => {
  it("follows the user's choice made in another tab, for the issue this tab holds only", () => {
    const store = createStore();
    const key = issueKey('g/p', 3);
    store.set(issueAtomFamily(key), { iid: 3, subscribed: false } as unknown as ApiIssue);
    applySubscriptionSignal(store, { project_path: 'g/p', iid: 3, subscribed: true });
    expect(store.get(issueAtomFamily(key))!.subscribed).toBe(true);
    const held = store.get(issueAtomFamily(key));
    applySubscriptionSignal(store, { project_path: 'g/p', iid: 3, subscribed: true });
    expect(store.get(issueAtomFamily(key))).toBe(held); // idempotent: same state, same object
    applySubscriptionSignal(store, { project_path: 'g/p', iid: 4, subscribed: false });
    expect(store.get(issueAtomFamily(issueKey('g/p', 4)))).toBeNull();
    applySubscriptionSignal(store, { project_path: 'g/p', iid: 3, subscribed: false });
    expect(store.get(issueAtomFamily(key))!.subscribed).toBe(false);
  });
});
