import { useEffect, useRef } from 'react';
import { type RealtimeChanges } from '@tandem/shared-types';
import { initialPollDelayMs } from '../../shared/pageData';
import { appStore } from '../../shared/store';
import { applyRealtimeChanges, issueAtomFamily } from './issueAtoms';

export interface PollerOptions {
  url: string;
  onData(changes: RealtimeChanges): void;
  fetchImpl?: typeof fetch;
  doc?: Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;
  /** Delay before the first request: the page's value until the server has answered once. */
  firstDelayMs?: number;
  /** Told the server's word after every answer: the next interval in ms, or -1 when it stopped polling. */
  onInterval?(ms: number): void;
}

/** Reads Poll-Interval: a positive number of ms keeps polling; -1, 0, missing or junk stop it. */
export function pollIntervalOf(headers: Headers): number | null {
  const raw = headers.get('poll-interval');
  if (raw === null || !/^-?\d+$/.test(raw.trim())) return null;
  const ms = Number(raw);
  return ms > 0 ? ms : null;
}

/**
 * The spec's realtime_changes poller (docs/realtime.md): the first request after the
 * page's delay, then every Poll-Interval ms as the server says; -1 (or no header) stops it for
 * good, so showing the tab again does not restart it; an HTTP error stops the chain until the
 * tab is shown again. It pauses while the tab is hidden.
 */
export class RealtimeChangesPoller {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private controller: AbortController | null = null;
  private running = false;
  private stoppedByServer = false;
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
    if (!this.doc.hidden) this.schedule(this.opts.firstDelayMs ?? initialPollDelayMs());
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
      if (res.status === 200 || res.status === 304) {
        next = pollIntervalOf(res.headers);
        if (next === null) this.stoppedByServer = true;
        this.opts.onInterval?.(next ?? -1);
      }
    } catch {
      next = null; // network failure or abort: stop like an HTTP error; visibility restarts it
    } finally {
      if (this.controller === controller) this.controller = null;
    }
    if (this.running && !controller.signal.aborted && next !== null && !this.doc.hidden) this.schedule(next);
  }

  private readonly onVisibility = () => {
    if (!this.running || this.stoppedByServer) return;
    if (this.doc.hidden) this.halt();
    else {
      this.halt();
      void this.poll();
    }
  };
}

/**
 * Keeps the issue atom fresh from realtime_changes, and calls `onChanged` after each answer
 * that is not a 304 (the rest of the page refreshes there). `enabled` lets the socket sync module turn
 * polling on only while its connection is down. The server's last Poll-Interval outlives a
 * restart (the socket dropping again), and its -1 keeps polling off for the page.
 */
export function useRealtimeChangesPolling(key: string, realtimeChangesPath: string, enabled = true, onChanged?: () => void): void {
  // The latest callback, without restarting the poller when it changes
  const changed = useRef(onChanged);
  changed.current = onChanged;
  // What the server last said for this URL: an interval in ms, or -1 (stop)
  const serverSaid = useRef<{ path: string; ms: number } | null>(null);
  useEffect(() => {
    const said = serverSaid.current?.path === realtimeChangesPath ? serverSaid.current.ms : null;
    if (!enabled || said === -1) return;
    const issueAtom = issueAtomFamily(key);
    const poller = new RealtimeChangesPoller({
      url: realtimeChangesPath,
      firstDelayMs: said ?? initialPollDelayMs(),
      onInterval: (ms) => (serverSaid.current = { path: realtimeChangesPath, ms }),
      onData: (changes) => {
        const issue = appStore.get(issueAtom);
        if (issue) appStore.set(issueAtom, applyRealtimeChanges(issue, changes));
        // A 200 means the issue's log moved (its ETag changed): whatever else changed is read again
        changed.current?.();
      },
    });
    poller.start();
    return () => poller.stop();
  }, [key, realtimeChangesPath, enabled]);
}
