import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { passwordGrantSchema, personalAccessTokenSchema, SESSION_COOKIE, signInSchema } from '@tandem/shared-types';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { authOf } from '../../core/http/request-context';
import { parseInput } from '../../core/http/zod-input';
import { assertSameOrigin } from '../../core/http/same-origin';
import { RateLimitedError } from '../../core/throttle/rate-limited.error';
import { ThrottleService, type SignInSubject } from '../../core/throttle/throttle.service';
import { User } from '../user/user.entity';
import { toCurrentUser } from '../user/user.mapper';
import { AuthService } from './auth.service';
import type { PersonalAccessToken } from './auth.entities';

const patJson = (t: PersonalAccessToken) => ({
  id: t.id,
  name: t.name,
  revoked: t.revoked,
  created_at: t.createdAt.toISOString(),
  scopes: t.scopes,
  user_id: t.userId,
  last_used_at: t.lastUsedAt?.toISOString() ?? null,
  active: !t.revoked && (!t.expiresAt || t.expiresAt >= new Date().toISOString().slice(0, 10)),
  expires_at: t.expiresAt,
});

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly throttle: ThrottleService,
  ) {}

  /** Policy: public (credentials are the check). Sign in with username or email; sets the httpOnly session cookie. */
  @Post('users/sign_in')
  @HttpCode(200)
  async signIn(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: unknown) {
    assertSameOrigin(req, this.config.publicUrl);
    const { login, password } = parseInput(signInSchema, body);
    const user = await this.throttledSignIn(req, login, (account) => this.auth.checkPassword(account, password));
    const existing = authOf(req).sessionId;
    if (existing) await this.auth.destroySession(existing);
    const s = await this.auth.createSession(user.id);
    res.cookie(SESSION_COOKIE, s.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.publicUrl.startsWith('https://'),
      expires: s.expiresAt,
      path: '/',
    });
    return { user: toCurrentUser(user, this.config.publicUrl), csrf_token: s.csrfToken };
  }

  /** Policy: own session only (ends the caller's session, if any). */
  @Post('users/sign_out')
  @HttpCode(204)
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { sessionId } = authOf(req);
    if (sessionId) await this.auth.destroySession(sessionId);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** Policy: public (credentials are the check). OAuth 2 resource-owner password grant, as GitLab's /oauth/token. */
  @Post('oauth/token')
  @HttpCode(200)
  async token(@Req() req: Request, @Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    const input = parseInput(passwordGrantSchema, body);
    if (input.grant_type !== 'password') {
      res.status(400);
      return { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported by the authorization server.' };
    }
    try {
      // INVALID_GRANT without a body is a credential failure; 'invalid_scope' is not counted
      return await this.throttledSignIn(req, input.username, (account) => this.auth.passwordGrant(account, input.password, input.scope || undefined), (e) => e.body === undefined);
    } catch (e) {
      if (e instanceof AppError && !(e instanceof RateLimitedError)) {
        res.status(400);
        return { error: 'invalid_grant', error_description: e.message };
      }
      throw e;
    }
  }

  /** Policy: signed-in (401 otherwise); the caller's own profile. */
  @Get('api/v4/user')
  async currentUser(@Req() req: Request) {
    const actor = authOf(req).actor;
    if (!actor) throw new AppError('UNAUTHORIZED');
    const user = await this.ds.getRepository(User).findOneByOrFail({ id: actor.id });
    return toCurrentUser(user, this.config.publicUrl);
  }

  /** Policy: signed-in with a session or an `api`-scoped token; creates the caller's own token. */
  @Post('api/v4/user/personal_access_tokens')
  async createToken(@Req() req: Request, @Body() body: unknown) {
    const actor = this.sessionOrApiActor(req);
    const { token, record } = await this.auth.createPersonalAccessToken(actor.id, parseInput(personalAccessTokenSchema, body));
    return { ...patJson(record), token };
  }

  /** Policy: signed-in; lists the caller's own tokens. */
  @Get('api/v4/personal_access_tokens')
  async listTokens(@Req() req: Request) {
    const actor = authOf(req).actor;
    if (!actor) throw new AppError('UNAUTHORIZED');
    return (await this.auth.listPersonalAccessTokens(actor.id)).map(patJson);
  }

  /** Policy: signed-in (session or `api` scope); revokes only the caller's own token (404 otherwise). */
  @Delete('api/v4/personal_access_tokens/:id')
  @HttpCode(204)
  async revokeToken(@Req() req: Request, @Param('id', ParseIntPipe) id: number) {
    const actor = this.sessionOrApiActor(req);
    // Beyond the id column's range no token can match: not found, without asking the database
    if (id <= 0 || id > 2_147_483_647 || !(await this.auth.revokePersonalAccessToken(actor.id, id))) throw new AppError('NOT_FOUND');
  }

  /**
   * Failed sign-ins are limited per account and per client address (a 429 before any password
   * is hashed). The login is resolved to its account first, so its username and e-mail share one
   * counter; a login naming no account counts by itself, like a wrong password, and a success
   * clears its account's count. Every password path (the sign-in form, OAuth's password grant)
   * comes through here.
   */
  private async throttledSignIn<T>(req: Request, login: string, attempt: (account: User | null) => Promise<T>, isCredentialFailure = (e: AppError) => e.code !== 'EMAIL_NOT_CONFIRMED'): Promise<T> {
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const account = await this.auth.findLoginAccount(login);
    const subject: SignInSubject = account ? { accountId: account.id } : { login };
    await this.throttle.assertSignInAllowed(subject, ip);
    try {
      const result = await attempt(account);
      await this.throttle.clearFailedSignIns(subject);
      return result;
    } catch (e) {
      if (e instanceof AppError && isCredentialFailure(e)) await this.throttle.recordFailedSignIn(subject, ip);
      throw e;
    }
  }

  private sessionOrApiActor(req: Request) {
    const actor = authOf(req).actor;
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (actor.scopes && !actor.scopes.includes('api')) throw new AppError('INSUFFICIENT_SCOPE');
    return actor;
  }
}
