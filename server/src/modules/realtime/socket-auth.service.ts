import { Inject, Injectable, Logger } from '@nestjs/common';
import { ERRORS, SESSION_COOKIE } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { scopeAllows } from '../../core/policy/policy';
import { CredentialResolver, type PresentedCredential } from '../auth/credential-resolver';
import type { Io, TandemSocket } from './noteable-room';

/** Shared by every socket once its handshake is done (nothing writes to them). */
const NOTHING = Object.freeze({});
const NOTHING_LISTED: string[] = Object.freeze([]) as unknown as string[];

/** How often sockets are checked for an expired credential. */
const EXPIRY_CHECK_MS = 1000;

/**
 * Who a socket is (docs/realtime.md "Handshake"): `auth.token` (a personal access or OAuth
 * token) or the session cookie, resolved by the same CredentialResolver as HTTP requests.
 * A socket lives no longer than its credential: revoked ones are closed on every node at
 * once, expired ones within a second.
 */
@Injectable()
export class SocketAuth {
  private readonly logger = new Logger(SocketAuth.name);
  private io!: Io;
  private expiry: NodeJS.Timeout | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly credentials: CredentialResolver,
  ) {}

  start(io: Io): void {
    this.io = io;
    io.use((socket, next) => {
      this.authenticate(socket as TandemSocket).then(
        () => next(),
        (err: unknown) => {
          if (err instanceof HandshakeRefused) return next(err);
          // Not the client's fault (database unreachable...): say so without internals; clients retry
          this.logger.warn({ err }, 'socket handshake failed');
          next(new Error(ERRORS.INTERNAL.message));
        },
      );
    });
    this.expiry = setInterval(() => this.closeExpired(), EXPIRY_CHECK_MS);
    this.expiry.unref();
  }

  stop(): void {
    if (this.expiry) clearInterval(this.expiry);
  }

  /** A revoked token or an ended session: its sockets on this node go. */
  closeCredential(credential: string): void {
    for (const socket of this.io.of('/').sockets.values()) {
      if ((socket as TandemSocket).data?.credential === credential) socket.disconnect(true);
    }
  }

  /** The upgrade request, the headers and the credential are not needed after the handshake: less memory per idle socket. */
  forgetHandshake(socket: TandemSocket): void {
    const conn = socket.conn as unknown as { request: { headers: unknown; rawHeaders: string[]; url: string } | null };
    // engine.io's WebSocketResponse keeps the upgrade request for the socket's life (a 'close'
    // listener on the TCP socket holds it): its headers at least go (about 0.8 KB of strings)
    if (conn.request) {
      conn.request.rawHeaders = NOTHING_LISTED;
      conn.request.headers = NOTHING;
      conn.request.url = '';
    }
    conn.request = null;
    // What the handshake said is read only by the middleware: one shared empty value for all
    // sockets instead of the query, the date string, the URL and the address of each
    const h = socket.handshake as { headers: unknown; auth: unknown; query: unknown; time: string; url: string; address: string };
    h.headers = h.auth = h.query = NOTHING;
    h.time = h.url = h.address = '';
    // engine.io leaves its `onUpgradeError` listener on every WebSocket opened without polling
    // first, and that closure holds the upgrade request (IncomingMessage, headers, raw headers,
    // the WebSocketResponse) for the socket's life: about 1 KB per idle socket (heap snapshots,
    // tools/bench/socket-heap.mjs). It only logs; the transport has its own error handler.
    const ws = (socket.conn as unknown as { transport?: { socket?: { listeners?: (e: string) => unknown[]; removeListener: (e: string, l: unknown) => void } } }).transport?.socket;
    for (const l of ws?.listeners?.('error') ?? []) {
      if (typeof l === 'function' && l.name === 'onUpgradeError') ws!.removeListener('error', l);
    }
  }

  private async authenticate(socket: TandemSocket): Promise<void> {
    const h = socket.handshake;
    const raw = (h.auth as Record<string, unknown> | undefined)?.token;
    const token = typeof raw === 'string' ? raw.trim() : '';
    const session = token ? null : cookieValue(h.headers.cookie, SESSION_COOKIE);
    // Ambient credentials: only the server's own pages may use them (cross-site hijacking)
    if (session && !this.sameOrigin(h.headers)) throw new HandshakeRefused(ERRORS.FORBIDDEN.message);
    const presented: PresentedCredential = token ? { token } : session ? { session } : null;
    const r = await this.credentials.resolve(presented);
    // A bad token is refused, never downgraded to anonymous (as over HTTP)
    if (r === 'invalid_token' || (token && !scopeAllows(r.actor, 'read_issue'))) throw new HandshakeRefused(ERRORS.UNAUTHORIZED.message);
    socket.data = { actor: r.actor, credential: r.credential, expiresAt: r.expiresAt?.getTime() ?? null, subs: new Map() };
  }

  /**
   * A socket lives no longer than its credential: an OAuth token or a session that expires
   * closes its sockets (one scan a second, a few microseconds per thousand sockets). The client
   * reconnects and is then anonymous or refused, as a new request would be.
   */
  private closeExpired(): void {
    const now = Date.now();
    for (const socket of this.io.of('/').sockets.values()) {
      const at = (socket as TandemSocket).data?.expiresAt;
      if (at != null && at <= now) socket.disconnect(true);
    }
  }

  private sameOrigin(headers: Record<string, string | string[] | undefined>): boolean {
    const origin = headers.origin;
    // Browsers always send Origin cross-site; its absence means same-origin or a non-browser
    if (typeof origin !== 'string' || origin === '') return true;
    let host: string;
    try {
      host = new URL(origin).host.toLowerCase();
    } catch {
      return false;
    }
    const own = new Set<string>([new URL(this.config.publicUrl).host.toLowerCase()]);
    const reqHost = headers.host;
    if (typeof reqHost === 'string') own.add(reqHost.toLowerCase());
    const fwd = headers['x-forwarded-host'];
    if (this.config.TRUST_PROXY && typeof fwd === 'string') own.add(fwd.split(',')[0]!.trim().toLowerCase());
    return own.has(host);
  }
}

/** A handshake refused for the client's credentials or origin (its message is for the client). */
class HandshakeRefused extends Error {}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const v = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(v.startsWith('"') ? v.slice(1, -1) : v);
    } catch {
      return null;
    }
  }
  return null;
}
