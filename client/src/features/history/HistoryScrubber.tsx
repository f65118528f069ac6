import { useCallback, useEffect, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { EVENT_TYPES, HISTORY_TEXTS as T, type AnyRealtimeEvent, type HistorySnapshotPage } from '@tandem/shared-types';
import { eventRegistry } from '../../realtime/eventRegistry';
import { Alert } from '../../shared/ui/Alert';
import { fetchAfter, fetchEarlier, fetchSnapshot } from './historyApi';
import { HistoryPageView } from './HistoryPageView';
import { extendTimeline, prependPage, stepFor, timelineExport, timelineFromSnapshot, type Timeline } from './historyTimeline';
import './history.css';

export interface HistoryLink {
  atSeq?: number;
  at?: string;
}

interface Props {
  restBase: string;
  projectPath: string;
  iid: number;
  kind: 'Issue' | 'Epic' | 'MergeRequest';
  /** Where a `?at=` / `?at_seq=` link opened it. */
  link: HistoryLink | null;
  onClose(): void;
}

/** Keeps `?at_seq=` in the address bar on the step shown, so the address is a link to this moment. */
function writeAtSeq(seq: number | null) {
  const url = new URL(window.location.href);
  url.searchParams.delete('at');
  if (seq === null) url.searchParams.delete('at_seq');
  else url.searchParams.set('at_seq', String(seq));
  window.history.replaceState(window.history.state, '', url);
}

/**
 * The history scrubber (issue #26): a slider over every event of the issue's life that the
 * viewer may read now; dragging or the arrow keys show the page as that step left it. It opens
 * on one page (the present, or the moment a link names: the state before it comes with it),
 * then loads the later pages and the earlier ones behind it. Live events while it is open
 * extend the timeline and leave the position where the user put it.
 */
interface Loaded {
  timeline: Timeline | null;
  pos: number;
  /** Every earlier page is in (the stretch starts where the history does). */
  complete: boolean;
}

type Action =
  | { type: 'opened'; timeline: Timeline; pos: number }
  | { type: 'append'; events: readonly AnyRealtimeEvent[] }
  | { type: 'prepend'; page: HistorySnapshotPage }
  | { type: 'complete' }
  | { type: 'move'; pos: number };

/** Loads grow the timeline at both ends; the position stays on the step the user is on. */
function reduce(s: Loaded, a: Action): Loaded {
  switch (a.type) {
    case 'opened':
      return { timeline: a.timeline, pos: a.pos, complete: a.timeline.loadedFrom <= a.timeline.startSeq };
    case 'append':
      return s.timeline ? { ...s, timeline: extendTimeline(s.timeline, a.events) } : s;
    case 'prepend': {
      if (!s.timeline) return s;
      const { timeline, shift } = prependPage(s.timeline, a.page);
      return { ...s, timeline, pos: Math.max(0, s.pos + shift) };
    }
    case 'complete':
      return { ...s, complete: true };
    case 'move':
      return s.timeline ? { ...s, pos: Math.max(0, Math.min(s.timeline.steps.length - 1, a.pos)) } : s;
  }
}

export function HistoryScrubber({ restBase, projectPath, iid, kind, link, onClose }: Props) {
  const [{ timeline, pos, complete }, dispatch] = useReducer(reduce, { timeline: null, pos: 0, complete: false });
  const [failed, setFailed] = useState(false);
  const [missed, setMissed] = useState(false);
  const slider = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Live events wait until the later pages are in (the timeline drops those it has), then extend it
    const live: AnyRealtimeEvent[] = [];
    let caughtUp = false;
    const onEvent = (e: AnyRealtimeEvent) => {
      if (e.issue.project_path !== projectPath || e.issue.iid !== iid) return;
      if (caughtUp) dispatch({ type: 'append', events: [e] });
      else live.push(e);
    };
    const offs = EVENT_TYPES.map((type) => eventRegistry.register(type, onEvent as never));
    const abort = new AbortController();
    const signal = abort.signal;
    (async () => {
      // The page the scrubber opens on (the present, or the moment linked), at once; the rest behind it
      const first = await fetchSnapshot(restBase, link ?? {}, signal);
      // Where opening spends its time (tools/bench/history-bench.mjs reads these)
      performance.mark('tandem:history-fetched');
      const opened = timelineFromSnapshot(first);
      performance.mark('tandem:history-replayed');
      const steps = opened.steps;
      dispatch({ type: 'opened', timeline: opened, pos: link ? stepFor(steps, link) : steps.length - 1 });
      if (link?.at !== undefined && opened.loadedFrom <= opened.startSeq && steps[0]?.at && Date.parse(link.at) < Date.parse(steps[0].at)) setMissed(true);
      for (let after = first.next_after_seq; after !== null; ) {
        const page = await fetchAfter(restBase, after, signal);
        dispatch({ type: 'append', events: page.events });
        after = page.next_after_seq;
      }
      caughtUp = true;
      dispatch({ type: 'append', events: live });
      for (let from = first.base.seq; from > first.start_seq; ) {
        const page = await fetchEarlier(restBase, from, first.start_seq, signal);
        dispatch({ type: 'prepend', page });
        from = page.base.seq;
      }
      dispatch({ type: 'complete' });
      performance.mark('tandem:history-complete');
    })().catch(() => {
      if (!signal.aborted) setFailed(true);
    });
    return () => {
      abort.abort();
      offs.forEach((off) => off());
    };
  }, [restBase, projectPath, iid, link]);

  const steps = timeline?.steps ?? [];
  const step = steps[pos];
  useEffect(() => {
    if (!step) return;
    // Once the user stops on a step (a drag or held arrow key is many steps)
    const t = setTimeout(() => writeAtSeq(step.seq), 250);
    return () => clearTimeout(t);
  }, [step]);
  useEffect(() => {
    if (timeline) slider.current?.focus();
  }, [timeline !== null]); // eslint-disable-line react-hooks/exhaustive-deps

  const close = useCallback(() => {
    writeAtSeq(null);
    onClose();
  }, [onClose]);

  const onKey = (e: KeyboardEvent) => {
    if (e.target === slider.current) return;
    if (e.key === 'ArrowLeft') dispatch({ type: 'move', pos: pos - 1 });
    else if (e.key === 'ArrowRight') dispatch({ type: 'move', pos: pos + 1 });
    else return;
    e.preventDefault();
  };

  const exportJson = () => {
    if (!timeline) return;
    const blob = new Blob([JSON.stringify(timelineExport(timeline, { type: kind, stream_path: projectPath, iid }), null, 2)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${projectPath.replace(/\//g, '-')}-${iid}-history.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys step the slider from any control inside the scrubber (the handler only reads keys bubbling from its own controls)
    <section className="history-scrubber" aria-label={T.open} data-testid="history-scrubber" onKeyDown={onKey}>
      <div className="history-scrubber__bar">
        <h2 className="history-scrubber__heading">{T.open}</h2>
        {timeline && complete && (
          <button type="button" className="btn btn--secondary btn--sm" onClick={exportJson} data-testid="history-export">
            {T.exportJson}
          </button>
        )}
        <button type="button" className="btn btn--tertiary btn--sm" onClick={close} data-testid="history-close">
          {T.close}
        </button>
      </div>
      {failed && <Alert variant="danger">{T.loadFailed}</Alert>}
      {!timeline && !failed && <p role="status">{T.loading}</p>}
      {missed && <Alert variant="warning">{T.unknownAt}</Alert>}
      {timeline && !complete && !failed && (
        <p className="history-scrubber__note" role="status" data-testid="history-loading-earlier">
          {T.loadingEarlier}
        </p>
      )}
      {timeline && timeline.base && steps[0]?.at && <p className="history-scrubber__note">{T.compactedBefore(steps[0].at)}</p>}
      {timeline && step && (
        <>
          <input
            ref={slider}
            type="range"
            className="history-scrubber__slider"
            min={0}
            max={steps.length - 1}
            step={1}
            value={pos}
            aria-label={T.slider}
            aria-valuetext={step.label ?? T.asOf(step.at ?? '')}
            data-testid="history-slider"
            onChange={(e) => dispatch({ type: 'move', pos: Number(e.target.value) })}
          />
          <p className="history-scrubber__step" aria-live="polite">
            <span data-testid="history-step-label">{step.label ?? T.asOf(step.at ?? '')}</span>{' '}
            <span className="history-scrubber__count" data-testid="history-step-count">
              {T.stepOf(pos + 1, steps.length)}
            </span>
          </p>
          <HistoryPageView state={step.state} previous={pos > 0 ? steps[pos - 1]!.state : null} kind={kind} />
        </>
      )}
    </section>
  );
}
