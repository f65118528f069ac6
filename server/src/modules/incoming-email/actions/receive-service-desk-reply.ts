import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ACCESS_LEVEL } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import type { ProjectFacts } from '../../../core/policy/policy';
import { IssueLoader } from '../../issue/issue.loader';
import { CreateNoteAction } from '../../note/actions/create-note';
import { ProjectService } from '../../project/project.service';
import { supportBotActor } from '../../service-desk/support-bot';
import { replyText } from '../mail-body';

export interface ServiceDeskReply {
  replyKey: string;
  from: string | null;
  text: string | null;
  messageId: string | null;
}

/**
 * A reply by mail from a Service Desk issue's external author, to the issue's reply address (the
 * Reply-To of the mails they were sent): a comment by the Support Bot, as the issue itself was.
 * Only from the address the issue answers (service_desk_reply_to), only while its project has
 * Service Desk on and is not archived, and not on a locked discussion. The text is a plain
 * comment: an outsider's `/confidential` runs nothing. Its Message-ID makes a redelivery a no-op.
 */
@Injectable()
export class ReceiveServiceDeskReplyAction {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly projects: ProjectService,
    private readonly loader: IssueLoader,
    private readonly createNote: CreateNoteAction,
  ) {}

  async execute(reply: ServiceDeskReply): Promise<{ noteId: number | null; projectId: number; iid: number }> {
    const [row] = (await this.ds.query('SELECT project_id, iid, service_desk_reply_to FROM issues WHERE service_desk_reply_key = $1', [reply.replyKey])) as Array<{
      project_id: number;
      iid: number;
      service_desk_reply_to: string | null;
    }>;
    if (!row) throw new AppError('EMAIL_NOTEABLE_GONE');
    const from = reply.from?.trim().toLowerCase();
    // The reply address is the external author's: nobody else may post through it
    if (!from || !row.service_desk_reply_to || from !== row.service_desk_reply_to.toLowerCase()) throw new AppError('EMAIL_UNKNOWN_USER');
    const project = await this.projects.findByIdOrPath(Number(row.project_id));
    if (!project) throw new AppError('EMAIL_NOTEABLE_GONE');
    if (!project.serviceDeskEnabled || project.archived) throw new AppError('EMAIL_SERVICE_DESK_DISABLED');
    // The bot acts for the project's service desk (the mail_room secret authorised the post),
    // with a reporter's reach: it may comment on the confidential issue, never edit it
    const facts: ProjectFacts = { visibility: project.visibility, archived: project.archived, accessLevel: ACCESS_LEVEL.REPORTER };
    const ctx = await this.loader.contextFor(project, facts, Number(row.iid));
    if (!ctx) throw new AppError('EMAIL_NOTEABLE_GONE');
    if (ctx.issue.discussionLocked) throw new AppError('EMAIL_NOT_ALLOWED');
    const body = replyText(reply.text ?? '');
    if (!body) throw new AppError('EMAIL_EMPTY');
    const bot = await supportBotActor(this.ds);
    const idempotencyKey = reply.messageId ? `mail:${reply.messageId}`.replace(/[^\x21-\x7e]/g, '').slice(0, 128) : null;
    const r = await this.createNote.execute(bot, ctx, { body, idempotencyKey, externalReply: true });
    return { noteId: r.note ? Number(r.note.id) : null, projectId: project.id, iid: ctx.issue.iid };
  }
}
