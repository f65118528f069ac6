import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeChanges } from '@tandem/shared-types';
import { renderHook } from '@testing-library/react';
import { appStore } from '../../shared/store';
import { initialPollDelayMs } from '../../shared/pageData';
import { createFetchStub, jsonResponse, sequence, stubFetch, type FetchStub } from '../../test/kit';
import { issueAtomFamily } from './issueAtoms';
import { makeIssue } from './testIssue';
import { RealtimeChangesPoller, pollIntervalOf, useRealtimeChangesPolling } from './useRealtimeChangesPolling';

class FakeDoc extends EventTarget {
  hidden = false;
  setHidden(h: boolean) {
    this.hidden = h;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

const body: RealtimeChanges = { title: 't', title_text: 't', description: '', description_text: '', task_completion_status: { count: 0, completed_count: 0 }, lock_version: 1, state: 'opened' };
const URL = '/g/p/-/issues/1/realtime_changes';
const reply = (interval: string | null, status = 200, changes: Partial<RealtimeChanges> = {}) =>
  jsonResponse({ ...body, ...changes }, { status, headers: interval === null ? {} : { 'Poll-Interval': interval } });

/** Lets the awaited fetch and json() settle under fake timers. */
const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('pollIntervalOf', () => {
  it('keeps positive intervals and stops on -1, 0, missing or junk', () => {
    expect(pollIntervalOf(new Headers({ 'Poll-Interval': '3000' }))).toBe(3000);
    expect(pollIntervalOf(new Headers({ 'Poll-Interval': '-1' }))).toBeNull();
    expect(pollIntervalOf(new Headers({ 'Poll-Interval': '0' }))).toBeNull();
    expect(pollIntervalOf(new Headers())).toBeNull();
    expect(pollIntervalOf(new Headers({ 'Poll-Interval': 'soon' }))).toBeNull();
  });
});

describe('RealtimeChangesPoller', () => {
  let doc: FakeDoc;
  let api: FetchStub;
  let data: RealtimeChanges[];
  let poller: RealtimeChangesPoller;
  /** The server answers every poll with `answer`. */
  const answers = (answer: ReturnType<typeof sequence> | Response) => api.on({ [`GET ${URL}`]: answer });

  beforeEach(() => {
    vi.useFakeTimers();
    doc = new FakeDoc();
    data = [];
    api = createFetchStub();
    poller = new RealtimeChangesPoller({ url: URL, onData: (c) => data.push(c), fetchImpl: api.fetch, doc: doc as unknown as Document });
  });
  afterEach(() => {
    poller.stop();
    vi.useRealTimers();
  });

  it('first polls after 2000 ms, then follows Poll-Interval', async () => {
    answers(reply('3000'));
    poller.start();
    await vi.advanceTimersByTimeAsync(1999);
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(api.calls.map((c) => c.url)).toEqual([URL]);
    expect(data).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(api.calls).toHaveLength(2);
  });

  it('uses a changed Poll-Interval for the next request', async () => {
    answers(sequence(reply('10000'), reply('3000')));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    await vi.advanceTimersByTimeAsync(9000);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.calls).toHaveLength(2);
  });

  it.each([['-1'], ['0'], [null]])('stops when Poll-Interval is %s', async (interval) => {
    answers(reply(interval));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls).toHaveLength(1);
  });

  it('stops on an HTTP error', async () => {
    answers(reply('3000', 500));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls).toHaveLength(1);
    expect(data).toHaveLength(0);
  });

  it('keeps polling through a 304 without applying anything', async () => {
    answers(reply('3000', 304));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    await vi.advanceTimersByTimeAsync(3000);
    await flush();
    expect(api.calls).toHaveLength(2);
    expect(data).toHaveLength(0);
  });

  it('pauses while the tab is hidden and polls at once when it is visible again', async () => {
    answers(reply('3000'));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    expect(api.calls).toHaveLength(1);
    doc.setHidden(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls).toHaveLength(1);
    doc.setHidden(false);
    await flush();
    expect(api.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3000);
    await flush();
    expect(api.calls).toHaveLength(3);
  });

