import { useCallback, useEffect } from 'react';
import { PRESENCE } from '@tandem/shared-types';
import { realtimeClient } from '../../realtime/realtimeConnection';
import { appStore } from '../../shared/store';
import { presenceActivityAtomFamily, presenceAtomFamily } from './presenceAtoms';
import { applyPresence, pruneExpired, tabState } from './presenceModel';

/**
 * Takes part in an issue's presence for as long as the page shows it: announces this tab's
 * state when the subscription goes live, when it changes and every PRESENCE.refreshMs; answers
 * a newcomer's hello (with jitter); records what the others say and forgets the silent.
 * Only signed-in users announce (the server ignores the rest).
 */
export function usePresence(projectPath: string, iid: number, signedIn: boolean): void {
  const key = `${projectPath}#${iid}`;
  useEffect(() => {
    const client = realtimeClient();
    const activity = presenceActivityAtomFamily(key);
    const others = presenceAtomFamily(key);
    const timers = new Set<ReturnType<typeof setTimeout>>();
    let last: string | null = null;
    const announce = (force = false, answer = false) => {
      if (!signedIn) return;
      const { editing, typingAt } = appStore.get(activity);
      const state = tabState(editing, typingAt, Date.now());
      if (!force && state === last) return;
      last = state;
      client.sendPresence(projectPath, iid, state, answer);
    };
    const offPresence = client.onPresence((p) => {
      if (p.project_path !== projectPath || p.iid !== iid) return;
      appStore.set(others, (m) => applyPresence(m, p, Date.now()));
      if (p.hello && p.state !== 'left') {
        const t = setTimeout(() => {
          timers.delete(t);
          announce(true, true);
        }, Math.random() * PRESENCE.helloJitterMs);
        timers.add(t);
      }
    });
    const offLive = client.onLive((path, n) => {
      if (path === projectPath && n === iid) announce(true);
    });
    const offActivity = appStore.sub(activity, () => announce());
    const refresh = setInterval(() => announce(true), PRESENCE.refreshMs);
    // Once a second: forget the silent, and let "typing" lapse into viewing
    const tick = setInterval(() => {
      appStore.set(others, (m) => pruneExpired(m, Date.now()));
      announce();
    }, 1000);
    announce(true);
    return () => {
      offPresence();
      offLive();
      offActivity();
      clearInterval(refresh);
      clearInterval(tick);
      for (const t of timers) clearTimeout(t);
      appStore.set(others, new Map());
    };
  }, [key, projectPath, iid, signedIn]);
}

/** Marks the description's edit form open or closed on this tab. */
export function setEditingPresence(issueKey: string, editing: boolean): void {
  appStore.set(presenceActivityAtomFamily(issueKey), (a) => (a.editing === editing ? a : { ...a, editing }));
}

/** A keystroke handler for comment boxes: this tab is typing for the next PRESENCE.typingIdleMs. */
export function useTypingPresence(issueKey: string): () => void {
  return useCallback(() => {
    const now = Date.now();
    appStore.set(presenceActivityAtomFamily(issueKey), (a) => (now - a.typingAt < 500 ? a : { ...a, typingAt: now }));
  }, [issueKey]);
}
