import { useEffect, useRef } from 'react';

/**
 * Brings the note the address names (#note_<id>) into view once it is on screen. The
 * discussions arrive page by page, so it looks again after each page until the note shows.
 */
export function useNoteAnchor(loaded: boolean, pagesRead: unknown): void {
  const done = useRef(false);
  useEffect(() => {
    if (!loaded || done.current) return;
    const m = /^#(note_\d+)$/.exec(window.location.hash);
    if (!m) return;
    const el = document.getElementById(m[1]!);
    if (!el) return;
    done.current = true;
    el.scrollIntoView?.({ block: 'start' });
    el.classList.add('note--target');
  }, [loaded, pagesRead]);
}
