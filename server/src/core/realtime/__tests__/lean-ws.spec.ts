import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LeanWebSocket, LeanWebSocketServer } from '../lean-ws';

// The lean WebSocket engine over real TCP: a `ws` client for the ordinary flows, and a raw
// client that writes frames byte by byte (masked, fragmented, malformed) and reads the
// server's frames back, so what the peer observes on the wire is what is asserted.

const MAX = 1024;

interface Served {
  ws: LeanWebSocket;
  messages: { data: Buffer; isBinary: boolean }[];
  errors: Error[];
  closed: Promise<[number, Buffer]>;
}

let server: http.Server;
let port: number;
let accepted: Served[];
let waiting: ((s: Served) => void)[];

beforeEach(async () => {
  accepted = [];
  waiting = [];
  const wss = new LeanWebSocketServer({ maxPayload: MAX, noServer: true, clientTracking: false, perMessageDeflate: false });
  server = http.createServer((_q, s) => s.writeHead(404).end());
  server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket as net.Socket, head, (ws) => {
      const s: Served = { ws, messages: [], errors: [], closed: new Promise((r) => ws.once('close', (code: number, reason: Buffer) => r([code, reason]))) };
      ws.on('message', (data: Buffer, isBinary: boolean) => s.messages.push({ data, isBinary }));
      ws.on('error', (e: Error) => s.errors.push(e));
      accepted.push(s);
      waiting.shift()?.(s);
    }),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  // upgraded sockets are no longer the HTTP server's to close
  for (const s of accepted) s.ws.terminate();
  await new Promise((r) => server.close(r));
});

const nextServed = () => new Promise<Served>((r) => waiting.push(r));
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
};

/** A client frame: masked unless told otherwise. */
function frame(opcode: number, payload: Buffer | string, o: { fin?: boolean; mask?: boolean; rsv?: number; length?: number } = {}): Buffer {
  const data = Buffer.from(payload);
  const len = o.length ?? data.length;
  const ext = len < 126 ? 0 : len < 65536 ? 2 : 8;
  const mask = o.mask !== false;
  const h = Buffer.alloc(2 + ext + (mask ? 4 : 0));
  h[0] = (o.fin === false ? 0 : 0x80) | ((o.rsv ?? 0) << 4) | opcode;
  h[1] = (mask ? 0x80 : 0) | (ext === 0 ? len : ext === 2 ? 126 : 127);
  if (ext === 2) h.writeUInt16BE(len, 2);
  if (ext === 8) h.writeBigUInt64BE(BigInt(len), 2);
  if (!mask) return Buffer.concat([h, data]);
  const key = randomBytes(4);
  key.copy(h, 2 + ext);
  const body = Buffer.from(data.map((b, i) => b ^ key[i & 3]));
  return Buffer.concat([h, body]);
}

interface ServerFrame {
  fin: boolean;
  opcode: number;
  payload: Buffer;
}

