import { describe, expect, it } from 'vitest';
import { isStale, monitorPollIntervalMs, reconnectDelayMs } from './connectionMonitor';

describe('connection monitor schedule', () => {
  it('is stale after 6 s of silence', () => {
    expect(isStale(0, 6000)).toBe(false);
    expect(isStale(0, 6001)).toBe(true);
  });

  it('checks at 6 s × 1.15^n with the exponent capped at 10', () => {
    expect(monitorPollIntervalMs(0, () => 0)).toBe(6000);
    expect(monitorPollIntervalMs(2, () => 0)).toBeCloseTo(6000 * 1.15 ** 2);
    expect(monitorPollIntervalMs(50, () => 0)).toBeCloseTo(6000 * 1.15 ** 10);
    expect(monitorPollIntervalMs(2, () => 1)).toBeCloseTo(6000 * 1.15 ** 2 * 1.15);
  });

  it('reopens after 500 ms, then backs off between 3 s and 30 s', () => {
    expect(reconnectDelayMs(1)).toBe(500);
    expect(reconnectDelayMs(2)).toBe(3466); // 5 × ln 2 s
    expect(reconnectDelayMs(3)).toBe(5493);
    expect(reconnectDelayMs(1000)).toBe(30000);
  });
});
