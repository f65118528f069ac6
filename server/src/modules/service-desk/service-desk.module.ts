import { Module } from '@nestjs/common';
import { MailModule } from '../../core/mail/mail.module';
import { IssueModule } from '../issue/issue.module';
import { ProjectModule } from '../project/project.module';
import { CreateServiceDeskIssueAction } from './actions/create-service-desk-issue';
import { ServiceDeskFinder } from './service-desk.finder';
import { ServiceDeskNotifier } from './service-desk-notifier';

/**
 * Service Desk: mail to a project's service desk address (the incoming-email module routes it
 * here) becomes a confidential Support Bot issue; public comments are mailed to its external
 * author (the note module calls the notifier); the page's moved-issue warning (ServiceDeskFinder).
 * The setting itself is a project column (PUT /projects/:id service_desk_enabled).
 */
@Module({
  imports: [IssueModule, ProjectModule, MailModule],
  providers: [CreateServiceDeskIssueAction, ServiceDeskNotifier, ServiceDeskFinder],
  exports: [CreateServiceDeskIssueAction, ServiceDeskNotifier, ServiceDeskFinder],
})
export class ServiceDeskModule {}
