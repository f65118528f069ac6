import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { RequestAuth } from '../../core/http/request-context';
import { EVENT_BUS, type EventBus } from '../../core/realtime/event-bus';
import { AuthService, type ResolvedAuth } from './auth.service';
import { TokenCache } from './token-cache';
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
export class CredentialResolver implements OnModuleDestroy {
  /** Resolved tokens for up to a second, dropped at once on revocation (token-cache.ts). */
  private readonly tokens = new TokenCache();
  /**
   * Lookups in flight by token digest, shared by the requests and handshakes that present the
   * same token meanwhile (a restart's reconnections: thousands of sockets, a few users' tokens).
   * One begun before a revocation (another cache generation) is not shared after it.
   */
  private readonly inflight = new Map<string, { mark: number; lookup: Promise<ResolvedAuth | null> }>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly auth: AuthService,
    @Inject(EVENT_BUS) bus: EventBus,
  ) {
    this.unsubscribe = bus.subscribe({ events: () => undefined, control: (msg) => this.tokens.onControl(msg), resync: () => this.tokens.clear() });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /**
   * A token that does not authenticate (unknown, revoked, expired, blocked user) is
   * 'invalid_token': refused, never downgraded to anonymous. A session cookie that no longer
   * resolves is anonymous (the browser still holds a stale cookie).
   */
  async resolve(presented: PresentedCredential): Promise<ResolvedCredential | 'invalid_token'> {
    if (!presented) return ANONYMOUS;
    if ('token' in presented) {
      const token = presented.token.trim();
      const credential = digest(token);
      let r = this.tokens.get(credential);
      if (!r) {
        const mark = this.tokens.mark();
        let running = this.inflight.get(credential);
        if (!running || running.mark !== mark) {
          const entry = { mark, lookup: this.auth.resolveToken(token) };
          this.inflight.set(credential, entry);
          const done = () => {
            if (this.inflight.get(credential) === entry) this.inflight.delete(credential);
          };
          entry.lookup.then(done, done);
          running = entry;
        }
        r = await running.lookup;
        if (!r) return 'invalid_token';
        this.tokens.set(credential, r, mark);
      }
      return {
        actor: r.actor,
        method: token.startsWith(OAUTH_PREFIX) ? 'oauth' : 'personal_access_token',
        sessionId: null,
        csrfToken: null,
        credential,
        expiresAt: r.expiresAt,
      };
    }
    const s = await this.auth.resolveSession(presented.session);
    if (!s) return ANONYMOUS;
    return { actor: s.actor, method: 'session', sessionId: s.sessionId, csrfToken: s.csrfToken, credential: s.sessionId, expiresAt: s.expiresAt };
  }
}
