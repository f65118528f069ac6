import { Module } from '@nestjs/common';
import { MailModule } from '../../core/mail/mail.module';
import { MemberModule } from '../member/member.module';
import { ProjectModule } from '../project/project.module';
import { GroupInvitationController, InvitationController, InvitePageController } from './invitation.controller';
import { GroupModule } from '../group/group.module';
import { InvitationService } from './invitation.service';

/** E-mail invitations to projects and groups: the API, the invite link's data, and their acceptance at sign-up. */
@Module({
  imports: [ProjectModule, GroupModule, MemberModule, MailModule],
  controllers: [InvitationController, GroupInvitationController, InvitePageController],
  providers: [InvitationService],
  exports: [InvitationService],
})
export class InvitationModule {}
