import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { isUtf8 } from 'node:buffer';

/**
 * A lean WebSocket server (RFC 6455) for engine.io's `wsEngine` option: only what engine.io's
 * websocket transport uses (handleUpgrade; message, close and error events; send with a
 * callback; close; the pre-encoded broadcast frame through `_sender.sendFrame`), no
 * extensions, no subprotocols, server side only. Its point is memory per idle socket
 * (docs/decisions.md, "Memory per idle socket: a lean engine"): one plain object per
 * connection, listeners on the TCP socket shared by every connection, no Writable stream,
 * no Sender, no per-connection closures. `REALTIME_WS_ENGINE=ws` switches back to `ws`.
 */

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const KEY = /^[+/0-9A-Za-z]{22}==$/;
/** How long a close frame we sent waits for the peer's before the TCP socket is destroyed (ws: 30 s). */
const CLOSE_TIMEOUT_MS = 30_000;

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

// Flags
const CLOSE_SENT = 1;
const CLOSE_RECEIVED = 2;
const ERRORED = 4;

const kWs = Symbol('leanWs');
type TcpSocket = Socket & { [kWs]?: LeanWebSocket };
type Listener = (...args: never[]) => void;
type Listeners = Listener | Listener[] | undefined;
type SendCallback = (err?: Error | null) => void;

/** An error of the peer's frames: the close code the connection is failed with (RFC 6455 §7.4.1). */
export class WebSocketFrameError extends RangeError {
  constructor(
    message: string,
    readonly closeCode: number,
  ) {
    super(message);
  }
}

function validCloseCode(code: number): boolean {
  return (
    (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) ||
    (code >= 3000 && code <= 4999)
  );
}

function addListener(list: Listeners, fn: Listener): Listeners {
  if (list === undefined) return fn;
  if (typeof list === 'function') return [list, fn];
  list.push(fn);
  return list;
}

function removeListener(list: Listeners, fn: Listener): Listeners {
  if (list === undefined) return undefined;
  if (typeof list === 'function') return list === fn || (list as { fn?: Listener }).fn === fn ? undefined : list;
  const i = list.findIndex((l) => l === fn || (l as { fn?: Listener }).fn === fn);
  if (i >= 0) list.splice(i, 1);
  return list.length === 0 ? undefined : list.length === 1 ? list[0] : list;
}

function call(list: Listeners, self: LeanWebSocket, args: unknown[]): boolean {
  if (list === undefined) return false;
  if (typeof list === 'function') (list as (...a: unknown[]) => void).apply(self, args);
  else for (const l of list.slice()) (l as (...a: unknown[]) => void).apply(self, args);
  return true;
}

/** The frame header of a server frame (never masked) of `length` payload bytes. */
function frameHeader(opcode: number, length: number): Buffer {
  const size = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const h = Buffer.allocUnsafe(size);
  h[0] = 0x80 | opcode;
  if (size === 2) h[1] = length;
  else if (size === 4) {
    h[1] = 126;
    h.writeUInt16BE(length, 2);
  } else {
    h[1] = 127;
    h.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    h.writeUInt32BE(length >>> 0, 6);
  }
  return h;
}

/** One connection: a plain object (no stream) over the upgraded TCP socket. */
export class LeanWebSocket {
  static readonly CONNECTING = CONNECTING;
  static readonly OPEN = OPEN;
  static readonly CLOSING = CLOSING;
  static readonly CLOSED = CLOSED;

