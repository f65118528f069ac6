import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { countRateLimited, declareRateLimits } from '../metrics/metrics';
import { RateLimitedError } from './rate-limited.error';
import type { ThrottleRule } from './throttle-rule';
import type { ThrottleStore } from './throttle-store';

export const THROTTLE_STORE = Symbol('THROTTLE_STORE');

/** The limits, named as their env variables (README, configuration). */
export type ThrottleName =
  | 'failed_sign_in_per_user'
  | 'failed_sign_in_per_ip'
  | 'api_writes_per_user'
  | 'notes_per_user'
  | 'password_reset_per_email'
  | 'password_reset_per_ip'
  | 'sign_up_per_ip'
  | 'error_events_per_key';

/**
 * Request limits in the shape GitLab documents: failed sign-ins per account and per client
 * address, authenticated writes per user, note creation per user, password-reset requests,
 * sign-ups (and confirmation resends) per client address. A store outage never locks
 * users out: the limit is skipped (fail open) and logged.
 */
@Injectable()
export class ThrottleService {
  private readonly logger = new Logger('Throttle');
  private readonly rules: Record<ThrottleName, ThrottleRule>;

  constructor(
    @Inject(THROTTLE_STORE) private readonly store: ThrottleStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rules = {
      failed_sign_in_per_user: config.THROTTLE_FAILED_SIGN_IN_PER_USER,
      failed_sign_in_per_ip: config.THROTTLE_FAILED_SIGN_IN_PER_IP,
      api_writes_per_user: config.THROTTLE_API_WRITES_PER_USER,
      notes_per_user: config.THROTTLE_NOTES_PER_USER,
      password_reset_per_email: config.THROTTLE_PASSWORD_RESET_PER_EMAIL,
      password_reset_per_ip: config.THROTTLE_PASSWORD_RESET_PER_IP,
      sign_up_per_ip: config.THROTTLE_SIGN_UP_PER_IP,
      error_events_per_key: config.THROTTLE_ERROR_EVENTS_PER_KEY,
    };
    declareRateLimits(Object.keys(this.rules));
  }

  enabled(name: ThrottleName): boolean {
    return this.rules[name].limit > 0;
  }

  /** Counts `n` hits (one request, or a request's events) against `name` for `subject` in one store call; 429 once the window holds more than the limit. */
  async consume(name: ThrottleName, subject: string | number, n = 1): Promise<void> {
    const rule = this.rules[name];
    if (!rule.limit) return;
    const c = await this.safely(() => this.store.hit(`${name}:${subject}`, rule.periodMs, n));
    if (c && c.count > rule.limit) throw this.refused(name, rule.limit, c.count, Math.ceil(c.resetMs / 1000));
  }

  /**
   * Note creation (GitLab's `notes_create` limit): call before creating a note, e.g.
   * `await throttle.consumeNoteCreation(actor.id)`; throws RateLimitedError (429).
   */
  consumeNoteCreation(userId: number): Promise<void> {
    return this.consume('notes_per_user', userId);
  }

  /**
   * A "Forgot your password?" request (`email` given) or a reset attempt (no email): counted per
   * client address, and per lower-cased address asked for whether or not it has an account, so
   * a 429 says nothing about which addresses exist.
   */
  async consumePasswordReset(ip: string, email?: string): Promise<void> {
    await this.consume('password_reset_per_ip', ip);
    if (email !== undefined) await this.consume('password_reset_per_email', email.trim().toLowerCase());
  }

  /**
   * Every sign-up and confirmation resend from an address, valid or not (GitLab's protected
   * paths: POST /users and /users/confirmation): 429 past the limit, before any work.
   */
  consumeSignUp(ip: string): Promise<void> {
    return this.consume('sign_up_per_ip', ip);
  }

  /** Before checking a password: 429 when this account (or login) or this address has failed too often (no hash is computed). */
  async assertSignInAllowed(subject: SignInSubject, ip: string): Promise<void> {
    await this.assertOpen('failed_sign_in_per_user', signInKey(subject));
    await this.assertOpen('failed_sign_in_per_ip', ip);
  }

  /** A wrong password, or a login that does not exist (counted alike, so a 429 tells nothing about existence). */
  async recordFailedSignIn(subject: SignInSubject, ip: string): Promise<void> {
    await Promise.all([
      this.record('failed_sign_in_per_user', signInKey(subject)),
      this.record('failed_sign_in_per_ip', ip),
    ]);
  }

  /** A successful sign-in clears its account's failures (the address keeps its count). */
  async clearFailedSignIns(subject: SignInSubject): Promise<void> {
    await this.safely(() => this.store.reset(`failed_sign_in_per_user:${signInKey(subject)}`));
  }

  private async assertOpen(name: ThrottleName, subject: string): Promise<void> {
    const rule = this.rules[name];
    if (!rule.limit) return;
    const c = await this.safely(() => this.store.peek(`${name}:${subject}`));
    if (c && c.count >= rule.limit) throw this.refused(name, rule.limit, c.count, Math.max(1, Math.ceil(c.resetMs / 1000)));
  }

  private refused(name: ThrottleName, limit: number, observed: number, retryAfterSeconds: number): RateLimitedError {
    countRateLimited(name);
    return new RateLimitedError(name, limit, observed, retryAfterSeconds);
  }

  private async record(name: ThrottleName, subject: string): Promise<void> {
    const rule = this.rules[name];
    if (rule.limit) await this.safely(() => this.store.hit(`${name}:${subject}`, rule.periodMs));
  }

  private async safely<T>(op: () => Promise<T>): Promise<T | null> {
    try {
      return await op();
    } catch (err) {
      this.logger.warn(`throttle store unavailable, limit skipped: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }
}

/**
 * Whose failed sign-ins count together: the account a login resolves to (its username and
 * e-mail, in any case, share one counter, so switching between them gains no attempts), or,
 * when the login names no account, the login itself (lower-cased), so an unknown name is
 * limited exactly like a known one.
 */
export type SignInSubject = { accountId: number } | { login: string };

const signInKey = (s: SignInSubject) => ('accountId' in s ? `account:${s.accountId}` : `login:${s.login.trim().toLowerCase()}`);
