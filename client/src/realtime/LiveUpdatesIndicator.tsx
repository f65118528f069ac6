import type { ConnectionState } from '@tandem/shared-types';
import { TEXTS } from '@tandem/shared-types';

/** The notice's detail line: reconnecting while the monitor still tries, polling once it gave up. */
export const LIVE_DETAIL = {
  reconnecting: 'Reconnecting… changes are fetched every few seconds meanwhile.',
  polling: 'Changes arrive by polling every few seconds.',
} as const;

/**
 * An unobtrusive notice while the socket is down and the page falls back to polling. The
 * wrapper always renders (with the state in data-state, and data-mode live, reconnecting or
 * polling) so tools and tests can tell states apart.
 */
export function LiveUpdatesIndicator({ state, givenUp = false }: { state: ConnectionState; givenUp?: boolean }) {
  // The first connect takes milliseconds; only a lost or refused socket is worth a notice.
  const paused = state === 'reconnecting' || state === 'closed';
  const mode = state === 'open' ? 'live' : givenUp ? 'polling' : paused ? 'reconnecting' : 'connecting';
  return (
    <div className="live-status" data-testid="live-status" data-state={state} data-mode={mode}>
      {paused && (
        <div className="live-paused" role="status" aria-live="polite" data-testid="live-updates-paused">
          <span className="live-paused__dot" aria-hidden="true" />
          <span className="live-paused__text">{TEXTS.liveUpdatesPaused}</span>
          <span className="live-paused__detail">{givenUp ? LIVE_DETAIL.polling : LIVE_DETAIL.reconnecting}</span>
        </div>
      )}
    </div>
  );
}
