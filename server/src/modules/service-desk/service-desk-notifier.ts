import { Injectable, Logger } from '@nestjs/common';
import { SERVICE_DESK_TEXTS, SUPPORT_BOT, type ApiNote } from '@tandem/shared-types';
import { Mailer } from '../../core/mail/mailer';
import type { Issue } from '../issue/issue.entity';
import type { Project } from '../project/project.entity';

/**
 * Mails the external author of a service-desk issue each public comment (GitLab's service desk
 * new_note mail), after the comment's commit: only while the issue's project has Service Desk
 * on (a move into a project without it ends the mails, which the page warns about), never for
 * internal notes, system notes or the Support Bot's own.
 */
@Injectable()
export class ServiceDeskNotifier {
  private readonly logger = new Logger(ServiceDeskNotifier.name);

  constructor(private readonly mailer: Mailer) {}

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
      })
      // The comment is written; a mail failure is logged, never the comment's error
      .catch((err: unknown) => this.logger.error({ err }, 'service desk note mail failed'));
  }
}
