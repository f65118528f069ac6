import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { simpleParser, type AddressObject } from 'mailparser';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { issuePermissions } from '../../../core/policy/issue-permissions';
import { IssueLoader } from '../../issue/issue.loader';
import { CreateNoteAction } from '../../note/actions/create-note';
import { CreateServiceDeskIssueAction } from '../../service-desk/actions/create-service-desk-issue';
import { parseServiceDeskKey, parseServiceDeskReplyKey } from '../../service-desk/service-desk-address';
import { keyFromAddress, parseIncomingEmailKey } from '../incoming-email-key';
import { replyText } from '../mail-body';
import { ReceiveServiceDeskReplyAction } from './receive-service-desk-reply';

/** What mail_room is answered: the comment made, or (service desk) the issue made. */
export interface IncomingEmailResult {
  note_id: number | null;
  project_id?: number;
  issue_iid?: number;
}

/** Headers an MTA or mail_room may name the delivery address in, besides To and Cc. */
const DELIVERY_HEADERS = ['delivered-to', 'envelope-to', 'x-envelope-to', 'x-original-to'];

/**
 * A mail delivered to an issue email address (GitLab's Email::Handler::CreateNoteHandler): the
 * key names the project, the issue and the user (by their incoming_email_token); the From
 * address must be that user's; the user must be active and allowed to comment. Then the reply
 * text becomes their comment through CreateNoteAction (quick actions, system notes and live
 * events as any comment). A mail to a project's service desk address goes to Service Desk
 * instead (CreateServiceDeskIssueAction), and a reply to a Service Desk issue's mails to that
 * issue (ReceiveServiceDeskReplyAction). Anything else is rejected and nothing is written.
 */
@Injectable()
export class ReceiveIncomingEmailAction {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly loader: IssueLoader,
    private readonly createNote: CreateNoteAction,
    private readonly serviceDesk: CreateServiceDeskIssueAction,
    private readonly serviceDeskReply: ReceiveServiceDeskReplyAction,
  ) {}

  async execute(raw: Buffer): Promise<IncomingEmailResult> {
    const pattern = this.config.INCOMING_EMAIL_ADDRESS;
    if (!pattern) throw new AppError('NOT_FOUND');
    const mail = await simpleParser(raw).catch(() => null);
    if (!mail) throw new AppError('EMAIL_UNKNOWN_TARGET');
    const addresses = [...addressesOf(mail.to), ...addressesOf(mail.cc)];
    for (const h of DELIVERY_HEADERS) {
      const v = mail.headers.get(h);
      if (typeof v === 'string') addresses.push(...v.split(',').map((a) => a.replace(/^.*<|>.*$/g, '').trim()));
    }
    const key = addresses.map((a) => keyFromAddress(pattern, a)).find((k): k is string => k !== null);
    // A project's service desk address: a new confidential issue from an external sender
    const deskProjectId = key ? parseServiceDeskKey(key) : null;
    if (deskProjectId !== null) {
      const { issue, project } = await this.serviceDesk.execute(deskProjectId, { from: addressesOf(mail.from)[0] ?? null, subject: mail.subject ?? null, text: mail.text ?? null });
      return { note_id: null, project_id: project.id, issue_iid: issue.iid };
    }
    // A Service Desk issue's reply address: the external author's answer becomes a comment
    const replyKey = key ? parseServiceDeskReplyKey(key) : null;
    if (replyKey !== null) {
      const r = await this.serviceDeskReply.execute({ replyKey, from: addressesOf(mail.from)[0] ?? null, text: mail.text ?? null, messageId: mail.messageId ?? null });
      return { note_id: r.noteId, project_id: r.projectId, issue_iid: r.iid };
    }
    const parsed = key ? parseIncomingEmailKey(key) : null;
    if (!parsed) throw new AppError('EMAIL_UNKNOWN_TARGET');

    const [user] = (await this.ds.query(`SELECT id, username, email, is_admin, state FROM users WHERE incoming_email_token = $1`, [parsed.token])) as Array<{
      id: number;
      username: string;
      email: string;
      is_admin: boolean;
      state: string;
    }>;
    const from = addressesOf(mail.from)[0]?.toLowerCase();
    // The address is the user's own: a mail from anyone else is not theirs to post
    if (!user || !from || from !== user.email.toLowerCase()) throw new AppError('EMAIL_UNKNOWN_USER');
    if (user.state !== 'active') throw new AppError('EMAIL_NOT_ALLOWED');
    const actor: Actor = { id: Number(user.id), username: user.username, isAdmin: user.is_admin, scopes: null };

    const ctx = await this.loader.findReadable(actor, parsed.projectId, parsed.iid).catch((e: unknown) => {
      if (e instanceof AppError && e.status === 404) throw new AppError('EMAIL_NOTEABLE_GONE');
      throw e;
    });
    if (!issuePermissions(actor, ctx.projectFacts, ctx.facts).createNote) throw new AppError('EMAIL_NOT_ALLOWED');
    const body = replyText(mail.text ?? '');
    if (!body) throw new AppError('EMAIL_EMPTY');
    const r = await this.createNote.execute(actor, ctx, { body, idempotencyKey: mail.messageId ? `mail:${mail.messageId}`.replace(/[^\x21-\x7e]/g, '').slice(0, 128) : null });
    return { note_id: r.note ? Number(r.note.id) : null };
  }
}

function addressesOf(a: AddressObject | AddressObject[] | undefined): string[] {
  if (!a) return [];
  return (Array.isArray(a) ? a : [a]).flatMap((o) => o.value.flatMap((v) => (v.address ? [v.address] : (v.group ?? []).map((g) => g.address ?? '').filter(Boolean))));
}
