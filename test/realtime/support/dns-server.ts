import dgram from 'node:dgram';

/**
 * A tiny authoritative DNS server for tests: answers A queries for the names of its table
 * (every address of a name, TTL 1 s), NXDOMAIN for other names, an empty answer for other
 * types. The table can be changed while it runs (`set`), and it counts the queries per name,
 * so a test can show that a client (nginx's `resolver`) asked again.
 */
export interface DnsServer {
  port: number;
  set(name: string, addresses: string[]): void;
  queries(name: string): number;
  close(): Promise<void>;
}

export async function startDnsServer(table: Record<string, string[]>): Promise<DnsServer> {
  const records = new Map(Object.entries(table).map(([k, v]) => [k.toLowerCase(), v]));
  const asked = new Map<string, number>();
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    const reply = answer(msg, records, asked);
    if (reply) socket.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  return {
    port: socket.address().port,
    set: (name, addresses) => void records.set(name.toLowerCase(), addresses),
    queries: (name) => asked.get(name.toLowerCase()) ?? 0,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** The reply to one query message (RFC 1035 4.1), or null for what is not a query. */
function answer(msg: Buffer, records: Map<string, string[]>, asked: Map<string, number>): Buffer | null {
  if (msg.length < 12 || (msg[2]! & 0x80) !== 0 || msg.readUInt16BE(4) !== 1) return null;
  // The question: labels, then QTYPE and QCLASS
  const labels: string[] = [];
  let at = 12;
  while (at < msg.length && msg[at] !== 0) {
    const len = msg[at]!;
    if (len > 63 || at + 1 + len > msg.length) return null;
    labels.push(msg.toString('ascii', at + 1, at + 1 + len));
    at += 1 + len;
  }
  at += 1;
  if (at + 4 > msg.length) return null;
  const qtype = msg.readUInt16BE(at);
  const question = msg.subarray(12, at + 4);
  const name = labels.join('.').toLowerCase();
  asked.set(name, (asked.get(name) ?? 0) + 1);
  const addresses = records.get(name);
  const answers = addresses && qtype === 1 ? addresses : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(msg.readUInt16BE(0), 0); // the query's id
  // QR, opcode 0, AA, RD copied; RA; RCODE 3 (NXDOMAIN) for an unknown name
  header.writeUInt16BE(0x8400 | (msg[2]! & 0x01) << 8 | 0x0080 | (addresses ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const rrs = answers.map((ip) => {
    const rr = Buffer.alloc(16);
    rr.writeUInt16BE(0xc00c, 0); // a pointer to the question's name
    rr.writeUInt16BE(1, 2); // A
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(1, 6); // TTL 1 s
    rr.writeUInt16BE(4, 10);
    ip.split('.').forEach((octet, i) => rr.writeUInt8(Number(octet), 12 + i));
    return rr;
  });
  return Buffer.concat([header, question, ...rrs]);
}