/** A raw client after the opening handshake, reading the server's (unmasked) frames. */
async function rawClient(): Promise<{ socket: net.Socket; frames: ServerFrame[]; ended: Promise<void>; served: Served }> {
  const served = nextServed();
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const key = randomBytes(16).toString('base64');
  socket.write(`GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  let buf = Buffer.alloc(0);
  let handshook = false;
  const frames: ServerFrame[] = [];
  const ended = new Promise<void>((r) => socket.on('close', () => r()));
  const shaken = new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (!handshook) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.subarray(0, end).toString();
        const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
        if (!head.startsWith('HTTP/1.1 101') || !head.includes(`Sec-WebSocket-Accept: ${accept}`)) reject(new Error(head));
        handshook = true;
        buf = buf.subarray(end + 4);
        resolve();
      }
      for (;;) {
        if (buf.length < 2) return;
        expect(buf[1] & 0x80).toBe(0); // server frames are never masked
        let len = buf[1] & 0x7f;
        let off = 2;
        if (len === 126) {
          if (buf.length < 4) return;
          len = buf.readUInt16BE(2);
          off = 4;
        } else if (len === 127) {
          if (buf.length < 10) return;
          len = Number(buf.readBigUInt64BE(2));
          off = 10;
        }
        if (buf.length < off + len) return;
        frames.push({ fin: (buf[0] & 0x80) !== 0, opcode: buf[0] & 0x0f, payload: Buffer.from(buf.subarray(off, off + len)) });
        buf = buf.subarray(off + len);
      }
    });
  });
  await shaken;
  return { socket, frames, ended, served: await served };
}

const closeCodeOf = (f: ServerFrame | undefined) => (f && f.opcode === 8 && f.payload.length >= 2 ? f.payload.readUInt16BE(0) : undefined);

describe('the lean WebSocket engine (RFC 6455), as a peer sees it', () => {
  it('answers the opening handshake with the accept key, and refuses a request without a valid key with 400', async () => {
    const { served } = await rawClient();
    expect(served.ws.readyState).toBe(LeanWebSocket.OPEN);
    // engine.io finds and removes listeners by name
    const [onError] = served.ws.listeners('error');
    served.ws.removeListener('error', onError);
    expect(served.ws.listenerCount('error')).toBe(0);
    const bad = net.connect(port, '127.0.0.1');
    await once(bad, 'connect');
    bad.write('GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: short\r\nSec-WebSocket-Version: 13\r\n\r\n');
    let text = '';
    bad.on('data', (c: Buffer) => (text += c.toString()));
    await once(bad, 'close');
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toContain('Sec-WebSocket-Key');
  });

  it('carries text and binary messages both ways with a ws client, and calls back once a send is written', async () => {
    const served = nextServed();
    const client = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const got: { data: string; isBinary: boolean }[] = [];
    client.on('message', (d: Buffer, isBinary: boolean) => got.push({ data: d.toString(), isBinary }));
    await once(client, 'open');
    const s = await served;
    client.send('héllo');
    client.send(Buffer.from([1, 2, 3]));
    client.send('x'.repeat(300)); // a 16-bit length
    await until(() => s.messages.length === 3);
    expect(s.messages[0]).toEqual({ data: Buffer.from('héllo'), isBinary: false });
    expect(s.messages[1]).toEqual({ data: Buffer.from([1, 2, 3]), isBinary: true });
    expect(s.messages[2].data.toString()).toBe('x'.repeat(300));
    const sent = await new Promise<Error | null | undefined>((r) => s.ws.send('4hi', r));
    expect(sent).toBeFalsy();
    s.ws.send('y'.repeat(70_000)); // a 64-bit length
    s.ws.send(Buffer.from('bin'));
    // a pre-encoded frame, as socket.io's broadcast hands it (ws's Sender.frame())
    s.ws._sender.sendFrame([Buffer.from([0x81, 3]), Buffer.from('pre')]);
    await until(() => got.length === 4);
    expect(got).toEqual([
      { data: '4hi', isBinary: false },
      { data: 'y'.repeat(70_000), isBinary: false },
      { data: 'bin', isBinary: true },
      { data: 'pre', isBinary: false },
    ]);
    client.close(1000, 'bye');
    const [code, reason] = await s.closed;
    expect(code).toBe(1000);
    expect(reason.toString()).toBe('bye');
    const [clientCode] = (await once(client, 'close')) as [number];
    expect(clientCode).toBe(1000);
    // a send after close calls back with an error and writes nothing
    const late = await new Promise<Error | null | undefined>((r) => s.ws.send('late', r));
    expect(late).toBeInstanceOf(Error);
  });

  it('joins fragmented, masked frames split across TCP writes into one message, answering a ping between them', async () => {
    const { socket, frames, served } = await rawClient();
    const bytes = Buffer.concat([
      frame(1, 'hel', { fin: false }),
      frame(9, 'are you there'),
      frame(0, 'lo ', { fin: false }),
      frame(0, 'wörld'),
    ]);
    // one byte at a time: every header and payload boundary arrives split
    for (const b of bytes) {
      socket.write(Buffer.from([b]));
      await new Promise((r) => setImmediate(r));
    }
    await until(() => served.messages.length === 1 && frames.length === 1);
    expect(served.messages[0]).toEqual({ data: Buffer.from('hello wörld'), isBinary: false });
    expect(frames[0]).toEqual({ fin: true, opcode: 0xa, payload: Buffer.from('are you there') });
    // several frames in one write
    socket.write(Buffer.concat([frame(2, Buffer.from([9])), frame(1, 'a'), frame(1, '')]));
    await until(() => served.messages.length === 4);
    expect(served.messages.slice(1).map((m) => [m.data.toString('hex'), m.isBinary])).toEqual([
      ['09', true],
      ['61', false],
      ['', false],
    ]);
    expect(served.errors).toEqual([]);
  });

  it('closes with 1009 a message larger than maxPayload, whole or summed over its fragments', async () => {
    for (const bytes of [frame(1, 'x'.repeat(MAX + 1)), Buffer.concat([frame(1, 'x'.repeat(600), { fin: false }), frame(0, 'x'.repeat(600))])]) {
      const { socket, frames, ended, served } = await rawClient();
      socket.write(bytes);
      await until(() => frames.length > 0);
      expect(closeCodeOf(frames[0])).toBe(1009);
      expect(served.messages).toEqual([]);
      expect(served.errors[0]?.message).toMatch(/Max payload size exceeded/);
      socket.end(frame(8, Buffer.from([0x03, 0xf1])));
      await ended;
      expect((await served.closed)[0]).toBe(1009);
    }
  });

  it('closes with 1002 on frames the protocol forbids, and 1007 on text that is not UTF-8', async () => {
    const cases: [string, Buffer, number][] = [
      ['unmasked', frame(1, 'a', { mask: false }), 1002],
      ['RSV1 without an extension', frame(1, 'a', { rsv: 4 }), 1002],
      ['unknown opcode', frame(3, 'a'), 1002],
      ['continuation with nothing to continue', frame(0, 'a'), 1002],
      ['a new message inside a fragmented one', Buffer.concat([frame(1, 'a', { fin: false }), frame(1, 'b')]), 1002],
      ['fragmented control frame', frame(9, 'a', { fin: false }), 1002],
      ['control frame over 125 bytes', frame(9, 'p'.repeat(126)), 1002],
      ['close frame with a 1-byte payload', frame(8, Buffer.from([3])), 1002],
      ['close frame with a reserved code', frame(8, Buffer.from([0x03, 0xed])), 1002],
      ['invalid UTF-8 in a text message', frame(1, Buffer.from([0xc3, 0x28])), 1007],
    ];
    for (const [what, bytes, code] of cases) {
      const { socket, frames, ended, served } = await rawClient();
      socket.write(bytes);
      await until(() => frames.length > 0);
      expect([what, closeCodeOf(frames[0])]).toEqual([what, code]);
      expect([what, served.messages.length, served.errors.length]).toEqual([what, 0, 1]);
      // the server ends TCP after its close frame; the peer's close frame is not needed
      socket.end();
      await ended;
      expect([what, (await served.closed)[0]]).toEqual([what, code]);
    }
  });

  it('completes a close handshake either side starts: the code echoed, then TCP closed, then close', async () => {
    // the peer starts: the server echoes its code and ends TCP
    const a = await rawClient();
    a.socket.write(frame(8, Buffer.concat([Buffer.from([0x0f, 0xa0]), Buffer.from('gone')])));
    await until(() => a.frames.length === 1);
    expect(closeCodeOf(a.frames[0])).toBe(4000);
    await a.ended;
    expect(await a.served.closed).toEqual([4000, Buffer.from('gone')]);
    // the server starts (engine.io's close()): its frame first, TCP only after the peer's
    const b = await rawClient();
    b.served.ws.close();
    await until(() => b.frames.length === 1);
    expect(b.frames[0]).toEqual({ fin: true, opcode: 8, payload: Buffer.alloc(0) });
    expect(b.served.ws.readyState).toBe(LeanWebSocket.CLOSING);
    b.socket.write(frame(8, ''));
    await b.ended;
    expect((await b.served.closed)[0]).toBe(1005);
    expect(b.served.ws.readyState).toBe(LeanWebSocket.CLOSED);
    // a peer that drops TCP without a close frame: 1006
    const c = await rawClient();
    c.socket.destroy();
    expect((await c.served.closed)[0]).toBe(1006);
  });

  it('answers a ping with a pong carrying the same data, and pings the peer', async () => {
    const { socket, frames, served } = await rawClient();
    socket.write(frame(9, Buffer.from([0, 1, 2, 255])));
    served.ws.ping('abc');
    await until(() => frames.length === 2);
    expect(frames).toContainEqual({ fin: true, opcode: 0xa, payload: Buffer.from([0, 1, 2, 255]) });
    expect(frames).toContainEqual({ fin: true, opcode: 0x9, payload: Buffer.from('abc') });
    socket.write(frame(0xa, 'abc')); // an unsolicited or answering pong is ignored
    socket.write(frame(1, 'still open'));
    await until(() => served.messages.length === 1);
    expect(served.errors).toEqual([]);
  });
});