  it('reports every answer\'s Poll-Interval, and -1 when the server stops it', async () => {
    const said: number[] = [];
    poller = new RealtimeChangesPoller({ url: URL, onData: () => {}, onInterval: (ms) => said.push(ms), fetchImpl: api.fetch, doc: doc as unknown as Document });
    answers(sequence(reply('4000'), reply('-1')));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    await vi.advanceTimersByTimeAsync(4000);
    await flush();
    expect(said).toEqual([4000, -1]);
  });

  it('stays stopped after -1 even when the tab is shown again', async () => {
    answers(reply('-1'));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    doc.setHidden(true);
    doc.setHidden(false);
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls).toHaveLength(1);
  });

  it('does not start a chain while hidden, and stop() ends everything', async () => {
    doc.hidden = true;
    answers(reply('3000'));
    poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.calls).toHaveLength(0);
    doc.setHidden(false);
    await flush();
    expect(api.calls).toHaveLength(1);
    poller.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    doc.setHidden(false);
    expect(api.calls).toHaveLength(1);
  });
});

describe('initialPollDelayMs', () => {
  afterEach(() => document.head.querySelector('meta[name="tandem-poll"]')?.remove());

  it('takes the page\'s tandem-poll value, else the shared constant', () => {
    expect(initialPollDelayMs()).toBe(2000);
    document.head.insertAdjacentHTML('beforeend', '<meta name="tandem-poll" content="1500">');
    expect(initialPollDelayMs()).toBe(1500);
  });
});

describe('useRealtimeChangesPolling', () => {
  const KEY = 'g/p#3';
  const POLL = '/g/p/-/issues/3/realtime_changes';
  const answer = (interval: string, title: string, lock_version: number) => reply(interval, 200, { title_text: title, lock_version });

  beforeEach(() => {
    vi.useFakeTimers();
    document.head.insertAdjacentHTML('beforeend', '<meta name="tandem-poll" content="1500">');
    appStore.set(issueAtomFamily(KEY), makeIssue({ iid: 3, title: 'Start', lock_version: 1 }));
  });
  afterEach(() => {
    document.head.querySelector('meta[name="tandem-poll"]')?.remove();
    vi.useRealTimers();
  });

  it('uses the page\'s delay only until the server answers, then its Poll-Interval, also after the socket drops again', async () => {
    const api = stubFetch({ [`GET ${POLL}`]: sequence(answer('5000', 'Polled once', 2), answer('5000', 'Polled twice', 3)) });
    const { rerender, unmount } = renderHook(({ enabled }) => useRealtimeChangesPolling(KEY, POLL, enabled), { initialProps: { enabled: true } });
    await vi.advanceTimersByTimeAsync(1500);
    await flush();
    expect(api.calls).toHaveLength(1);
    expect(appStore.get(issueAtomFamily(KEY))?.title).toBe('Polled once');

    // The socket comes back (polling off), then drops again (polling on): the server's 5 s applies
    rerender({ enabled: false });
    rerender({ enabled: true });
    await vi.advanceTimersByTimeAsync(4999);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(api.calls).toHaveLength(2);
    expect(appStore.get(issueAtomFamily(KEY))?.title).toBe('Polled twice');
    unmount();
  });

  it('stops for good when the server answers -1, even when polling is switched on again', async () => {
    const api = stubFetch({ [`GET ${POLL}`]: answer('-1', 'Polled once', 2) });
    const { rerender, unmount } = renderHook(({ enabled }) => useRealtimeChangesPolling(KEY, POLL, enabled), { initialProps: { enabled: true } });
    await vi.advanceTimersByTimeAsync(1500);
    await flush();
    rerender({ enabled: false });
    rerender({ enabled: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls).toHaveLength(1);
    unmount();
  });
});
