import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Challenge, Payload } from 'altcha-lib' with { 'resolution-mode': 'import' };
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import type { Actor } from '../../core/policy/policy';

/** altcha-lib is an ES module: loaded once, on the first challenge (this server is CommonJS). */
let altcha: Promise<[typeof import('altcha-lib', { with: { 'resolution-mode': 'import' } }), typeof import('altcha-lib/algorithms/pbkdf2', { with: { 'resolution-mode': 'import' } })]> | null = null;
const loadAltcha = () => (altcha ??= Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/pbkdf2')]));

/** PBKDF2 iterations per try and the range of tries the solver needs: a few hundred ms in a browser. */
const COST = 1_000;
const COUNTER = [200, 800] as const;

/**
 * The self-hosted captcha (ALTCHA proof of work, altcha-lib): each flagged write's spam log has
 * its own random secret; its challenge is signed with it, names the spam log and expires after
 * CAPTCHA_TTL_SECONDS. A solution is redeemed once: the spam log's recaptcha_verified flips
 * from false to true in the same statement that checks it, so a second use finds nothing.
 */
@Injectable()
export class CaptchaService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  newSecret(): string {
    return randomBytes(24).toString('hex');
  }

  /** A challenge for the actor's own unsolved spam log under this server's site key; 404 otherwise. */
  async challenge(actor: Actor | null, siteKey: unknown, spamLogId: unknown): Promise<Challenge> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const id = typeof spamLogId === 'string' && /^\d{1,10}$/.test(spamLogId) ? Number(spamLogId) : NaN;
    if (siteKey !== this.config.CAPTCHA_SITE_KEY || !Number.isSafeInteger(id)) throw new AppError('NOT_FOUND');
    const secret = await this.openSecret(actor, id);
    if (!secret) throw new AppError('NOT_FOUND');
    const [{ createChallenge, randomInt }, { deriveKey }] = await loadAltcha();
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: COST,
      counter: randomInt(COUNTER[0], COUNTER[1]),
      deriveKey,
      hmacSignatureSecret: secret,
      expiresAt: new Date(Date.now() + this.config.CAPTCHA_TTL_SECONDS * 1000),
      data: { spam_log_id: id },
    });
  }

  /**
   * Checks a retry's captcha_response (the widget's payload: base64 JSON of {challenge,
   * solution}) against the actor's spam log and uses it up; CAPTCHA_INVALID (400) when it is
   * malformed, wrong, expired, for another spam log or used already.
   */
  async redeem(actor: Actor, spamLogId: number, response: string): Promise<void> {
    const payload = decodePayload(response);
    const secret = payload ? await this.openSecret(actor, spamLogId) : null;
    if (!payload || !secret || payload.challenge.parameters?.data?.spam_log_id !== spamLogId) throw new AppError('CAPTCHA_INVALID');
    const [{ verifySolution }, { deriveKey }] = await loadAltcha();
    let verified = false;
    try {
      verified = (await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: secret })).verified;
    } catch {
      verified = false;
    }
    if (!verified) throw new AppError('CAPTCHA_INVALID');
    const rows = (await this.ds.query(`UPDATE spam_logs SET recaptcha_verified = true WHERE id = $1 AND user_id = $2 AND NOT recaptcha_verified RETURNING id`, [spamLogId, actor.id])) as unknown[];
    const updated = Array.isArray(rows[0]) ? (rows[0] as unknown[]) : rows;
    if (!updated.length) throw new AppError('CAPTCHA_INVALID');
  }

  /** The secret of the actor's own spam log that no captcha has passed yet. */
  private async openSecret(actor: Actor, id: number): Promise<string | null> {
    const [row] = (await this.ds.query(`SELECT captcha_secret FROM spam_logs WHERE id = $1 AND user_id = $2 AND NOT recaptcha_verified`, [id, actor.id])) as Array<{ captcha_secret: string | null }>;
    return row?.captcha_secret ?? null;
  }
}

function decodePayload(response: string): Payload | null {
  for (const text of [response, Buffer.from(response, 'base64').toString('utf8')]) {
    try {
      const p = JSON.parse(text) as Payload;
      if (p && typeof p === 'object' && p.challenge && typeof p.challenge === 'object' && p.solution && typeof p.solution === 'object') return p;
    } catch {
      // not this encoding
    }
  }
  return null;
}
