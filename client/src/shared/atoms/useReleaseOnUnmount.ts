import { useEffect, useRef } from 'react';

/** An atom family whose entries can be dropped (jotai-family's atomFamily, jotai/utils' atomFamily). */
export interface ReleasableFamily<P = string> {
  remove(param: P): void;
}

/** How many mounted pages show each key right now. */
const mounted = new Map<string, number>();

/**
 * Releases one noteable's atoms (`release(key)`) once no page shows it any more: the page's root
 * calls this, so an issue left behind leaves no atoms in the families. The release waits a tick
 * and is skipped when the key was mounted again meanwhile (StrictMode's remount, the same issue
 * in another mounted page), so a rendered page never reads a released atom.
 */
export function useReleaseOnUnmount(key: string, release: (key: string) => void): void {
  const releaseRef = useRef(release);
  useEffect(() => {
    releaseRef.current = release;
  });
  useEffect(() => {
    mounted.set(key, (mounted.get(key) ?? 0) + 1);
    return () => {
      const left = (mounted.get(key) ?? 1) - 1;
      if (left > 0) {
        mounted.set(key, left);
        return;
      }
      mounted.delete(key);
      const run = releaseRef.current;
      setTimeout(() => {
        if (!mounted.has(key)) run(key);
      }, 0);
    };
  }, [key]);
}
