/**
 * The spec's polling helper interval (sidebar-and-widgets §7, GitLab's SmartInterval): it
 * starts at `startingMs`, grows by `factor` after each tick that brought nothing new, up to
 * `maxMs`; a tick with news resets it. While the page is hidden `hiddenMs` applies instead
 * (null: no ticks at all while hidden); showing the page again ticks at once from the start.
 */
export interface SmartIntervalOptions {
  /** One poll; resolves true when it brought something new (the interval goes back to the start). */
  tick(): Promise<boolean>;
  startingMs: number;
  maxMs: number;
  factor: number;
  hiddenMs: number | null;
  /** Delay before the first tick (defaults to startingMs). */
  firstDelayMs?: number;
  doc?: Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;
}

export class SmartInterval {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private current: number;
  private running = false;
  private readonly doc: NonNullable<SmartIntervalOptions['doc']>;

  constructor(private readonly opts: SmartIntervalOptions) {
    this.current = opts.startingMs;
    this.doc = opts.doc ?? document;
  }

  /** The interval the next visible tick waits (what a test or an indicator reads). */
  get intervalMs(): number {
    return this.current;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.doc.addEventListener('visibilitychange', this.onVisibility);
    this.schedule(this.doc.hidden ? this.opts.hiddenMs : (this.opts.firstDelayMs ?? this.opts.startingMs));
  }

  stop(): void {
    this.running = false;
    this.doc.removeEventListener('visibilitychange', this.onVisibility);
    this.clear();
  }

  /** A new starting interval (the server's Poll-Interval); the current one follows if it was below it. */
  setStartingMs(ms: number): void {
    this.opts.startingMs = ms;
    if (this.current < ms) this.current = ms;
  }

  /** Back to the starting interval (something happened that makes news likely). */
  reset(): void {
    this.current = this.opts.startingMs;
    if (this.running && !this.doc.hidden) this.schedule(this.current);
  }

  /** The next interval after a tick: the start after news, else grown by the factor up to the maximum. */
  static next(current: number, news: boolean, o: Pick<SmartIntervalOptions, 'startingMs' | 'maxMs' | 'factor'>): number {
    return news ? o.startingMs : Math.min(Math.round(current * o.factor), o.maxMs);
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number | null): void {
    this.clear();
    if (ms === null || !this.running) return;
    this.timer = setTimeout(() => void this.run(), ms);
  }

  private async run(): Promise<void> {
    this.timer = null;
    let news = false;
    try {
      news = await this.opts.tick();
    } catch {
      news = false;
    }
    if (!this.running) return;
    if (this.doc.hidden) return this.schedule(this.opts.hiddenMs);
    this.current = SmartInterval.next(this.current, news, this.opts);
    this.schedule(this.current);
  }

  private readonly onVisibility = () => {
    if (!this.running) return;
    if (this.doc.hidden) this.schedule(this.opts.hiddenMs);
    else {
      this.current = this.opts.startingMs;
      this.schedule(0);
    }
  };
}
