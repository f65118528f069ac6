import { Body, Controller, Inject, Post, Req, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { SESSION_COOKIE, SIGN_UP_TEXTS, signUpSchema, type CurrentUser } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { authOf } from '../../core/http/request-context';
import { parseInput } from '../../core/http/zod-input';
import { AuthService } from '../auth/auth.service';
import { InvitationService } from '../invitation/invitation.service';
import { User } from '../user/user.entity';
import { toCurrentUser } from '../user/user.mapper';

/**
 * Sign-up (GitLab's POST /users registration): the form's fields checked with the same schema
 * as the page, a unique username and email, then a session as after sign-in. With the invite
 * link's token the invitation becomes the new user's membership in the same transaction.
 */
@Controller()
export class RegistrationController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly invitations: InvitationService,
  ) {}

  /** Policy: public (creates the caller's own account); same-origin only (login CSRF). 201 {user, csrf_token, joined}. */
  @Post('users')
  async signUp(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: unknown): Promise<{ user: CurrentUser; csrf_token: string; joined: string | null }> {
    this.checkSameOrigin(req);
    const input = parseInput(signUpSchema, body);
    const passwordHash = await this.auth.hashPassword(input.password);
    const { user, joined } = await this.ds.transaction(async (m) => {
      const taken = (await m.query(`SELECT lower(username) = lower($1) AS name, lower(email) = lower($2) AS mail FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($2)`, [input.username, input.email])) as Array<{ name: boolean; mail: boolean }>;
      const errors: Record<string, string[]> = {};
      if (taken.some((t) => t.name)) errors.username = [SIGN_UP_TEXTS.usernameTaken];
      if (taken.some((t) => t.mail)) errors.email = [SIGN_UP_TEXTS.emailTaken];
      if (Object.keys(errors).length) throw new ValidationError(errors);
      const [row] = (await m.query(
        `INSERT INTO users (username, name, email, password_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`,
        [input.username, input.name, input.email, passwordHash],
      )) as Array<{ id: number }>;
      if (!row) throw new ValidationError({ username: [SIGN_UP_TEXTS.usernameTaken] });
      const joinedPath = input.invite_token ? await this.invitations.accept(m, Number(row.id), input.invite_token) : null;
      return { user: await m.getRepository(User).findOneByOrFail({ id: Number(row.id) }), joined: joinedPath };
    });
    const existing = authOf(req).sessionId;
    if (existing) await this.auth.destroySession(existing);
    const s = await this.auth.createSession(user.id);
    res.cookie(SESSION_COOKIE, s.token, { httpOnly: true, sameSite: 'lax', secure: this.config.publicUrl.startsWith('https://'), expires: s.expiresAt, path: '/' });
    res.status(201);
    return { user: toCurrentUser(user, this.config.publicUrl), csrf_token: s.csrfToken, joined };
  }

  /** Login CSRF: a browser's cross-site form post carries a foreign Origin. */
  private checkSameOrigin(req: Request) {
    const origin = req.get('origin');
    if (!origin) return;
    try {
      if (new URL(origin).host !== req.get('host') && origin !== this.config.publicUrl) throw new AppError('CSRF');
    } catch {
      throw new AppError('CSRF');
    }
  }
}
