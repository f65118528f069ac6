import { Inject, Injectable, Logger } from '@nestjs/common';
import { SERVICE_DESK_TEXTS, SUPPORT_BOT, type ApiNote } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { Mailer } from '../../core/mail/mailer';
import type { Issue } from '../issue/issue.entity';
import type { Project } from '../project/project.entity';
import { serviceDeskReplyAddress } from './service-desk-address';

/**
 * Mails the external author of a service-desk issue each public comment (GitLab's service desk
 * new_note mail), after the comment's commit: only while the issue's project has Service Desk
 * on (a move into a project without it ends the mails, which the page warns about), never for
 * internal notes, system notes or the Support Bot's own.
 */
@Injectable()
export class ServiceDeskNotifier {
  private readonly logger = new Logger(ServiceDeskNotifier.name);

  constructor(
    private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether a comment on this issue reaches its external author (no query: the issue and project rows are loaded). */
  static mailsExternalAuthor(target: { project: Project; issue: Issue }): boolean {
    return Boolean(target.issue.serviceDeskReplyTo) && target.project.serviceDeskEnabled;
  }

  async noteCreated(target: { project: Project; issue: Issue } | undefined, note: ApiNote | null): Promise<void> {
    if (!target || !note || note.system || note.internal || !ServiceDeskNotifier.mailsExternalAuthor(target)) return;
    if (!note.author || note.author.username === SUPPORT_BOT.username) return;
    const { project, issue } = target;
    const reference = `${project.fullPath}#${issue.iid}`;
    await this.mailer
      .send({
        to: issue.serviceDeskReplyTo!,
        subject: SERVICE_DESK_TEXTS.noteSubject(reference, issue.title),
        // No link: the issue is confidential, the sender could not open it
        text: SERVICE_DESK_TEXTS.noteBody(note.author.name ?? note.author.username, note.body),
        // Their reply to it becomes a comment on the issue
        replyTo: serviceDeskReplyAddress(this.config.INCOMING_EMAIL_ADDRESS, issue.serviceDeskReplyKey),
      })
      // The comment is written; a mail failure is logged, never the comment's error
      .catch((err: unknown) => this.logger.error({ err }, 'service desk note mail failed'));
  }
}
