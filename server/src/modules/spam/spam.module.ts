import { Module } from '@nestjs/common';
import { CaptchaController } from './captcha.controller';
import { CaptchaService } from './captcha.service';
import { SpamCheckService } from './spam-check.service';

/** The spam check on issue and comment writes and its self-hosted captcha (docs/issue-page.md). */
@Module({
  controllers: [CaptchaController],
  providers: [CaptchaService, SpamCheckService],
  exports: [SpamCheckService],
})
export class SpamModule {}
