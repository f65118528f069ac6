import { Module } from '@nestjs/common';
import { MailModule } from '../../core/mail/mail.module';
import { AuthModule } from '../auth/auth.module';
import { InvitationModule } from '../invitation/invitation.module';
import { ConfirmationService } from './confirmation.service';
import { RegistrationController } from './registration.controller';
import { RegistrationService } from './registration.service';

/** Sign-up (/users/sign_up posts to POST /users), accepting an invitation by its link, and e-mail confirmation. */
@Module({ imports: [AuthModule, InvitationModule, MailModule], controllers: [RegistrationController], providers: [RegistrationService, ConfirmationService] })
export class RegistrationModule {}
