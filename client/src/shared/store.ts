import { createStore } from 'jotai';

/** The tab's one jotai store: React reads it through <Provider>, socket and poll code write it directly. */
export const appStore = createStore();
