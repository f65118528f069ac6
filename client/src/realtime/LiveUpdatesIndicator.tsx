import type { ConnectionState } from '@tandem/shared-types';
import { TEXTS } from '@tandem/shared-types';

/**
 * An unobtrusive notice while the socket is down and the page falls back to polling. The
 * wrapper always renders (with the state in data-state) so tools and tests can tell states apart.
 */
export function LiveUpdatesIndicator({ state }: { state: ConnectionState }) {
  // The first connect takes milliseconds; only a lost or refused socket is worth a notice.
  const paused = state === 'reconnecting' || state === 'closed';
  return (
    <div className="live-status" data-testid="live-status" data-state={state}>
      {paused && (
        <div className="live-paused" role="status" aria-live="polite" data-testid="live-updates-paused">
          <span className="live-paused__dot" aria-hidden="true" />
          <span className="live-paused__text">{TEXTS.liveUpdatesPaused}</span>
          <span className="live-paused__detail">Reconnecting… changes are fetched every few seconds meanwhile.</span>
        </div>
      )}
    </div>
  );
}
