import { Module } from '@nestjs/common';
import { JobsModule } from '../../core/jobs/jobs.module';
import { MailModule } from '../../core/mail/mail.module';
import { GroupModule } from '../group/group.module';
import { IssueModule } from '../issue/issue.module';
import { MergeRequestModule } from '../merge-request/merge-request.module';
import { ProjectModule } from '../project/project.module';
import { NotificationSettingsController, NotificationSettingsPageController } from './notification-settings.controller';
import { NotificationSettingsStore } from './notification-settings.store';
import { NotificationWorker } from './notification.worker';
import { UnsubscribeController } from './unsubscribe.controller';

/** Notification mail: the 'notify' job's worker, the unsubscribe link, and GitLab's notification settings API. */
@Module({
  imports: [JobsModule, MailModule, IssueModule, MergeRequestModule, ProjectModule, GroupModule],
  controllers: [NotificationSettingsController, NotificationSettingsPageController, UnsubscribeController],
  providers: [NotificationWorker, NotificationSettingsStore],
})
export class NotificationModule {}
