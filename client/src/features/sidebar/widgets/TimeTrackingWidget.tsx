import { useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { CircleHelp, Timer } from 'lucide-react';
import { collapsedTimeTracking, TIME_TRACKING_TEXTS as T, timeSpentPercent, timeTrackingMode } from '@tandem/shared-types';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import './timeTracking.css';

/**
 * The sidebar's time tracker (spec §4): comparison (spent against the estimate, a progress bar
 * in the danger style past 100%), estimate only, spent only, or none. Time is changed with the
 * /estimate and /spend quick actions (the help says how); the values arrive live with the
 * issue's `issue.updated` events (time_stats).
 */
export function TimeTrackingWidget({ issueKey }: { issueKey: string }) {
  const stats = useAtomValue(issueAtomFamily(issueKey))!.time_stats;
  const [help, setHelp] = useState(false);
  const helpId = useId();
  const mode = timeTrackingMode(stats);
  const percent = timeSpentPercent(stats);
  const over = percent > 100;

  return (
    <SidebarBlock
      title={T.title}
      icon={<Timer size={16} />}
      testId="sidebar-time-tracking"
      collapsed={{ text: collapsedTimeTracking(stats.total_time_spent ? stats.human_total_time_spent : null, stats.time_estimate ? stats.human_time_estimate : null) }}
    >
      <div className="time-tracking" data-mode={mode}>
        {mode === 'comparison' && (
          <div className="time-tracking__comparison">
            <div
              className={`time-tracking__bar${over ? ' time-tracking__bar--danger' : ''}`}
              role="progressbar"
              aria-label="Time spent against the estimate"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.min(percent, 100)}
              aria-valuetext={`${percent}%`}
              data-testid="time-tracking-bar"
            >
              <span className="time-tracking__fill" style={{ width: `${Math.min(percent, 100)}%` }} />
            </div>
            <div className="time-tracking__values">
              <span>
                {T.spent} <strong data-testid="time-tracking-spent">{stats.human_total_time_spent}</strong>
              </span>
              <span>
                {T.estimated} <strong data-testid="time-tracking-estimate">{stats.human_time_estimate}</strong>
              </span>
            </div>
          </div>
        )}
        {mode === 'estimate' && (
          <span>
            {T.estimated} <strong data-testid="time-tracking-estimate">{stats.human_time_estimate}</strong>
          </span>
        )}
        {mode === 'spent' && (
          <span>
            {T.spent} <strong data-testid="time-tracking-spent">{stats.human_total_time_spent}</strong>
          </span>
        )}
        {mode === 'none' && <span className="muted">{T.none}</span>}
        <button type="button" className="btn btn--icon btn--tertiary time-tracking__help-toggle" aria-label={T.help} aria-expanded={help} aria-controls={helpId} onClick={() => setHelp((h) => !h)}>
          <CircleHelp size={14} aria-hidden="true" />
        </button>
        {help && (
          <div id={helpId} className="time-tracking__help" data-testid="time-tracking-help">
            <p className="time-tracking__help-title">{T.help}</p>
            <ul>
              <li>{T.helpEstimate}</li>
              <li>{T.helpSpend}</li>
              <li>{T.helpRemove}</li>
            </ul>
          </div>
        )}
      </div>
    </SidebarBlock>
  );
}
