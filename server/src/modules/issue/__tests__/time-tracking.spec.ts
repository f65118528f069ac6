import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration, timeSpentPercent, timeStats, timeTrackingMode, TIME_TRACKING_TEXTS } from '@tandem/shared-types';

const H = 3600;

describe('GitLab durations (8h days, 5d weeks, 4w months)', () => {
  it('parses units, combinations, decimals and bare hours', () => {
    expect(parseDuration('1mo 2w 3d 4h 5m')).toBe(4 * 5 * 8 * H + 2 * 5 * 8 * H + 3 * 8 * H + 4 * H + 5 * 60);
    expect(parseDuration('1h30m')).toBe(5400);
    expect(parseDuration('1.5h')).toBe(5400);
    expect(parseDuration('2 days')).toBe(16 * H);
    expect(parseDuration('1 week')).toBe(40 * H);
    expect(parseDuration('3')).toBe(3 * H);
    expect(parseDuration('45s')).toBe(45);
    expect(parseDuration('-30m')).toBe(-1800);
    expect(parseDuration(' 1H 15M ')).toBe(4500);
  });

  it('rejects what is not a duration', () => {
    for (const bad of ['', 'soon', '1x', 'h', '1h tomorrow', '0', '0h', '--1h', '1e9mo', '1h;drop']) expect(parseDuration(bad)).toBeNull();
  });

  it('formats largest units first, leaving zero parts out', () => {
    expect(formatDuration(4 * 5 * 8 * H + 2 * 5 * 8 * H + 3 * 8 * H + 4 * H + 5 * 60)).toBe('1mo 2w 3d 4h 5m');
    expect(formatDuration(8 * H)).toBe('1d');
    expect(formatDuration(9 * H)).toBe('1d 1h');
    expect(formatDuration(40 * H)).toBe('1w');
    expect(formatDuration(90)).toBe('1m 30s');
    expect(formatDuration(-1800)).toBe('-30m');
    expect(formatDuration(0)).toBe('0m');
    for (const s of [60, 5400, 123 * 60, 777 * H]) expect(parseDuration(formatDuration(s))).toBe(s);
  });

  it('builds time_stats with null human values for 0', () => {
    expect(timeStats(0, 0)).toEqual({ time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null });
    expect(timeStats(3 * H, 1800)).toEqual({ time_estimate: 3 * H, total_time_spent: 1800, human_time_estimate: '3h', human_total_time_spent: '30m' });
  });

  it('chooses the display mode and the spent share', () => {
    expect(timeTrackingMode({ time_estimate: 1, total_time_spent: 1 })).toBe('comparison');
    expect(timeTrackingMode({ time_estimate: 1, total_time_spent: 0 })).toBe('estimate');
    expect(timeTrackingMode({ time_estimate: 0, total_time_spent: 1 })).toBe('spent');
    expect(timeTrackingMode({ time_estimate: 0, total_time_spent: 0 })).toBe('none');
    expect(timeSpentPercent({ time_estimate: H, total_time_spent: 1800 })).toBe(50);
    expect(timeSpentPercent({ time_estimate: H, total_time_spent: 2 * H })).toBe(200);
  });

  it("has GitLab's system-note texts", () => {
    expect(TIME_TRACKING_TEXTS.estimateChanged(H)).toBe('changed time estimate to 1h');
    expect(TIME_TRACKING_TEXTS.estimateChanged(0)).toBe('removed time estimate');
    expect(TIME_TRACKING_TEXTS.timeSpentChanged(1800)).toBe('added 30m of time spent');
    expect(TIME_TRACKING_TEXTS.timeSpentChanged(-1800, '2026-11-20')).toBe('subtracted 30m of time spent at 2026-11-20');
    expect(TIME_TRACKING_TEXTS.timeSpentRemoved).toBe('removed time spent');
  });
});
