import net from 'node:net';
import tls from 'node:tls';
import { Logger } from '@nestjs/common';

/** How long the first connection may take (boot fails after it, as with the other connections). */
const CONNECT_TIMEOUT_MS = 5000;
/** Above this much unsent output (Redis not reading) a publish is dropped: the event log repairs it. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

const logger = new Logger('Redis');

/** One RESP command as bytes: an array of bulk strings. */
function encode(args: readonly string[]): string {
  let out = `*${args.length}\r\n`;
  for (const a of args) out += `$${Buffer.byteLength(a)}\r\n${a}\r\n`;
  return out;
}

/**
 * The bus's publishing connection (issue #27, cross-node latency): PUBLISH fire-and-forget,
 * written to the TCP socket in the call itself. node-redis queues every command and writes its
 * queue in a setImmediate, so a PUBLISH waited for the rest of the publishing event-loop turn
 * (the HTTP handler after the commit: 0.5-0.9 ms at p50, 14-22 ms at p90 under load) before
 * other nodes could even start; this node's own sockets wait for that turn anyway (their
 * delivery is queued in a setImmediate), so every other node started that much behind them.
 *
 * Only simple replies come back on this connection (`+OK`, `:<n>`, `-ERR`): read (errors logged),
 * never waited for. While disconnected a publish is refused at once (`false`), as with the
 * offline queue disabled: receivers fill the gap from the event log. Reconnects every 50 ms-1 s
 * forever once it has been ready; the first connection failing fails the boot.
 */
export class RedisPublisher {
  private socket: net.Socket | null = null;
  private ready = false;
  private everReady = false;
  private closed = false;
  private retries = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private down = false;
  private inbox = '';
  private readonly url: URL;

  constructor(
    url: string,
    private readonly name: string,
  ) {
    this.url = new URL(url);
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** Resolves once the connection is open and authenticated; rejects when it cannot be (boot). */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => this.open(resolve, reject));
  }

  /**
   * Writes PUBLISH now. False when it could not be handed to the socket (disconnected, or Redis
   * not reading): the message is dropped, never queued.
   */
  publish(channel: string, message: string): boolean {
    const s = this.socket;
    if (!this.ready || !s || s.writableLength > MAX_BUFFERED_BYTES) return false;
    s.write(encode(['PUBLISH', channel, message]));
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.ready = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const s = this.socket;
    this.socket = null;
    if (!s || s.destroyed) return;
    // what was written is sent before the FIN; nothing waits for the replies
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        s.destroy();
        resolve();
      }, 1000);
      s.end(() => {
        clearTimeout(timer);
        s.destroy();
        resolve();
      });
    });
  }

  private open(onReady?: () => void, onFail?: (err: Error) => void): void {
    const host = this.url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
    const port = Number(this.url.port || 6379);
    const s =
      this.url.protocol === 'rediss:'
        ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
        : net.connect({ host, port });
    this.socket = s;
    s.setNoDelay(true);
    s.setKeepAlive(true, 5000);
    s.setEncoding('utf8');
    const connectTimer = setTimeout(() => s.destroy(new Error(`connect timed out after ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS);
    let handshake = 0;
    let failure: Error | null = null;
    s.once(this.url.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => {
      clearTimeout(connectTimer);
      // AUTH when the URL has a password; a name to find the connection in CLIENT LIST
      const user = decodeURIComponent(this.url.username);
      const pass = decodeURIComponent(this.url.password);
      let out = '';
      if (pass) {
        out += encode(user ? ['AUTH', user, pass] : ['AUTH', pass]);
        handshake++;
      }
      out += encode(['CLIENT', 'SETNAME', `tandem-${this.name}`]);
      handshake++;
      s.write(out);
    });
    s.on('data', (chunk: string) => {
      this.inbox += chunk;
      for (let end = this.inbox.indexOf('\r\n'); end >= 0; end = this.inbox.indexOf('\r\n')) {
        const line = this.inbox.slice(0, end);
        this.inbox = this.inbox.slice(end + 2);
        if (handshake > 0) {
          handshake--;
          if (line.startsWith('-')) failure ??= new Error(line.slice(1));
          if (handshake === 0) {
            if (failure) s.destroy(failure);
            else this.becomeReady(onReady);
          }
        } else if (line.startsWith('-')) {
          logger.warn(`${this.name}: ${line.slice(1)}`);
        }
      }
    });
    s.on('error', (err: Error) => {
      failure ??= err;
    });
    s.on('close', () => {
      clearTimeout(connectTimer);
      const wasReady = this.ready;
      this.ready = false;
      this.inbox = '';
      if (this.socket === s) this.socket = null;
      if (this.closed) return;
      if (!this.everReady) {
        onFail?.(failure ?? new Error('connection closed'));
        return;
      }
      if (wasReady || !this.down) logger.warn(`${this.name}: ${failure?.message ?? 'connection closed'}`);
      this.down = true;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (!this.closed) this.open();
      }, Math.min(50 * ++this.retries, 1000));
    });
  }

  private becomeReady(onReady?: () => void): void {
    if (this.down) logger.log(`${this.name}: reconnected`);
    this.ready = true;
    this.everReady = true;
    this.down = false;
    this.retries = 0;
    onReady?.();
  }
}
