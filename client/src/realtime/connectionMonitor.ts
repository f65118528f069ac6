import { REALTIME } from '@tandem/shared-types';

/**
 * GitLab's connection monitor constants (REALTIME in shared-types), as pure functions so
 * the schedule is testable: stale after 6 s without a heartbeat; checks back off by 1.15^n
 * (n capped at 10) with jitter; reconnects wait between 3 s and 30 s (5·ln(n+1)); a dropped
 * open socket is reopened after 500 ms.
 */
export function monitorPollIntervalMs(reconnectAttempts: number, random: () => number = Math.random): number {
  const n = Math.min(reconnectAttempts, REALTIME.reconnectAttemptExponentCap);
  const backoff = Math.pow(1 + REALTIME.backoffRate, n);
  const jitterMax = reconnectAttempts === 0 ? 1 : REALTIME.backoffRate;
  return REALTIME.staleThresholdMs * backoff * (1 + jitterMax * random());
}

/** Delay before reconnect attempt number `attempt` (1-based) after the first quick reopen. */
export function reconnectDelayMs(attempt: number): number {
  if (attempt <= 1) return REALTIME.reopenDelayMs;
  const seconds = REALTIME.pollIntervalMultiplier * Math.log(attempt);
  return Math.round(Math.min(Math.max(seconds * 1000, REALTIME.pollIntervalMinMs), REALTIME.pollIntervalMaxMs));
}

export function isStale(lastMessageAt: number, now: number): boolean {
  return now - lastMessageAt > REALTIME.staleThresholdMs;
}

/**
 * The monitor gives up on the socket once its backoff stops growing (the attempt exponent cap):
 * from then on the page says updates arrive by polling, while reconnects go on in the background.
 */
export function hasGivenUp(failedAttempts: number): boolean {
  return failedAttempts >= REALTIME.reconnectAttemptExponentCap;
}
