import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A minimal SMTP server for tests (RFC 5321's EHLO, MAIL, RCPT, DATA, RSET, QUIT; no TLS, no
 * auth). `refuseNext(n)` answers the next n MAIL commands with a temporary failure (451), as
 * a server under load does; accepted messages are in `received`.
 */
export class FakeSmtp {
  readonly received: ReceivedMail[] = [];
  private refusals = 0;
  private readonly server = net.createServer((socket) => this.session(socket));
  /** MAIL commands seen, refused or not: each is one delivery attempt. */
  attempts = 0;

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as net.AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  refuseNext(n: number): void {
    this.refusals = n;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private session(socket: net.Socket): void {
    let buffer = '';
    let mail: ReceivedMail | null = null;
    let inData = false;
    let data: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            this.received.push({ ...mail!, data: data.join('\r\n') });
            mail = null;
            reply('250 2.0.0 queued');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake-smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL') {
          this.attempts += 1;
          if (this.refusals > 0) {
            this.refusals -= 1;
            reply('451 4.3.0 Try again later');
          } else {
            mail = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [], data: '' };
            reply('250 2.1.0 OK');
          }
        } else if (verb === 'RCPT') {
          if (!mail) reply('503 5.5.1 MAIL first');
          else {
            mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 OK');
          }
        } else if (verb === 'DATA') {
          if (!mail) reply('503 5.5.1 MAIL first');
          else {
            inData = true;
            data = [];
            reply('354 End data with <CR><LF>.<CR><LF>');
          }
        } else if (verb === 'RSET') {
          mail = null;
          reply('250 2.0.0 OK');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    socket.on('error', () => undefined);
  }
}
