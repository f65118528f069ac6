import { Module } from '@nestjs/common';
import { IssueModule } from '../issue/issue.module';
import { ProjectModule } from '../project/project.module';
import { DiscussionsModule } from '../note/discussions.module';
import { ServiceDeskModule } from '../service-desk/service-desk.module';
import { ReceiveIncomingEmailAction } from './actions/receive-incoming-email';
import { ReceiveServiceDeskReplyAction } from './actions/receive-service-desk-reply';
import { IncomingEmailService } from './incoming-email.service';
import { MailRoomController } from './mail-room.controller';

/** Issue email addresses (INCOMING_EMAIL_ADDRESS) and the mail_room endpoint that turns mail to them into comments. */
@Module({
  imports: [IssueModule, DiscussionsModule, ServiceDeskModule, ProjectModule],
  controllers: [MailRoomController],
  providers: [IncomingEmailService, ReceiveIncomingEmailAction, ReceiveServiceDeskReplyAction],
  exports: [IncomingEmailService],
})
export class IncomingEmailModule {}