  readyState = OPEN;
  private flags = 0;
  private onMessage: Listeners = undefined;
  private onClose: Listeners = undefined;
  private onError: Listeners = undefined;
  private other: Map<string, Listeners> | null = null;
  /** Bytes of an incomplete frame (null while idle) and how many bytes the next step needs. */
  private rest: Buffer[] | null = null;
  private restLength = 0;
  private need = 2;
  /** A fragmented message being received: its opcode, fragments and length. */
  private fragments: Buffer[] | null = null;
  private fragmentOpcode = 0;
  private fragmentLength = 0;
  private closeCode = 1006;
  private closeReason: Buffer | null = null;
  private closeTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: Socket,
    private readonly maxPayload: number,
  ) {}

  // --- the EventEmitter surface engine.io uses (on, once, removeListener, emit) ---

  on(event: string, fn: Listener): this {
    if (event === 'message') this.onMessage = addListener(this.onMessage, fn);
    else if (event === 'close') this.onClose = addListener(this.onClose, fn);
    else if (event === 'error') this.onError = addListener(this.onError, fn);
    else (this.other ??= new Map()).set(event, addListener(this.other.get(event), fn));
    return this;
  }

  addListener(event: string, fn: Listener): this {
    return this.on(event, fn);
  }

  once(event: string, fn: Listener): this {
    // 'close' is emitted once anyway: no wrapper (engine.io's transport listens with once)
    if (event === 'close') return this.on(event, fn);
    const wrapper = Object.assign(
      (...args: never[]) => {
        this.removeListener(event, wrapper);
        (fn as (...a: never[]) => void).apply(this, args);
      },
      { fn },
    );
    return this.on(event, wrapper);
  }

  removeListener(event: string, fn: Listener): this {
    if (event === 'message') this.onMessage = removeListener(this.onMessage, fn);
    else if (event === 'close') this.onClose = removeListener(this.onClose, fn);
    else if (event === 'error') this.onError = removeListener(this.onError, fn);
    else if (this.other) {
      const left = removeListener(this.other.get(event), fn);
      if (left === undefined) this.other.delete(event);
      else this.other.set(event, left);
    }
    return this;
  }

  off(event: string, fn: Listener): this {
    return this.removeListener(event, fn);
  }

  removeAllListeners(event?: string): this {
    if (event === undefined || event === 'message') this.onMessage = undefined;
    if (event === undefined || event === 'close') this.onClose = undefined;
    if (event === undefined || event === 'error') this.onError = undefined;
    if (event === undefined) this.other = null;
    else this.other?.delete(event);
    return this;
  }

  emit(event: string, ...args: unknown[]): boolean {
    if (event === 'message') return call(this.onMessage, this, args);
    if (event === 'close') return call(this.onClose, this, args);
    if (event === 'error') {
      if (this.onError === undefined) throw args[0];
      return call(this.onError, this, args);
    }
    return call(this.other?.get(event), this, args);
  }

  listeners(event: string): Listener[] {
    const l = event === 'message' ? this.onMessage : event === 'close' ? this.onClose : event === 'error' ? this.onError : this.other?.get(event);
    return l === undefined ? [] : typeof l === 'function' ? [l] : l.slice();
  }

  listenerCount(event: string): number {
    return this.listeners(event).length;
  }

  // --- sending ---

  /** Bytes written to the TCP socket and not yet handed to the kernel. */
  get bufferedAmount(): number {
    return this.socket.writableLength;
  }

  /** engine.io writes socket.io's pre-encoded broadcast frames through `_sender.sendFrame`. */
  get _sender(): this {
    return this;
  }

  /** A whole frame, already encoded (ws's `Sender.frame()`: header and payload buffers). */
  sendFrame(list: Buffer[], cb?: SendCallback): void {
    if (this.readyState !== OPEN) return this.notOpen(cb);
    if (list.length === 1) {
      this.socket.write(list[0], cb);
      return;
    }
    this.socket.cork();
    for (let i = 0; i < list.length - 1; i++) this.socket.write(list[i]);
    this.socket.write(list[list.length - 1], cb);
    this.socket.uncork();
  }

  /** A text frame for a string, a binary frame for bytes (ws's `send`; options are ignored but `binary`). */
  send(data: string | Buffer | ArrayBuffer | ArrayBufferView, options?: { binary?: boolean } | (SendCallback), cb?: SendCallback): void {
    if (typeof options === 'function') {
      cb = options;
      options = undefined;
    }
    if (this.readyState !== OPEN) return this.notOpen(cb);
    if (typeof data === 'string' && options?.binary !== true) {
      const length = Buffer.byteLength(data);
      const head = length < 126 ? 2 : length < 65536 ? 4 : 10;
      const frame = frameHeader(1, length);
      if (length < 4096) {
        // one buffer, one write
        const out = Buffer.allocUnsafe(head + length);
        frame.copy(out, 0);
        out.write(data, head);
        this.socket.write(out, cb);
      } else this.writeFrame(frame, Buffer.from(data), cb);
      return;
    }
    const bytes =
      typeof data === 'string'
        ? Buffer.from(data)
        : Buffer.isBuffer(data)
          ? data
          : data instanceof ArrayBuffer
            ? Buffer.from(data)
            : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    this.writeFrame(frameHeader(2, bytes.length), bytes, cb);
  }

  private writeFrame(head: Buffer, payload: Buffer, cb?: SendCallback): void {
    this.socket.cork();
    this.socket.write(head);
    this.socket.write(payload, cb);
    this.socket.uncork();
  }

  private notOpen(cb?: SendCallback): void {
    if (cb) {
      const err = new Error(`WebSocket is not open: readyState ${this.readyState}`);
      process.nextTick(cb, err);
    }
  }

  /** A ping with an optional payload (at most 125 bytes); the peer answers with a pong. */
  ping(data?: Buffer | string): void {
    if (this.readyState !== OPEN) return;
    const payload = data === undefined ? Buffer.alloc(0) : Buffer.from(data);
    if (payload.length > 125) throw new RangeError('The data size must not be greater than 125 bytes');
    this.writeFrame(frameHeader(0x9, payload.length), payload);
  }

  /** Starts the closing handshake (RFC 6455 §7.1.2): our close frame, then the peer's, then TCP. */
  close(code?: number, reason?: string | Buffer): void {
    if (this.readyState === CLOSED) return;
    if (this.flags & CLOSE_SENT) {
      if (this.flags & CLOSE_RECEIVED) this.socket.end();
      return;
    }
    if (code !== undefined && !validCloseCode(code)) throw new TypeError('First argument must be a valid error code number');
    this.readyState = CLOSING;
    this.flags |= CLOSE_SENT;
    let payload: Buffer;
    if (code === undefined) payload = Buffer.alloc(0);
    else {
      const r = reason === undefined ? Buffer.alloc(0) : Buffer.from(reason);
      if (r.length > 123) throw new RangeError('The message must not be greater than 123 bytes');
      payload = Buffer.allocUnsafe(2 + r.length);
      payload.writeUInt16BE(code, 0);
      r.copy(payload, 2);
    }
    if (this.socket.writable) this.writeFrame(frameHeader(0x8, payload.length), payload);
    if (this.flags & CLOSE_RECEIVED) this.socket.end();
    else {
      this.closeTimer = setTimeout(() => this.socket.destroy(), CLOSE_TIMEOUT_MS);
      this.closeTimer.unref?.();
    }
  }

  /** Destroys the TCP socket at once (ws's `terminate`). */
  terminate(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSING;
    this.socket.destroy();
  }

  // --- receiving ---

  /** Bytes from the TCP socket: whole frames are handled, an incomplete one waits for the rest. */
  onData(chunk: Buffer): void {
    if (this.flags & (CLOSE_RECEIVED | ERRORED)) return; // nothing after a close frame counts
    let buf: Buffer;
    if (this.rest === null) {
      if (chunk.length < this.need) {
        this.rest = [chunk];
        this.restLength = chunk.length;
        return;
      }
      buf = chunk;
    } else {
      this.rest.push(chunk);
      this.restLength += chunk.length;
      if (this.restLength < this.need) return;
      buf = Buffer.concat(this.rest, this.restLength);
      this.rest = null;
      this.restLength = 0;
    }
    let off = 0;
    try {
      while (off < buf.length && !(this.flags & (CLOSE_RECEIVED | ERRORED))) {
        const used = this.frame(buf, off);
        if (used === 0) break;
        off += used;
      }
    } catch (err) {
      if (err instanceof WebSocketFrameError) return this.fail(err);
      throw err;
    }
    if (off < buf.length && !(this.flags & (CLOSE_RECEIVED | ERRORED))) {
      // a copy: the incomplete frame must not keep the whole read buffer alive
      const left = Buffer.from(buf.subarray(off));
      this.rest = [left];
      this.restLength = left.length;
    } else this.need = 2;
  }

  /**
   * Handles the frame at `off` and returns its length, or 0 when it is not all there yet (then
   * `need` is how many bytes from `off` the next try needs).
   */
  private frame(buf: Buffer, off: number): number {
    const avail = buf.length - off;
    if (avail < 2) {
      this.need = 2;
      return 0;
    }
    const b0 = buf[off];
    const b1 = buf[off + 1];
    const fin = (b0 & 0x80) !== 0;
    const opcode = b0 & 0x0f;
    if (b0 & 0x70) throw new WebSocketFrameError('RSV1, RSV2 and RSV3 must be clear', 1002);
    if (!(b1 & 0x80)) throw new WebSocketFrameError('MASK must be set', 1002);
    const control = opcode >= 0x8;
    if (control) {
      if (opcode > 0xa) throw new WebSocketFrameError(`Invalid opcode ${opcode}`, 1002);
      if (!fin) throw new WebSocketFrameError('FIN must be set', 1002);
    } else if (opcode === 0) {
      if (this.fragments === null) throw new WebSocketFrameError('Invalid opcode 0', 1002);
    } else if (opcode === 1 || opcode === 2) {
      if (this.fragments !== null) throw new WebSocketFrameError(`Invalid opcode ${opcode}`, 1002);
    } else throw new WebSocketFrameError(`Invalid opcode ${opcode}`, 1002);
    let length = b1 & 0x7f;
    let head = 2;
    if (length === 126) {
      head = 4;
      if (avail < 4) return this.wait(4);
      length = buf.readUInt16BE(off + 2);
    } else if (length === 127) {
      head = 10;
      if (avail < 10) return this.wait(10);
      const hi = buf.readUInt32BE(off + 2);
      if (hi & 0x80000000) throw new WebSocketFrameError('The most significant bit of a 64-bit length must be 0', 1002);
      if (hi > 0x1fffff) throw new WebSocketFrameError('Unsupported WebSocket frame: payload length > 2^53 - 1', 1009);
      length = hi * 2 ** 32 + buf.readUInt32BE(off + 6);
    }
    if (control && length > 125) throw new WebSocketFrameError('Invalid payload length for a control frame', 1002);
    if (!control && this.maxPayload > 0 && (opcode === 0 ? this.fragmentLength : 0) + length > this.maxPayload) {
      throw new WebSocketFrameError('Max payload size exceeded', 1009);
    }
    const total = head + 4 + length;
    if (avail < total) return this.wait(total);
    const mask = off + head;
    // unmasked into a copy, so the message does not keep the read buffer alive
    const payload = Buffer.allocUnsafe(length);
    for (let i = 0, p = mask + 4; i < length; i++, p++) payload[i] = buf[p] ^ buf[mask + (i & 3)];
    if (control) this.control(opcode, payload);
    else if (fin && opcode !== 0) this.message(opcode, payload);
    else {
      if (opcode !== 0) {
        this.fragments = [];
        this.fragmentOpcode = opcode;
        this.fragmentLength = 0;
      }
      this.fragments!.push(payload);
      this.fragmentLength += length;
      if (fin) {
        const whole = Buffer.concat(this.fragments!, this.fragmentLength);
        const op = this.fragmentOpcode;
        this.fragments = null;
        this.fragmentOpcode = 0;
        this.fragmentLength = 0;
        this.message(op, whole);
      }
    }
    return total;
  }

  private wait(bytes: number): number {
    this.need = bytes;
    return 0;
  }

  private message(opcode: number, data: Buffer): void {
    if (opcode === 1 && !isUtf8(data)) throw new WebSocketFrameError('Invalid UTF-8 sequence', 1007);
    this.emit('message', data, opcode === 2);
  }

  private control(opcode: number, payload: Buffer): void {
    if (opcode === 0x9) {
      // ping: a pong with the same application data (§5.5.2)
      if (this.readyState === OPEN) this.writeFrame(frameHeader(0xa, payload.length), payload);
      this.emit('ping', payload);
      return;
    }
    if (opcode === 0xa) {
      this.emit('pong', payload);
      return;
    }
    // close
    if (payload.length === 1) throw new WebSocketFrameError('Invalid payload length 1', 1002);
    let code = 1005;
    let reason: Buffer = Buffer.alloc(0);
    if (payload.length >= 2) {
      code = payload.readUInt16BE(0);
      if (!validCloseCode(code)) throw new WebSocketFrameError(`Invalid status code ${code}`, 1002);
      reason = payload.subarray(2);
      if (!isUtf8(reason)) throw new WebSocketFrameError('Invalid UTF-8 sequence', 1007);
    }
    this.flags |= CLOSE_RECEIVED;
    this.closeCode = code;
    this.closeReason = reason;
    this.rest = null;
    this.fragments = null;
    if (this.flags & CLOSE_SENT) this.socket.end();
    else this.close(code === 1005 ? undefined : code); // echo the code (§5.5.1), then end
  }

  /** Fails the connection (§7.1.7): 'error', our close frame with the code, then TCP closes. */
  private fail(err: WebSocketFrameError): void {
    this.flags |= ERRORED;
    this.rest = null;
    this.fragments = null;
    this.socket.pause();
    this.socket.removeListener('data', socketOnData);
    this.emit('error', err);
    if (!(this.flags & CLOSE_SENT)) {
      this.readyState = CLOSING;
      this.flags |= CLOSE_SENT;
      const payload = Buffer.allocUnsafe(2);
      payload.writeUInt16BE(err.closeCode, 0);
      if (this.socket.writable) this.writeFrame(frameHeader(0x8, 2), payload);
    }
    this.closeCode = err.closeCode;
    this.socket.end();
    this.closeTimer ??= setTimeout(() => this.socket.destroy(), CLOSE_TIMEOUT_MS);
  }

  /** The TCP socket closed: 'close' with the peer's code (1006 without a close frame) and reason. */
  onSocketClose(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    if (this.closeTimer) clearTimeout(this.closeTimer);
    this.closeTimer = null;
    this.rest = null;
    this.fragments = null;
    this.emit('close', this.closeCode, this.closeReason ?? Buffer.alloc(0));
  }

  /** The peer ended its side: ours ends too (the socket allows half-open connections). */
  onSocketEnd(): void {
    this.readyState = CLOSING;
    this.socket.end();
  }
}

