import type { ConnectionState } from '@tandem/shared-types';
import { TEXTS } from '@tandem/shared-types';

/** An unobtrusive notice while the socket is down and the page falls back to polling. */
export function LiveUpdatesIndicator({ state }: { state: ConnectionState }) {
  // The first connect takes milliseconds; only a lost or refused socket is worth a notice.
  if (state === 'open' || state === 'connecting') return null;
  const detail = 'Reconnecting… changes are fetched every few seconds meanwhile.';
  return (
    <div className="live-paused" role="status" aria-live="polite" data-testid="live-updates-paused" data-state={state}>
      <span className="live-paused__dot" aria-hidden="true" />
      <span className="live-paused__text">{TEXTS.liveUpdatesPaused}</span>
      <span className="live-paused__detail">{detail}</span>
    </div>
  );
}
