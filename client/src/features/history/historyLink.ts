import type { HistoryLink } from './HistoryScrubber';

/** `?at_seq=<n>` or `?at=<ISO time>` in a page's address: where the history opens (null: it stays closed). */
export function historyLinkFromSearch(search: string): HistoryLink | null {
  const q = new URLSearchParams(search);
  const seq = q.get('at_seq');
  if (seq !== null && /^\d{1,10}$/.test(seq)) return { atSeq: Number(seq) };
  const at = q.get('at');
  if (at !== null && !Number.isNaN(Date.parse(at))) return { at };
  return null;
}
