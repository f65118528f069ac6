import { Module } from '@nestjs/common';
import { IssueModule } from '../issue/issue.module';
import { DiscussionsModule } from '../note/discussions.module';
import { ServiceDeskModule } from '../service-desk/service-desk.module';
import { ReceiveIncomingEmailAction } from './actions/receive-incoming-email';
import { IncomingEmailService } from './incoming-email.service';
import { MailRoomController } from './mail-room.controller';

/** Issue email addresses (INCOMING_EMAIL_ADDRESS) and the mail_room endpoint that turns mail to them into comments. */
@Module({
  imports: [IssueModule, DiscussionsModule, ServiceDeskModule],
  controllers: [MailRoomController],
  providers: [IncomingEmailService, ReceiveIncomingEmailAction],
  exports: [IncomingEmailService],
})
export class IncomingEmailModule {}
