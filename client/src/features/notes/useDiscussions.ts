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
      const early = cursor === null && !persistNow ? takePrefetchedDiscussionsPage(discussionsPath, filter) : undefined;
      const page = await (early ?? fetchDiscussionsPage(discussionsPath, { filter, persist: persistNow, cursor, signal: controller.signal }));
      if (controller.signal.aborted) return;
      if (!page) {
        setFailed(true);
        setLoadingMore(false);
        return;
      }
      // The first page replaces what a previous filter showed; later pages add to it
      appStore.set(a, first ? page.discussions : appendPage(appStore.get(a) ?? [], page.discussions));
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