// Listeners on the TCP socket: one function each, shared by every connection (`this` is the socket)
function socketOnData(this: TcpSocket, chunk: Buffer): void {
  this[kWs]?.onData(chunk);
}
function socketOnEnd(this: TcpSocket): void {
  this[kWs]?.onSocketEnd();
}
function socketOnClose(this: TcpSocket): void {
  this[kWs]?.onSocketClose();
}
function socketOnError(this: TcpSocket): void {
  // like ws: a socket error closes the connection without an 'error' event ('close' says 1006)
  const ws = this[kWs];
  if (ws) ws.readyState = CLOSING;
  this.destroy();
}

function abortHandshake(socket: Socket, status: number, message: string, extra = ''): void {
  if (socket.writable) {
    const text = message;
    socket.end(
      `HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : status === 426 ? 'Upgrade Required' : 'Error'}\r\n` +
        `Connection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n${extra}\r\n${text}`,
    );
  }
  socket.destroy();
}

export interface LeanWebSocketServerOptions {
  /** The largest message accepted, fragments summed (engine.io passes maxHttpBufferSize); 0 = no limit. */
  maxPayload?: number;
  // engine.io passes these too; the lean engine has no server or client list and no extensions
  noServer?: boolean;
  clientTracking?: boolean;
  perMessageDeflate?: boolean | object;
}

