import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { TIME_TRACKING_TEXTS, timeStats } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { renderWithStores } from '../../../test/kit';
import { applyIssueFields, issueAtomFamily } from '../../issue/issueAtoms';
import { makeIssue } from '../../issue/testIssue';
import { TimeTrackingWidget } from './TimeTrackingWidget';

const KEY = 'g/p#1';
const H = 3600;

function renderWidget(estimate: number, spent: number) {
  appStore.set(issueAtomFamily(KEY), makeIssue({ time_stats: timeStats(estimate, spent) }));
  renderWithStores(<TimeTrackingWidget issueKey={KEY} />);
}
const block = () => screen.getByTestId('sidebar-time-tracking');

describe('TimeTrackingWidget', () => {
  afterEach(() => issueAtomFamily.remove(KEY));

  it('shows none: No estimate or time spent', () => {
    renderWidget(0, 0);
    expect(block().textContent).toContain(TIME_TRACKING_TEXTS.none);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the estimate only, or the time spent only', () => {
    renderWidget(3 * H, 0);
    expect(screen.getByTestId('time-tracking-estimate').textContent).toBe('3h');
    expect(screen.queryByTestId('time-tracking-spent')).toBeNull();
    cleanup();
    renderWidget(0, 1800);
    expect(screen.getByTestId('time-tracking-spent').textContent).toBe('30m');
    expect(screen.queryByTestId('time-tracking-estimate')).toBeNull();
    expect(block().textContent).not.toContain(TIME_TRACKING_TEXTS.none);
  });

  it('compares both with a progress bar that turns to danger past 100%', () => {
    renderWidget(2 * H, H);
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuetext')).toBe('50%');
    expect(bar.className).not.toContain('danger');
    expect(screen.getByTestId('time-tracking-spent').textContent).toBe('1h');
    expect(screen.getByTestId('time-tracking-estimate').textContent).toBe('2h');
    // a live issue.updated with new time_stats (another user's /spend)
    act(() => appStore.set(issueAtomFamily(KEY), (i) => applyIssueFields(i!, { lock_version: 2, updated_at: 'x', time_stats: timeStats(2 * H, 5 * H) })));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('250%');
    expect(screen.getByRole('progressbar').className).toContain('time-tracking__bar--danger');
    expect(screen.getByTestId('time-tracking-spent').textContent).toBe('5h');
  });

  it('toggles the help on how to use /estimate and /spend', () => {
    renderWidget(0, 0);
    const toggle = screen.getByRole('button', { name: TIME_TRACKING_TEXTS.help });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByTestId('time-tracking-help').textContent).toContain('/estimate');
    expect(screen.getByTestId('time-tracking-help').textContent).toContain('/spend');
    fireEvent.click(toggle);
    expect(screen.queryByTestId('time-tracking-help')).toBeNull();
  });
});
