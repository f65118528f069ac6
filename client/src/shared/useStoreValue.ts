import { useCallback, useSyncExternalStore } from 'react';
import type { Atom } from 'jotai';
import { appStore } from './store';

/**
 * An atom's value in the tab's store, read through React's useSyncExternalStore. jotai's
 * useAtomValue renders its component a second time as it mounts (it re-renders after
 * subscribing, whatever the value); this does not, and renders again only when the value
 * changed. Every note on a discussion page reads several atoms, so a review of 30 new threads
 * rendered each of its notes twice with useAtomValue.
 */
export function useStoreValue<V>(atom: Atom<V>): V {
  const store = appStore;
  const subscribe = useCallback((onChange: () => void) => store.sub(atom, onChange), [store, atom]);
  const read = useCallback(() => store.get(atom), [store, atom]);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * A part of an atom's value (`select` must return a primitive or a kept object): the component
 * renders again only when that part changed, not at every change of the atom (a note's
 * "Assign to commenting user" reads whether its author is assigned, not the whole issue, which
 * changes at every comment).
 */
export function useStoreSelector<V, S>(atom: Atom<V>, select: (value: V) => S): S {
  const store = appStore;
  const subscribe = useCallback((onChange: () => void) => store.sub(atom, onChange), [store, atom]);
  const read = () => select(store.get(atom));
  return useSyncExternalStore(subscribe, read, read);
}
