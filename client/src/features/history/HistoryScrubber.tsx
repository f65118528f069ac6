import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { EVENT_TYPES, HISTORY_TEXTS as T, type AnyRealtimeEvent } from '@tandem/shared-types';
import { eventRegistry } from '../../realtime/eventRegistry';
import { Alert } from '../../shared/ui/Alert';
import { fetchHistory } from './historyApi';
import { HistoryPageView } from './HistoryPageView';
import { extendTimeline, stepFor, timelineExport, timelineOf, type Timeline } from './historyTimeline';
import './history.css';

export interface HistoryLink {
  atSeq?: number;
  at?: string;
}

interface Props {
  restBase: string;
  projectPath: string;
  iid: number;
  kind: 'Issue' | 'Epic';
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
 * viewer may read now; dragging or the arrow keys show the page as that step left it. Live
 * events while it is open extend the timeline and leave the position where the user put it.
 */
export function HistoryScrubber({ restBase, projectPath, iid, kind, link, onClose }: Props) {
  const [timeline, setTimeline] = useState<Timeline | null>(null);
  const [failed, setFailed] = useState(false);
  const [pos, setPos] = useState(0);
  const [missed, setMissed] = useState(false);
  const slider = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Live events from before the load answers are kept, then appended (the timeline drops those it has)
    const early: AnyRealtimeEvent[] = [];
    let loaded: Timeline | null = null;
    const onEvent = (e: AnyRealtimeEvent) => {
      if (e.issue.project_path !== projectPath || e.issue.iid !== iid) return;
      if (!loaded) early.push(e);
      else setTimeline((t) => (t ? extendTimeline(t, [e]) : t));
    };
    const offs = EVENT_TYPES.map((type) => eventRegistry.register(type, onEvent as never));
    const abort = new AbortController();
    fetchHistory(restBase, abort.signal).then(
      (pages) => {
        // Where opening spends its time (tools/bench/history-bench.mjs reads these)
        performance.mark('tandem:history-fetched');
        loaded = extendTimeline(timelineOf(pages), early);
        performance.mark('tandem:history-replayed');
        const steps = loaded.steps;
        const at = link ? stepFor(steps, link) : steps.length - 1;
        if (link?.at !== undefined && steps.length && steps[0]!.at && Date.parse(link.at) < Date.parse(steps[0]!.at)) setMissed(true);
        setTimeline(loaded);
        setPos(Math.max(0, at));
      },
      () => {
        if (!abort.signal.aborted) setFailed(true);
      },
    );
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
    if (e.key === 'ArrowLeft') setPos((p) => Math.max(0, p - 1));
    else if (e.key === 'ArrowRight') setPos((p) => Math.min(steps.length - 1, p + 1));
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
        {timeline && (
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
            onChange={(e) => setPos(Number(e.target.value))}
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
