import { Body, Controller, HttpCode, Inject, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PASSWORD_RESET_TEXTS, passwordResetRequestSchema, passwordResetSchema } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { assertSameOrigin } from '../../core/http/same-origin';
import { parseInput } from '../../core/http/zod-input';
import { ThrottleService } from '../../core/throttle/throttle.service';
import { PasswordResetService } from './password-reset.service';

const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * GitLab's (Devise's) passwords controller: POST /users/password mails the reset link, PUT
 * /users/password sets the new password with it. The pages are the client's
 * (/users/password/new and /users/password/edit).
 */
@Controller()
export class PasswordResetController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly resets: PasswordResetService,
    private readonly throttle: ThrottleService,
  ) {}

  /**
   * Policy: public (anyone may ask; the mail goes only to the account's own address). Same answer
   * whether or not the address has an account; limited per address asked for and per client (429).
   */
  @Post('users/password')
  @HttpCode(200)
  async requestReset(@Req() req: Request, @Body() body: unknown) {
    assertSameOrigin(req, this.config.publicUrl);
    const { email } = parseInput(passwordResetRequestSchema, body);
    await this.throttle.consumePasswordReset(clientAddress(req), email);
    await this.resets.request(email);
    return { message: PASSWORD_RESET_TEXTS.requestSent };
  }

  /** Policy: public (the mailed token is the credential). 200 with the notice; 400 naming the field otherwise. */
  @Put('users/password')
  async reset(@Req() req: Request, @Body() body: unknown) {
    assertSameOrigin(req, this.config.publicUrl);
    await this.throttle.consumePasswordReset(clientAddress(req));
    await this.resets.reset(parseInput(passwordResetSchema, body));
    return { message: PASSWORD_RESET_TEXTS.changed };
  }
}
