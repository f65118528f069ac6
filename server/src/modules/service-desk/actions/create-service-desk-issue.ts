import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LIMITS, SERVICE_DESK_TEXTS } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import { Mailer } from '../../../core/mail/mailer';
import type { ProjectFacts } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { CreateIssueAction } from '../../issue/actions/create-issue';
import type { Issue } from '../../issue/issue.entity';
import type { Project } from '../../project/project.entity';
import { ProjectService } from '../../project/project.service';
import { newReplyKey, serviceDeskReplyAddress } from '../service-desk-address';
import { supportBotActor } from '../support-bot';

export interface ServiceDeskMail {
  /** The sender's address (From). */
  from: string | null;
  subject: string | null;
  text: string | null;
}

/** A plausible single address (what a reply can go to); the column holds 255 characters. */
const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/**
 * A mail to a project's service desk address (GitLab's Email::Handler::ServiceDeskHandler): a
 * CONFIDENTIAL issue authored by the Support Bot, its title the subject, its description the
 * body, and the sender kept as the external author (service_desk_reply_to) in the same
 * transaction; `issue.created` goes out after the commit like any new issue, so open lists
 * update live. The description's quick actions are not run (an outsider wrote it), nor the
 * spam captcha (nobody could solve it). Then the sender gets the thank-you mail.
 */
@Injectable()
export class CreateServiceDeskIssueAction {
  private readonly logger = new Logger(CreateServiceDeskIssueAction.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly projects: ProjectService,
    private readonly createIssue: CreateIssueAction,
    private readonly events: EventLogService,
    private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(projectId: number, mail: ServiceDeskMail): Promise<{ issue: Issue; project: Project }> {
    const project = await this.projects.findByIdOrPath(projectId);
    if (!project) throw new AppError('EMAIL_UNKNOWN_TARGET');
    if (!project.serviceDeskEnabled || project.archived) throw new AppError('EMAIL_SERVICE_DESK_DISABLED');
    const from = mail.from?.trim().toLowerCase() ?? '';
    if (!from || from.length > 255 || !ADDRESS.test(from)) throw new AppError('EMAIL_NO_SENDER');
    const title = (mail.subject ?? '').replace(/\s+/g, ' ').trim().slice(0, LIMITS.titleMaxLength) || SERVICE_DESK_TEXTS.noSubject;
    const description = (mail.text ?? '').replace(/\r\n?/g, '\n').trim().slice(0, LIMITS.descriptionMaxLength);
    if (!description && !mail.subject?.trim()) throw new AppError('EMAIL_EMPTY');

    const bot = await supportBotActor(this.ds);
    const facts: ProjectFacts = { visibility: project.visibility, archived: project.archived, accessLevel: 0 };
    const issue = await this.events.transaction(async (tx) => {
      const created = await this.createIssue.executeInTx(tx, bot, project, facts, { title, description: description || null, confidential: true });
      const replyKey = newReplyKey();
      await tx.manager.query('UPDATE issues SET service_desk_reply_to = $1, service_desk_reply_key = $2 WHERE id = $3', [from, replyKey, created.id]);
      return { ...created, serviceDeskReplyTo: from, serviceDeskReplyKey: replyKey } as Issue;
    });
    const reference = `${project.fullPath}#${issue.iid}`;
    // The issue stands even when the mail cannot go (the mailer logs SMTP failures itself)
    await this.mailer
      // No link: the issue is confidential, the sender cannot open it (GitLab's thank-you names the reference only)
      .send({
        to: from,
        subject: SERVICE_DESK_TEXTS.thankYouSubject(reference, issue.title),
        text: SERVICE_DESK_TEXTS.thankYouBody(reference),
        // A reply to it becomes a comment on the issue (ReceiveIncomingEmailAction)
        replyTo: serviceDeskReplyAddress(this.config.INCOMING_EMAIL_ADDRESS, issue.serviceDeskReplyKey),
      })
      .catch((err: unknown) => this.logger.error({ err }, 'service desk thank-you mail failed'));
    return { issue, project };
  }
}
