import { AppError } from '../errors/app-error';

/** 429 with GitLab's text; the REST filter adds Retry-After and the RateLimit-* headers. */
export class RateLimitedError extends AppError {
  constructor(
    readonly rule: string,
    readonly limit: number,
    readonly observed: number,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED');
  }

  /** The headers Rack Attack sends on a throttled response (doc/security/rate_limits in GitLab). */
  override headers(): Record<string, string> {
    const reset = String(this.retryAfterSeconds);
    return {
      'Retry-After': reset,
      'RateLimit-Name': this.rule,
      'RateLimit-Limit': String(this.limit),
      'RateLimit-Observed': String(this.observed),
      'RateLimit-Remaining': String(Math.max(0, this.limit - this.observed)),
      'RateLimit-Reset': reset,
    };
  }
}
