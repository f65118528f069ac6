import { createStore } from 'jotai';

/** The tab's one jotai store: React reads it through <Provider>, socket and poll code write it directly. */
export let appStore = createStore();

/**
 * A new, empty store in place of the tab's one: the client tests' setup calls it before each
 * file, since files share a worker's modules (imports read the live binding).
 */
export function replaceAppStoreForTests(): void {
  appStore = createStore();
}
