import { Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { ReceiveIncomingEmailAction, type IncomingEmailResult } from './actions/receive-incoming-email';
import { MAIL_ROOM_HEADER, verifyMailRoomToken } from './mail-room-auth';

/** A raw mail larger than this is refused (GitLab's incoming mail limit is 25 MB; comments need far less). */
const MAX_MAIL_BYTES = 10 * 1024 * 1024;

async function rawBody(req: Request): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_MAIL_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * GitLab's mail_room postback endpoint: mail_room (or any MTA hook) POSTs each mail delivered to
 * the incoming address, raw RFC 822 as the body, with the shared-secret JWT header.
 */
@Controller('api/v4/internal/mail_room')
export class MailRoomController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly receive: ReceiveIncomingEmailAction,
  ) {}

  /**
   * Policy: none for the caller beyond the shared secret (401 without it; 404 when incoming
   * mail is not configured); the comment is checked as the mail's user (create_note); a
   * service desk mail needs the project's Service Desk on (422 otherwise).
   */
  @Post('incoming_email')
  @HttpCode(200)
  async incoming(@Req() req: Request, @Headers(MAIL_ROOM_HEADER) token: string | undefined): Promise<{ status: 'processed' } & IncomingEmailResult> {
    if (!this.config.INCOMING_EMAIL_ADDRESS) throw new AppError('NOT_FOUND');
    // No secret configured: nobody can post (fail closed)
    if (!this.config.INCOMING_EMAIL_SECRET || !verifyMailRoomToken(token, this.config.INCOMING_EMAIL_SECRET)) throw new AppError('UNAUTHORIZED');
    const raw = Buffer.isBuffer(req.body) ? req.body : await rawBody(req);
    const r = await this.receive.execute(raw);
    return { status: 'processed', ...r };
  }
}
