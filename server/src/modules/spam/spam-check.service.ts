import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { NeedsCaptchaError } from '../../core/errors/app-error';
import type { Actor } from '../../core/policy/policy';
import { spamRequestFor } from '../../core/spam/spam-request';
import { CaptchaService } from './captcha.service';
import { countLinks, parseSpamWords, spamVerdict, type SpamRules } from './spam-rules';

export interface SpamTarget {
  /** The spam log's noteable_type. */
  noteableType: 'Issue' | 'Note';
  /** How the answer names it ("Your issue has been recognized as spam"). */
  entity: 'issue' | 'comment';
  issueId: number | null;
  title: string;
  description: string | null;
}

/**
 * GitLab's SpamActionService for issues and comments: before a write, the text is checked
 * (spam-rules.ts); a flagged write leaves a spam log and is refused with
 * needs_captcha_response (NeedsCaptchaError, nothing else is written). The same request sent
 * again with a solved captcha for that spam log (spam-request.ts) goes through unchecked.
 */
@Injectable()
export class SpamCheckService {
  private readonly rules: SpamRules;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly captcha: CaptchaService,
  ) {
    this.rules = { words: parseSpamWords(config.SPAM_WORDS), maxLinks: config.SPAM_MAX_LINKS, newAccountDays: config.SPAM_NEW_ACCOUNT_DAYS, newAccountMaxLinks: config.SPAM_NEW_ACCOUNT_MAX_LINKS };
  }

  async check(actor: Actor, target: SpamTarget): Promise<void> {
    if (!this.config.SPAM_CHECK || actor.isAdmin) return;
    const req = spamRequestFor(actor);
    if (req?.captchaResponse && req.spamLogId) {
      await this.captcha.redeem(actor, req.spamLogId, req.captchaResponse);
      // one answer lets one request's writes through
      req.captchaResponse = null;
      req.passed = true;
      return;
    }
    if (req?.passed) return;
    const text = `${target.title}\n${target.description ?? ''}`;
    // the account's age matters only past the new-account link limit (one query then, none otherwise)
    const created = countLinks(text) > this.rules.newAccountMaxLinks ? await this.accountCreatedAt(actor) : 0;
    const verdict = spamVerdict(text, this.rules, () => (Date.now() - created) / 86_400_000);
    if (!verdict.spam) return;
    const secret = this.captcha.newSecret();
    const [row] = (await this.ds.query(
      `INSERT INTO spam_logs (issue_id, user_id, title, description, noteable_type, via_api, source_ip, user_agent, reason, captcha_secret)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [target.issueId, actor.id, target.title, target.description, target.noteableType, req?.viaApi ?? false, req?.ip ?? null, req?.userAgent ?? null, verdict.reason, secret],
    )) as Array<{ id: number }>;
    throw new NeedsCaptchaError(Number(row!.id), this.config.CAPTCHA_SITE_KEY, target.entity);
  }

  private async accountCreatedAt(actor: Actor): Promise<number> {
    const [u] = (await this.ds.query('SELECT created_at FROM users WHERE id = $1', [actor.id])) as Array<{ created_at: string | Date }>;
    return u ? new Date(u.created_at).getTime() : Date.now();
  }
}
