import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { QueryClient } from '@tanstack/react-query';
import type { AnyRealtimeEvent, RealtimeEvent } from '@tandem/shared-types';
import { EventRegistry } from './eventRegistry';

const issue = { id: 1, iid: 7, project_path: 'g/p' };
const updated = (seq: number): AnyRealtimeEvent => ({ type: 'issue.updated', seq, issue, payload: { fields: { title: `T${seq}`, lock_version: seq, updated_at: '' } }, actor: null, at: '' });
const registry = () => new EventRegistry({ store: createStore(), queryClient: new QueryClient() });

describe('EventRegistry', () => {
  it('hands a registered reducer its event, typed by the event map, with the store and query cache', () => {
    const r = registry();
    const titles: string[] = [];
    const reducer = vi.fn((e: RealtimeEvent<'issue.updated'>, ctx) => {
      titles.push(e.payload.fields.title ?? '');
      expect(ctx.store).toBeDefined();
      expect(ctx.queryClient).toBeInstanceOf(QueryClient);
    });
    r.register('issue.updated', reducer);
    expect(r.dispatch(updated(3))).toBe(1);
    expect(titles).toEqual(['T3']);
  });

  it('ignores event types nobody registered for, including types it does not know', () => {
    const r = registry();
    const onUpdated = vi.fn();
    r.register('issue.updated', onUpdated);
    const labels: AnyRealtimeEvent = { type: 'issue.labels', seq: 1, issue, payload: { labels: [] }, actor: null, at: '' };
    expect(r.dispatch(labels)).toBe(0);
    expect(r.dispatch({ ...updated(2), type: 'epic.moved' } as unknown as AnyRealtimeEvent)).toBe(0);
    expect(onUpdated).not.toHaveBeenCalled();
  });

  it('runs every feature registered for the same type, and stops one that unregisters', () => {
    const r = registry();
    const issueFeature = vi.fn();
    const listFeature = vi.fn();
    r.registerAll({ 'issue.updated': issueFeature });
    const off = r.registerAll({ 'issue.updated': listFeature, 'issue.deleted': listFeature });
    expect(r.dispatch(updated(1))).toBe(2);
    expect(issueFeature).toHaveBeenCalledTimes(1);
    expect(listFeature).toHaveBeenCalledTimes(1);
    off();
    expect(r.dispatch(updated(2))).toBe(1);
    expect(listFeature).toHaveBeenCalledTimes(1);
    expect(issueFeature).toHaveBeenCalledTimes(2);
  });
});
