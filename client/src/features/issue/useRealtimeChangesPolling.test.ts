import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeChanges } from '@tandem/shared-types';
import { RealtimeChangesPoller, pollIntervalOf } from './useRealtimeChangesPolling';

class FakeDoc extends EventTarget {
  hidden = false;
  setHidden(h: boolean) {
    this.hidden = h;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

const body: RealtimeChanges = { title: 't', title_text: 't', description: '', description_text: '', task_completion_status: { count: 0, completed_count: 0 }, lock_version: 1, state: 'opened' };
/** A minimal fetch Response (real ones parse through streams, which fake timers do not drive). */
const reply = (interval: string | null, status = 200) => ({
  status,
  ok: status >= 200 && status < 300,
  headers: new Headers(interval === null ? {} : { 'Poll-Interval': interval }),
  json: async () => body,
});

/** Lets the awaited fetch and json() settle under fake timers. */
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
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
  let fetchImpl: ReturnType<typeof vi.fn>;
  let data: RealtimeChanges[];
  let poller: RealtimeChangesPoller;

  beforeEach(() => {
    vi.useFakeTimers();
    doc = new FakeDoc();
    data = [];
    fetchImpl = vi.fn();
    poller = new RealtimeChangesPoller({ url: '/g/p/-/issues/1/realtime_changes', onData: (c) => data.push(c), fetchImpl: fetchImpl as unknown as typeof fetch, doc: doc as unknown as Document });
  });
  afterEach(() => {
    poller.stop();
    vi.useRealTimers();
  });

  it('first polls after 2000 ms, then follows Poll-Interval', async () => {
    fetchImpl.mockResolvedValue(reply('3000'));
    poller.start();
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchImpl).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]![0]).toBe('/g/p/-/issues/1/realtime_changes');
    expect(data).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('uses a changed Poll-Interval for the next request', async () => {
    fetchImpl.mockResolvedValueOnce(reply('10000')).mockResolvedValue(reply('3000'));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    await vi.advanceTimersByTimeAsync(9000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it.each([['-1'], ['0'], [null]])('stops when Poll-Interval is %s', async (interval) => {
    fetchImpl.mockResolvedValue(reply(interval));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('stops on an HTTP error', async () => {
    fetchImpl.mockResolvedValue(reply('3000', 500));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(data).toHaveLength(0);
  });

  it('keeps polling through a 304 without applying anything', async () => {
    fetchImpl.mockResolvedValue(reply('3000', 304));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    await vi.advanceTimersByTimeAsync(3000);
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(data).toHaveLength(0);
  });

  it('pauses while the tab is hidden and polls at once when it is visible again', async () => {
    fetchImpl.mockResolvedValue(reply('3000'));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    doc.setHidden(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    doc.setHidden(false);
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('does not start a chain while hidden, and stop() ends everything', async () => {
    doc.hidden = true;
    fetchImpl.mockResolvedValue(reply('3000'));
    poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchImpl).not.toHaveBeenCalled();
    doc.setHidden(false);
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    poller.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    doc.setHidden(false);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
