import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDebouncedSearch, useDebouncedValue } from './useDebouncedSearch';

/** A fetcher whose answers the test releases by hand, in any order. */
function manualFetcher() {
  const calls: Array<{ term: string; signal: AbortSignal; resolve(v: string[]): void; reject(e: Error): void }> = [];
  const fetcher = vi.fn(
    (term: string, signal: AbortSignal) =>
      new Promise<string[]>((resolve, reject) => {
        calls.push({ term, signal, resolve, reject });
      }),
  );
  return { fetcher, calls };
}

describe('useDebouncedSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once typing pauses for the debounce, with the last term only', async () => {
    const { fetcher, calls } = manualFetcher();
    const { result, rerender } = renderHook(({ term }) => useDebouncedSearch(term, fetcher, { debounceMs: 250 }), { initialProps: { term: 'a' as string | null } });
    rerender({ term: 'al' });
    act(() => void vi.advanceTimersByTime(200));
    rerender({ term: 'ali' });
    act(() => void vi.advanceTimersByTime(249));
    expect(fetcher).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(calls[0]!.term).toBe('ali');
    expect(result.current.loading).toBe(true);
    await act(async () => calls[0]!.resolve(['alice']));
    expect(result.current).toEqual({ data: ['alice'], loading: false, error: false });
  });

  it('never lets an older answer overwrite a newer one, even from a fetcher that ignores the abort', async () => {
    const { fetcher, calls } = manualFetcher();
    const { result, rerender } = renderHook(({ term }) => useDebouncedSearch(term, fetcher, { debounceMs: 250 }), { initialProps: { term: 'al' as string | null } });
    act(() => void vi.advanceTimersByTime(250));
    rerender({ term: 'bo' });
    expect(calls[0]!.signal.aborted).toBe(true);
    act(() => void vi.advanceTimersByTime(250));
    await act(async () => calls[1]!.resolve(['bob']));
    await act(async () => calls[0]!.resolve(['alice']));
    expect(result.current.data).toEqual(['bob']);
    // A late failure of the old search is not the new one's error either
    rerender({ term: 'ca' });
    act(() => void vi.advanceTimersByTime(250));
    rerender({ term: 'cy' });
    act(() => void vi.advanceTimersByTime(250));
    await act(async () => calls[3]!.resolve(['cyd']));
    await act(async () => calls[2]!.reject(new Error('late')));
    expect(result.current).toEqual({ data: ['cyd'], loading: false, error: false });
  });

  it('keeps the last answer while the next runs, reports a failure, and goes idle (nothing held, no request) on null', async () => {
    const { fetcher, calls } = manualFetcher();
    const { result, rerender } = renderHook(({ term }) => useDebouncedSearch(term, fetcher, { debounceMs: 250 }), { initialProps: { term: 'al' as string | null } });
    act(() => void vi.advanceTimersByTime(250));
    await act(async () => calls[0]!.resolve(['alice']));
    rerender({ term: 'alx' });
    act(() => void vi.advanceTimersByTime(250));
    expect(result.current).toEqual({ data: ['alice'], loading: true, error: false });
    await act(async () => calls[1]!.reject(new Error('500')));
    expect(result.current).toEqual({ data: ['alice'], loading: false, error: true });
    rerender({ term: null });
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current).toEqual({ data: null, loading: false, error: false });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the value once it has stayed for the delay', () => {
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 500), { initialProps: { v: '' } });
    rerender({ v: 'th' });
    act(() => void vi.advanceTimersByTime(499));
    expect(result.current).toBe('');
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe('th');
  });
});
