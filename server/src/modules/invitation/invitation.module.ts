import { Module } from '@nestjs/common';
import { MailModule } from '../../core/mail/mail.module';
import { MemberModule } from '../member/member.module';
import { ProjectModule } from '../project/project.module';
import { InvitationController, InvitePageController } from './invitation.controller';
import { InvitationService } from './invitation.service';

/** E-mail invitations to projects: the API, the invite link's data, and their acceptance at sign-up. */
@Module({
  imports: [ProjectModule, MemberModule, MailModule],
  controllers: [InvitationController, InvitePageController],
  providers: [InvitationService],
  exports: [InvitationService],
})
export class InvitationModule {}
