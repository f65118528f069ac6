import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CONFIRMATION_TEXTS, EMAIL_CONFIRMATION, resendConfirmationSchema, SESSION_COOKIE, signUpSchema, type SignUpResponse } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { authOf } from '../../core/http/request-context';
import { parseInput } from '../../core/http/zod-input';
import { ThrottleService } from '../../core/throttle/throttle.service';
import { AuthService } from '../auth/auth.service';
import { toCurrentUser } from '../user/user.mapper';
import { ConfirmationService } from './confirmation.service';
import { RegistrationService } from './registration.service';
import { assertSameOrigin, clientAddress } from './same-origin';

/**
 * Sign-up (GitLab's POST /users) and e-mail confirmation (GET and POST /users/confirmation).
 * Both POSTs count against the per-address sign-up limit before any work (429 with Retry-After).
 */
@Controller()
export class RegistrationController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly registration: RegistrationService,
    private readonly confirmation: ConfirmationService,
    private readonly throttle: ThrottleService,
  ) {}

  /**
   * Policy: public (creates the caller's own account); same-origin only (login CSRF). 201
   * {user, csrf_token, joined, email_confirmation}; a session at once unless EMAIL_CONFIRMATION
   * is hard (then the user signs in after following the mailed link).
   */
  @Post('users')
  async signUp(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: unknown): Promise<SignUpResponse> {
    assertSameOrigin(req, this.config);
    await this.throttle.consumeSignUp(clientAddress(req));
    const { user, joined } = await this.registration.signUp(parseInput(signUpSchema, body));
    const setting = this.config.EMAIL_CONFIRMATION;
    res.status(201);
    if (setting === 'hard') return { user: toCurrentUser(user, this.config.publicUrl), csrf_token: null, joined, email_confirmation: setting };
    const existing = authOf(req).sessionId;
    if (existing) await this.auth.destroySession(existing);
    const s = await this.auth.createSession(user.id);
    res.cookie(SESSION_COOKIE, s.token, { httpOnly: true, sameSite: 'lax', secure: this.config.publicUrl.startsWith('https://'), expires: s.expiresAt, path: '/' });
    return { user: toCurrentUser(user, this.config.publicUrl), csrf_token: s.csrfToken, joined, email_confirmation: setting };
  }

  /**
   * Policy: public (the single-use token is the credential). The mailed link: confirms the
   * address, then redirects to the landing page with the outcome (so the token leaves the
   * address bar and no Referer carries it).
   */
  @Get('users/confirmation')
  async confirm(@Query('confirmation_token') token: unknown, @Res() res: Response) {
    const outcome = typeof token === 'string' && token ? await this.confirmation.confirm(token) : null;
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, outcome ? `${EMAIL_CONFIRMATION.pagePath}?status=${outcome}` : EMAIL_CONFIRMATION.pagePath);
  }

  /**
   * Policy: public; same-origin only. Resends the link to an unconfirmed account's address;
   * the answer is the same for any address, so it tells nobody which addresses have accounts.
   */
  @Post('users/confirmation')
  @HttpCode(200)
  async resend(@Req() req: Request, @Body() body: unknown): Promise<{ message: string }> {
    assertSameOrigin(req, this.config);
    await this.throttle.consumeSignUp(clientAddress(req));
    const { email } = parseInput(resendConfirmationSchema, body);
    await this.confirmation.resend(email);
    return { message: CONFIRMATION_TEXTS.sendParanoid };
  }
}
