import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { pgPool } from '../../core/database/pg-pool';
import { USER_COLUMNS, userFromRow, type UserRow } from '../user/user.row';
import { DataSource, type EntityManager } from 'typeorm';
import { returnedRows } from '../../core/database/returned-rows';
import { hash, verify } from '@node-rs/argon2';
import { TOKEN_SCOPES, type PersonalAccessTokenInput } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import type { Actor } from '../../core/policy/policy';
import { AppError } from '../../core/errors/app-error';
import { EVENT_BUS, type EventBus } from '../../core/realtime/event-bus';
import { mayUseAccount, mayUseAccountSql } from '../user/email-confirmation';
import { User } from '../user/user.entity';
import { OauthAccessToken, PersonalAccessToken, Session } from './auth.entities';
import { digest, OAUTH_PREFIX, PAT_PREFIX, randomToken } from './tokens';

export interface ResolvedAuth {
  actor: Actor;
  user: User;
  /** When the credential stops authenticating (null: never); open sockets are closed then. */
  expiresAt: Date | null;
}

interface TokenUserRow extends UserRow {
  token_id: number;
  scopes: string[];
  revoked: boolean;
  expires_at: Date | string | null;
  last_used_at: Date | null;
}

const toActor = (u: User, scopes: string[] | null): Actor => ({ id: u.id, username: u.username, isAdmin: u.isAdmin, scopes });

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {
    // Made at boot, so the first unknown login costs what every later one does
    void dummyHash();
  }

  hashPassword(password: string): Promise<string> {
    return hash(password);
  }

  /**
   * The account a login (username or e-mail, any case) names, with its password hash, or null.
   * One indexed read and no hashing: the sign-in limit is checked against it before any
   * password is (ThrottleService).
   */
  async findLoginAccount(login: string): Promise<User | null> {
    if (!login) return null;
    return this.ds
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.username) = lower(:login) OR lower(u.email) = lower(:login)', { login })
      .getOne();
  }

  /**
   * Checks a password against the account a login named (`findLoginAccount`); the same error
   * for an unknown login, a wrong password or an account that may not sign in. A login with no
   * account (or no password) is checked against a dummy hash, so its answer takes as long as a
   * wrong password's and the timing does not tell which accounts exist.
   */
  async checkPassword(user: User | null, password: string): Promise<User> {
    const ok = (await this.verifyPassword(user?.passwordHash ?? (await dummyHash()), password)) && !!user?.passwordHash;
    // Bot users (the Support Bot) never sign in, whatever their row holds
    if (!user || !ok || !password || user.state !== 'active' || user.userType !== null) throw new AppError('INVALID_CREDENTIALS');
    // Only after the password: an unconfirmed account is told so, nobody else learns it exists
    if (!mayUseAccount(this.config.EMAIL_CONFIRMATION, user)) throw new AppError('EMAIL_NOT_CONFIRMED');
    return user;
  }

  /** The one place a password is hashed and compared (argon2, the costly step the sign-in limit runs before). */
  private verifyPassword(stored: string, password: string): Promise<boolean> {
    return verify(stored, password).catch(() => false);
  }

  async createSession(userId: number): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
    const token = randomToken();
    const csrfToken = randomToken(24);
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_HOURS * 3600_000);
    await this.ds.getRepository(Session).insert({ id: digest(token), userId, csrfToken, expiresAt });
    return { token, csrfToken, expiresAt };
  }

  async destroySession(sessionId: string): Promise<void> {
    await this.ds.getRepository(Session).delete({ id: sessionId });
    this.bus.publishControl({ kind: 'credential_revoked', credential: sessionId });
  }

  /** Deletes every browser session of a user inside `m`'s transaction; call announceRevoked with the answer after commit. */
  async deleteSessionsOf(m: EntityManager, userId: number): Promise<string[]> {
    return returnedRows<{ id: string }>(await m.query('DELETE FROM sessions WHERE user_id = $1 RETURNING id', [userId])).map((r) => r.id);
  }

  /** Closes the sockets of deleted sessions on every node (and drops them from every cache). */
  announceRevoked(sessionIds: string[]): void {
    for (const credential of sessionIds) this.bus.publishControl({ kind: 'credential_revoked', credential });
  }

  async resolveSession(token: string): Promise<(ResolvedAuth & { sessionId: string; csrfToken: string }) | null> {
    const id = digest(token);
    const { rows } = await pgPool(this.ds).query<TokenUserRow & { csrf_token: string; session_expires_at: Date }>({
      name: 'auth.session',
      text: `SELECT ${USER_COLUMNS}, s.csrf_token, s.expires_at AS session_expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND u.state = 'active' AND ${mayUseAccountSql('$2')}`,
      values: [id, this.config.EMAIL_CONFIRMATION],
    });
    const s = rows[0];
    if (!s || s.session_expires_at.getTime() < Date.now()) return null;
    const user = userFromRow(s);
    return { actor: toActor(user, null), user, sessionId: id, csrfToken: s.csrf_token, expiresAt: s.session_expires_at };
  }

  /** Resolves a PAT or OAuth token and its (active) user in one query. */
  async resolveToken(token: string): Promise<ResolvedAuth | null> {
    const oauth = token.startsWith(OAUTH_PREFIX);
    const { rows } = await pgPool(this.ds).query<TokenUserRow>({
      name: oauth ? 'auth.oauth-token' : 'auth.personal-token',
      text: `SELECT ${USER_COLUMNS}, t.id AS token_id, t.scopes, t.revoked, ${oauth ? 't.expires_at AS expires_at, NULL AS last_used_at' : 't.expires_at::text AS expires_at, t.last_used_at'}
       FROM ${oauth ? 'oauth_access_tokens' : 'personal_access_tokens'} t JOIN users u ON u.id = t.user_id
       WHERE t.token_digest = $1 AND u.state = 'active' AND ${mayUseAccountSql('$2')}`,
      values: [digest(token), this.config.EMAIL_CONFIRMATION],
    });
    const r = rows[0];
    if (!r || r.revoked) return null;
    const expires = r.expires_at === null ? null : oauth ? new Date(r.expires_at) : new Date(`${String(r.expires_at)}T23:59:59.999Z`);
    if (expires && expires.getTime() < Date.now()) return null;
    const user = userFromRow(r);
    // last_used_at is advisory: update at most once a minute, never block the request on it
    if (!oauth && (!r.last_used_at || Date.now() - r.last_used_at.getTime() > 60_000))
      void this.ds.getRepository(PersonalAccessToken).update(r.token_id, { lastUsedAt: new Date() }).catch(() => undefined);
    return { actor: toActor(user, r.scopes), user, expiresAt: expires };
  }

  /** `input` is validated at the boundary (personalAccessTokenSchema in shared-types). */
  async createPersonalAccessToken(userId: number, input: PersonalAccessTokenInput): Promise<{ token: string; record: PersonalAccessToken }> {
    const { name, scopes, expires_at: expiresAt = null } = input;
    const token = PAT_PREFIX + randomToken();
    const repo = this.ds.getRepository(PersonalAccessToken);
    const record = await repo.save(
      repo.create({ userId, name, scopes, expiresAt, tokenDigest: digest(token), revoked: false }),
    );
    return { token, record };
  }

  listPersonalAccessTokens(userId: number) {
    return this.ds.getRepository(PersonalAccessToken).find({ where: { userId }, order: { id: 'DESC' } });
  }

  async revokePersonalAccessToken(userId: number, id: number): Promise<boolean> {
    const [rows] = (await this.ds.query(
      'UPDATE personal_access_tokens SET revoked = true WHERE id = $1 AND user_id = $2 AND NOT revoked RETURNING token_digest',
      [id, userId],
    )) as [Array<{ token_digest: string }>, number];
    const revoked = rows[0];
    // Open sockets authenticated with it are closed on every node
    if (revoked) this.bus.publishControl({ kind: 'credential_revoked', credential: revoked.token_digest });
    return revoked !== undefined;
  }

  /** OAuth2 password grant for the account a login named (`findLoginAccount`): a bearer token, scope api by default. */
  async passwordGrant(account: User | null, password: string, scope?: string) {
    const user = await this.checkPassword(account, password).catch((e: unknown) => {
      // An unconfirmed account (hard, or soft past its grace) gets no token either, and is told why
      throw e instanceof AppError && e.code === 'EMAIL_NOT_CONFIRMED' ? new AppError('INVALID_GRANT', e.message) : new AppError('INVALID_GRANT');
    });
    const scopes = (scope ?? 'api').split(/[\s+]+/).filter(Boolean);
    if (!scopes.every((s) => (TOKEN_SCOPES as readonly string[]).includes(s))) throw new AppError('INVALID_GRANT', 'invalid_scope');
    const accessToken = OAUTH_PREFIX + randomToken();
    const refreshToken = randomToken();
    const ttl = this.config.OAUTH_TOKEN_TTL_SECONDS;
    const created = new Date();
    await this.ds.getRepository(OauthAccessToken).insert({
      userId: user.id,
      tokenDigest: digest(accessToken),
      refreshDigest: digest(refreshToken),
      scopes,
      expiresAt: new Date(created.getTime() + ttl * 1000),
      revoked: false,
    });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ttl,
      refresh_token: refreshToken,
      scope: scopes.join(' '),
      created_at: Math.floor(created.getTime() / 1000),
    };
  }
}

/** A hash of no one's password, made once per process, for logins without an account (`checkPassword`). */
let dummy: Promise<string> | null = null;
const dummyHash = () => (dummy ??= hash(randomToken()));
