import { useEffect } from 'react';
import { REALTIME, type RealtimeChanges } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { applyRealtimeChanges, issueAtomFamily } from './issueAtoms';

export interface PollerOptions {
  url: string;
  onData(changes: RealtimeChanges): void;
  fetchImpl?: typeof fetch;
  doc?: Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;
  firstDelayMs?: number;
}

/** Reads Poll-Interval: a positive number of ms keeps polling; -1, 0, missing or junk stop it. */
export function pollIntervalOf(headers: Headers): number | null {
  const raw = headers.get('poll-interval');
  if (raw === null || !/^-?\d+$/.test(raw.trim())) return null;
  const ms = Number(raw);
  return ms > 0 ? ms : null;
}

/**
 * The realtime_changes poller, timed as GitLab's (docs/realtime.md): first request after 2 s, then
 * every Poll-Interval ms; the server can stop it with -1; an HTTP error stops it. It pauses while
 * the tab is hidden and asks again at once when the tab becomes visible.
 */
export class RealtimeChangesPoller {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private controller: AbortController | null = null;
  private running = false;
  private readonly fetchImpl: typeof fetch;
  private readonly doc: NonNullable<PollerOptions['doc']>;

  constructor(private readonly opts: PollerOptions) {
    this.fetchImpl = opts.fetchImpl ?? ((...args) => fetch(...args));
    this.doc = opts.doc ?? document;
  }

  get active(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.doc.addEventListener('visibilitychange', this.onVisibility);
    if (!this.doc.hidden) this.schedule(this.opts.firstDelayMs ?? REALTIME.firstPollDelayMs);
  }

  stop(): void {
    this.running = false;
    this.doc.removeEventListener('visibilitychange', this.onVisibility);
    this.halt();
  }

  private halt(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, ms);
  }

  private async poll(): Promise<void> {
    if (!this.running || this.doc.hidden) return;
    const controller = new AbortController();
    this.controller = controller;
    let next: number | null = null;
    try {
      const res = await this.fetchImpl(this.opts.url, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal: controller.signal });
      if (controller.signal.aborted || !this.running) return;
      if (res.status === 200) this.opts.onData((await res.json()) as RealtimeChanges);
      // 304 means nothing changed since the browser's cached answer: keep going
      if (res.status === 200 || res.status === 304) next = pollIntervalOf(res.headers);
    } catch {
      next = null; // network failure or abort: stop like an HTTP error; visibility restarts it
    } finally {
      if (this.controller === controller) this.controller = null;
    }
    if (this.running && !controller.signal.aborted && next !== null && !this.doc.hidden) this.schedule(next);
  }

  private readonly onVisibility = () => {
    if (!this.running) return;
    if (this.doc.hidden) this.halt();
    else {
      this.halt();
      void this.poll();
    }
  };
}

/**
 * Keeps the issue atom fresh from realtime_changes. `enabled` lets the socket sync module turn
 * polling on only while its connection is down.
 */
export function useRealtimeChangesPolling(key: string, realtimeChangesPath: string, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const issueAtom = issueAtomFamily(key);
    const poller = new RealtimeChangesPoller({
      url: realtimeChangesPath,
      onData: (changes) => {
        const issue = appStore.get(issueAtom);
        if (issue) appStore.set(issueAtom, applyRealtimeChanges(issue, changes));
      },
    });
    poller.start();
    return () => poller.stop();
  }, [key, realtimeChangesPath, enabled]);
}
