import { Controller, Get, Header, Query } from '@nestjs/common';
import type { Challenge } from 'altcha-lib' with { 'resolution-mode': 'import' };
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { CaptchaService } from './captcha.service';

/** The captcha challenge a flagged write's client shows (the widget fetches it). */
@Controller()
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  /** Policy: own — only the user whose write made the spam log gets its challenge (404 for anyone else). */
  @Get('-/captcha/challenge')
  @Header('Cache-Control', 'no-store')
  challenge(@CurrentActor() actor: Actor | null, @Query('site_key') siteKey: unknown, @Query('spam_log_id') spamLogId: unknown): Promise<Challenge> {
    return this.captcha.challenge(actor, siteKey, spamLogId);
  }
}
