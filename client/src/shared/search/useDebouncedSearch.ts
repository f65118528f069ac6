import { useEffect, useRef, useState } from 'react';

export interface DebouncedSearch<T> {
  /** The answer to the newest search that answered; null while idle or before the first answer. */
  data: T | null;
  /** A search is in flight (from the moment the debounce fires until it answers). */
  loading: boolean;
  /** The newest search failed (cleared by the next answer or by going idle). */
  error: boolean;
}

/**
 * The one search of every picker: `term` (null: no search, the picker is closed or has nothing
 * to look up) is sent to `fetcher` once typing pauses for `debounceMs`; a newer term aborts the
 * older request, and an older answer that still arrives never overwrites a newer one. The last
 * answer stays shown while the next search runs. `fetcher` may change on every render.
 */
export function useDebouncedSearch<T>(term: string | null, fetcher: (term: string, signal: AbortSignal) => Promise<T>, { debounceMs }: { debounceMs: number }): DebouncedSearch<T> {
  const [state, setState] = useState<DebouncedSearch<T>>({ data: null, loading: false, error: false });
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  const latest = useRef(0);

  useEffect(() => {
    const id = ++latest.current;
    if (term === null) {
      setState((s) => (s.data === null && !s.loading && !s.error ? s : { data: null, loading: false, error: false }));
      return;
    }
    const ctl = new AbortController();
    const current = () => id === latest.current && !ctl.signal.aborted;
    const timer = setTimeout(() => {
      setState((s) => (s.loading ? s : { ...s, loading: true }));
      fetcherRef.current(term, ctl.signal).then(
        (data) => {
          if (current()) setState({ data, loading: false, error: false });
        },
        () => {
          if (current()) setState((s) => ({ ...s, loading: false, error: true }));
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [term, debounceMs]);

  return state;
}

/** `value` once it has stayed the same for `ms` (a picker that filters what it already holds). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
