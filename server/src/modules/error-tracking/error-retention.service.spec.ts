import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../core/config/config';
import { ErrorRetentionService, FIRST_RUN_MS } from './error-retention.service';

/** When retention runs: soon after boot (not only after the first ten-minute interval), then every interval. */
describe('ErrorRetentionService schedule', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('prunes 30 s after boot, then every ten minutes, and stops at shutdown', async () => {
    const query = vi.fn().mockResolvedValue([[], 0]);
    const service = new ErrorRetentionService({ ERROR_EVENT_RETENTION_DAYS: 90 } as AppConfig, { query } as unknown as DataSource);
    service.onApplicationBootstrap();
    await vi.advanceTimersByTimeAsync(FIRST_RUN_MS - 1);
    expect(query).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(query).toHaveBeenCalledTimes(1);
    // The cutoff is ERROR_EVENT_RETENTION_DAYS before now
    const cutoff = query.mock.calls[0]![1][0] as Date;
    expect(Date.now() - cutoff.getTime()).toBe(90 * 86_400_000);
    await vi.advanceTimersByTimeAsync(10 * 60_000 - FIRST_RUN_MS);
    expect(query).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(query).toHaveBeenCalledTimes(3);
    service.onApplicationShutdown();
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(query).toHaveBeenCalledTimes(3);
  });
});
