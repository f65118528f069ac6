import { useEffect } from 'react';
import { appStore } from '../../shared/store';
import { quoteText } from './discussionRules';
import { replyRequestAtom } from './notesAtoms';

/** `r` with text selected in a note opens that thread's reply box with the text quoted (spec §2 shortcuts). */
export function useReplyShortcut(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'r' || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const sel = window.getSelection();
      const text = sel?.toString() ?? '';
      const anchor = sel?.anchorNode instanceof Element ? sel.anchorNode : sel?.anchorNode?.parentElement;
      const discussionId = anchor?.closest('[data-discussion-id]')?.getAttribute('data-discussion-id');
      if (!text.trim() || !discussionId) return;
      e.preventDefault();
      appStore.set(replyRequestAtom, { discussionId, quote: quoteText(text), n: Date.now() });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
