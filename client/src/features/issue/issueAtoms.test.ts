import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import type { ApiIssue, IssuePageData, RealtimeChanges } from '@tandem/shared-types';
import { applyIssueFields, applyRealtimeChanges, hydrateIssuePage, issueAtomFamily, issueSeqAtomFamily } from './issueAtoms';
import { makeIssue } from './testIssue';

const bob = { id: 2, username: 'bob', name: 'Bob Brown', state: 'active', locked: false, avatar_url: null, web_url: 'http://x/bob' };

describe('applyIssueFields', () => {
  it('applies only the fields the event carries, plus lock_version and updated_at', () => {
    const issue = makeIssue({ title: 'Old', description: 'Keep me', lock_version: 3 });
    const next = applyIssueFields(issue, { title: 'New', lock_version: 4, updated_at: '2026-01-02T00:00:00.000Z', updated_by: bob });
    expect(next.title).toBe('New');
    expect(next.description).toBe('Keep me');
    expect(next.lock_version).toBe(4);
    expect(next.updated_at).toBe('2026-01-02T00:00:00.000Z');
    expect(next).toMatchObject({ last_edited_at: '2026-01-02T00:00:00.000Z', last_edited_by: { name: 'Bob Brown' } });
    expect(issue.title).toBe('Old'); // pure
  });

  it('closes with closed_by and keeps the edit line unchanged for a state-only change', () => {
    const issue = makeIssue({ state: 'opened' });
    const next = applyIssueFields(issue, { state: 'closed', closed_at: '2026-01-03T00:00:00.000Z', closed_by: bob, lock_version: 2, updated_at: '2026-01-03T00:00:00.000Z', updated_by: bob });
    expect(next.state).toBe('closed');
    expect(next.closed_by?.username).toBe('bob');
    expect(next).not.toHaveProperty('last_edited_at');
  });

  it('updates description html, task status and issue type together', () => {
    const next = applyIssueFields(makeIssue(), {
      description: '- [x] a\n- [ ] b',
      description_html: '<ul><li>a</li></ul>',
      task_completion_status: { count: 2, completed_count: 1 },
      issue_type: 'incident',
      lock_version: 5,
      updated_at: '2026-01-04T00:00:00.000Z',
    });
    expect(next).toMatchObject({ description_html: '<ul><li>a</li></ul>', has_tasks: true, issue_type: 'incident', type: 'INCIDENT', task_completion_status: { count: 2, completed_count: 1 } });
  });

  it('is idempotent', () => {
    const fields = { title: 'T', confidential: true, lock_version: 9, updated_at: '2026-01-05T00:00:00.000Z' };
    const once = applyIssueFields(makeIssue(), fields);
    expect(applyIssueFields(once, fields)).toEqual(once);
  });
});

describe('applyRealtimeChanges', () => {
  const changes = (over: Partial<RealtimeChanges>): RealtimeChanges => ({
    title: 'T',
    title_text: 'T',
    description: '<p>d</p>',
    description_text: 'd',
    task_completion_status: { count: 0, completed_count: 0 },
    lock_version: 2,
    state: 'opened',
    ...over,
  });

  it('replaces title, description, state and lock_version and records the editor', () => {
    const next = applyRealtimeChanges(makeIssue({ lock_version: 1 }), changes({ title_text: 'Polled', state: 'closed', updated_at: '2026-01-06T00:00:00.000Z', updated_by_name: 'Bob Brown', updated_by_path: '/bob' }));
    expect(next).toMatchObject({ title: 'Polled', description: 'd', description_html: '<p>d</p>', state: 'closed', lock_version: 2, last_edited_by: { name: 'Bob Brown', username: 'bob' } });
  });

  it('ignores an answer older than what the page already holds', () => {
    const issue = makeIssue({ lock_version: 7, title: 'Newer' });
    expect(applyRealtimeChanges(issue, changes({ lock_version: 6, title_text: 'Older' }))).toBe(issue);
  });

  it('returns the same object when nothing changed (no re-render)', () => {
    const issue = makeIssue({ lock_version: 2, title: 'T', description: 'd', description_html: '<p>d</p>' });
    expect(applyRealtimeChanges(issue, changes({}))).toBe(issue);
  });
});

describe('hydrateIssuePage', () => {
  it('fills the issue and seq atoms from the page data once', () => {
    const store = createStore();
    const issue: ApiIssue = makeIssue({ iid: 12 });
    const data = { issue, project: { path_with_namespace: 'g/p' }, seq: 41 } as unknown as IssuePageData;
    const key = hydrateIssuePage(data, store);
    expect(key).toBe('g/p#12');
    expect(store.get(issueAtomFamily(key))?.iid).toBe(12);
    expect(store.get(issueSeqAtomFamily(key))).toBe(41);
    store.set(issueSeqAtomFamily(key), 50);
    hydrateIssuePage(data, store);
    expect(store.get(issueSeqAtomFamily(key))).toBe(50);
  });
});
