import { useEffect, useRef } from 'react';

/** Once the discussions are on screen, brings the note the address names (#note_<id>) into view. */
export function useNoteAnchor(loaded: boolean): void {
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
  }, [loaded]);
}
