import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SIGN_UP_TEXTS, type SignUpInput } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { ValidationError } from '../../core/errors/app-error';
import { AuthService } from '../auth/auth.service';
import { InvitationService } from '../invitation/invitation.service';
import { User } from '../user/user.entity';
import { ConfirmationService } from './confirmation.service';

/**
 * Creates accounts (GitLab's Users::RegistrationsController): a username no user and no
 * top-level namespace (group) has, in any case, and an unused email; reserved names and the
 * format are the shared schema's (shared-types registration.ts). With EMAIL_CONFIRMATION soft
 * or hard the account starts unconfirmed and the confirmation link is mailed.
 */
@Injectable()
export class RegistrationService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly invitations: InvitationService,
    private readonly confirmation: ConfirmationService,
  ) {}

  /** `input` is validated at the boundary (signUpSchema). With the invite link's token the invitation becomes a membership in the same transaction. */
  async signUp(input: SignUpInput): Promise<{ user: User; joined: string | null }> {
    const passwordHash = await this.auth.hashPassword(input.password);
    const pending = this.config.EMAIL_CONFIRMATION === 'off' ? null : this.confirmation.newToken();
    let created: { user: User; joined: string | null };
    try {
      created = await this.ds.transaction(async (m) => {
        const [taken] = (await m.query(
          `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1))
                  OR EXISTS (SELECT 1 FROM namespaces WHERE parent_id IS NULL AND lower(path) = lower($1)) AS name,
                  EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($2)) AS mail`,
          [input.username, input.email],
        )) as Array<{ name: boolean; mail: boolean }>;
        const errors: Record<string, string[]> = {};
        if (taken?.name) errors.username = [SIGN_UP_TEXTS.usernameTaken];
        if (taken?.mail) errors.email = [SIGN_UP_TEXTS.emailTaken];
        if (Object.keys(errors).length) throw new ValidationError(errors);
        // confirmed_at defaults to now(): only a pending confirmation writes it null
        const [row] = (await m.query(
          `INSERT INTO users (username, name, email, password_hash, confirmed_at, confirmation_digest, confirmation_sent_at)
           VALUES ($1, $2, $3, $4, CASE WHEN $5::text IS NULL THEN now() END, $5::text, CASE WHEN $5::text IS NOT NULL THEN now() END)
           ON CONFLICT DO NOTHING RETURNING id`,
          [input.username, input.name, input.email, passwordHash, pending?.digest ?? null],
        )) as Array<{ id: number }>;
        if (!row) throw new ValidationError({ username: [SIGN_UP_TEXTS.usernameTaken] });
        const joined = input.invite_token ? await this.invitations.accept(m, Number(row.id), input.invite_token) : null;
        return { user: await m.getRepository(User).findOneByOrFail({ id: Number(row.id) }), joined };
      });
    } catch (e) {
      // A group of that path made at the same moment: the database's trigger refused the row
      if ((e as { code?: string }).code === '23505') throw new ValidationError({ username: [SIGN_UP_TEXTS.usernameTaken] });
      throw e;
    }
    if (pending) await this.confirmation.sendInstructions(created.user, pending.token);
    return created;
  }
}
