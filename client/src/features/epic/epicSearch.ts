import Fuse from 'fuse.js';

/** What the epic selector lists and searches. */
export interface EpicOption {
  id: string;
  iid: string;
  title: string;
  reference: string;
  webUrl: string;
}

/**
 * The epic selector's filter (spec issue-page §9): the term is trimmed; a numeric term matches
 * the epic iid exactly; anything else fuzzy-matches title, reference and url (fuse.js, best
 * first). An empty term keeps every epic in its order.
 */
export function searchEpics(epics: readonly EpicOption[], term: string): EpicOption[] {
  const q = term.trim();
  if (!q) return [...epics];
  if (/^\d+$/.test(q)) return epics.filter((e) => e.iid === String(Number(q)));
  const fuse = new Fuse(epics as EpicOption[], { keys: ['title', 'reference', 'webUrl'], threshold: 0.4, ignoreLocation: true });
  return fuse.search(q).map((r) => r.item);
}
