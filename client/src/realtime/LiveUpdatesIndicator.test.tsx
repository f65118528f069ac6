import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { TEXTS } from '@tandem/shared-types';
import { LIVE_DETAIL, LiveUpdatesIndicator } from './LiveUpdatesIndicator';

describe('LiveUpdatesIndicator', () => {
  afterEach(cleanup);

  it('says nothing while the socket is open', () => {
    render(<LiveUpdatesIndicator state="open" />);
    expect(screen.getByTestId('live-status').dataset.mode).toBe('live');
    expect(screen.queryByTestId('live-updates-paused')).toBeNull();
  });

  it('says it is reconnecting while the monitor still tries', () => {
    render(<LiveUpdatesIndicator state="reconnecting" givenUp={false} />);
    const notice = screen.getByTestId('live-updates-paused');
    expect(notice.textContent).toContain(TEXTS.liveUpdatesPaused);
    expect(notice.textContent).toContain(LIVE_DETAIL.reconnecting);
    expect(screen.getByTestId('live-status').dataset.mode).toBe('reconnecting');
  });

  it('says updates arrive by polling once the monitor gave up, not "Reconnecting…"', () => {
    render(<LiveUpdatesIndicator state="reconnecting" givenUp />);
    const notice = screen.getByTestId('live-updates-paused');
    expect(notice.textContent).toContain(TEXTS.liveUpdatesPaused);
    expect(notice.textContent).toContain(LIVE_DETAIL.polling);
    expect(notice.textContent).not.toContain('Reconnecting');
    expect(screen.getByTestId('live-status').dataset.mode).toBe('polling');
  });
});
