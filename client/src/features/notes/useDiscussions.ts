import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { ApiDiscussion, NotesFilter } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { appendPage } from './discussionRules';
import { registerDiscussionsRefetch } from './discussionsRefetch';
import { discussionsAtomFamily } from './notesAtoms';
import { fetchDiscussionsPage, takePrefetchedDiscussionsPage } from './notesApi';

export interface DiscussionsState {
  discussions: ApiDiscussion[] | null;
  /** More pages are still being read. */
  loadingMore: boolean;
  failed: boolean;
  reload(): void;
}

/**
 * Loads an issue's discussions for a filter, page after page (per_page + X-Next-Page-Cursor),
 * writing each page into the store as it arrives so a long thread renders progressively.
 * `persist` saves the filter as the viewer's preference (a choice made on the page).
 */
export function useDiscussions(key: string, discussionsPath: string, filter: NotesFilter, persist: boolean): DiscussionsState {
  const discussions = useAtomValue(discussionsAtomFamily(key), { store: appStore });
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const persistRef = useRef(persist);
  persistRef.current = persist;

  useEffect(() => {
    const controller = new AbortController();
    const a = discussionsAtomFamily(key);
    let first = true;
    async function load(cursor: string | null): Promise<void> {
      const persistNow = persistRef.current && cursor === null;
      // What the list held as this read set off: a discussion added, changed or removed live while
      // it is on its way was written after the server read the page, and must not be lost (or
      // come back) when the page replaces the list (a filter or sort changed just before a comment
      // arrived, was edited or deleted)
      const heldBefore = first ? new Map((appStore.get(a) ?? []).map((d) => [d.id, d])) : null;
      const early = cursor === null && !persistNow ? takePrefetchedDiscussionsPage(discussionsPath, filter) : undefined;
      const page = await (early ?? fetchDiscussionsPage(discussionsPath, { filter, persist: persistNow, cursor, signal: controller.signal }));
      if (controller.signal.aborted) return;
      if (!page) {
        setFailed(true);
        setLoadingMore(false);
        return;
      }
      // The first page replaces what a previous filter showed (keeping what changed live
      // meanwhile); later pages add to it
      appStore.set(a, first ? withArrivedMeanwhile(page.discussions, appStore.get(a) ?? [], heldBefore!) : appendPage(appStore.get(a) ?? [], page.discussions));
      first = false;
      setLoadingMore(!!page.next);
      if (page.next) await load(page.next);
    }
    setFailed(false);
    load(null).catch(() => {
      if (!controller.signal.aborted) {
        setFailed(true);
        setLoadingMore(false);
      }
    });
    return () => controller.abort();
  }, [key, discussionsPath, filter, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  useEffect(() => registerDiscussionsRefetch(key, reload), [key, reload]);

  return { discussions, loadingMore, failed, reload };
}

/**
 * The first page, merged with what the socket did while it was on its way (the page may have been
 * read before those writes): a discussion removed meanwhile stays removed; one that changed
 * meanwhile (a reply, an edit, a resolve: the store replaces a discussion's object on every change)
 * or arrived meanwhile is taken as the store holds it; one that arrived meanwhile and is not in the
 * page is added after it. What the old filter showed and did not change is dropped.
 */
function withArrivedMeanwhile(page: ApiDiscussion[], now: ApiDiscussion[], heldBefore: Map<string, ApiDiscussion>): ApiDiscussion[] {
  const nowById = new Map(now.map((d) => [d.id, d]));
  const inPage = new Set(page.map((d) => d.id));
  const touched = (d: ApiDiscussion) => heldBefore.get(d.id) !== d;
  const merged = page
    .filter((d) => !(heldBefore.has(d.id) && !nowById.has(d.id)))
    .map((d) => {
      const live = nowById.get(d.id);
      return live && touched(live) ? live : d;
    });
  const arrived = now.filter((d) => !heldBefore.has(d.id) && !inPage.has(d.id));
  return arrived.length ? [...merged, ...arrived] : merged;
}
