import { Injectable } from '@nestjs/common';
import type { RequestAuth } from '../../core/http/request-context';
import { AuthService } from './auth.service';
import { digest, OAUTH_PREFIX } from './tokens';

/** What a request or a socket handshake carried: a bearer token (PAT or OAuth), the session cookie, or nothing. */
export type PresentedCredential = { token: string } | { session: string } | null;

/** Who a credential authenticates, as HTTP requests and sockets both need it. */
export interface ResolvedCredential extends RequestAuth {
  /** The key revocation names (sha256 of the token, or the session id); null when anonymous. */
  credential: string | null;
  /** When the credential stops authenticating (null: never, or anonymous). */
  expiresAt: Date | null;
}

const ANONYMOUS: ResolvedCredential = { actor: null, method: 'none', sessionId: null, csrfToken: null, credential: null, expiresAt: null };

/**
 * The one credential check behind the HTTP AuthMiddleware and the socket handshake, so both
 * transports accept and refuse the same credentials.
 */
@Injectable()
export class CredentialResolver {
  constructor(private readonly auth: AuthService) {}

  /**
   * A token that does not authenticate (unknown, revoked, expired, blocked user) is
   * 'invalid_token': refused, never downgraded to anonymous. A session cookie that no longer
   * resolves is anonymous (the browser still holds a stale cookie).
   */
  async resolve(presented: PresentedCredential): Promise<ResolvedCredential | 'invalid_token'> {
    if (!presented) return ANONYMOUS;
    if ('token' in presented) {
      const token = presented.token.trim();
      const r = await this.auth.resolveToken(token);
      if (!r) return 'invalid_token';
      return {
        actor: r.actor,
        method: token.startsWith(OAUTH_PREFIX) ? 'oauth' : 'personal_access_token',
        sessionId: null,
        csrfToken: null,
        credential: digest(token),
        expiresAt: r.expiresAt,
      };
    }
    const s = await this.auth.resolveSession(presented.session);
    if (!s) return ANONYMOUS;
    return { actor: s.actor, method: 'session', sessionId: s.sessionId, csrfToken: s.csrfToken, credential: s.sessionId, expiresAt: s.expiresAt };
  }
}