/** engine.io's `wsEngine`: `new Server({ noServer, clientTracking, perMessageDeflate, maxPayload })`. */
export class LeanWebSocketServer extends EventEmitter {
  private readonly maxPayload: number;

  constructor(options: LeanWebSocketServerOptions = {}) {
    super();
    if (options.perMessageDeflate) throw new TypeError('The lean WebSocket engine does not support perMessageDeflate');
    this.maxPayload = options.maxPayload ?? 100 * 1024 * 1024;
  }

  /** Completes the opening handshake (RFC 6455 §4.2.2) or answers 400 and closes. */
  handleUpgrade(req: IncomingMessage, socket: Socket, head: Buffer, cb: (ws: LeanWebSocket, req: IncomingMessage) => void): void {
    socket.on('error', socketOnError);
    const key = req.headers['sec-websocket-key'];
    const version = req.headers['sec-websocket-version'];
    if (req.method !== 'GET') return abortHandshake(socket, 400, 'Invalid HTTP method');
    if ((req.headers.upgrade ?? '').toLowerCase() !== 'websocket') return abortHandshake(socket, 400, 'Invalid Upgrade header');
    if (typeof key !== 'string' || !KEY.test(key)) return abortHandshake(socket, 400, 'Missing or invalid Sec-WebSocket-Key header');
    if (version !== '13' && version !== '8') return abortHandshake(socket, 400, 'Missing or invalid Sec-WebSocket-Version header', 'Sec-WebSocket-Version: 13, 8\r\n');
    if (!socket.readable || !socket.writable) {
      socket.destroy();
      return;
    }
    const accept = createHash('sha1').update(key + GUID).digest('base64');
    const headers = ['HTTP/1.1 101 Switching Protocols', 'Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Accept: ${accept}`];
    this.emit('headers', headers, req);
    socket.write(headers.concat('\r\n').join('\r\n'));
    socket.setTimeout(0);
    socket.setNoDelay(true);
    const ws = new LeanWebSocket(socket, this.maxPayload);
    (socket as TcpSocket)[kWs] = ws;
    socket.on('data', socketOnData);
    socket.on('end', socketOnEnd);
    socket.on('close', socketOnClose);
    cb(ws, req);
    if (head.length > 0) ws.onData(head);
  }

  /** engine.io closes its ws server with the HTTP server; the lean one holds no connections. */
  close(cb?: () => void): void {
    if (cb) process.nextTick(cb);
  }
}
