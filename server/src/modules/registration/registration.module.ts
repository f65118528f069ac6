import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { InvitationModule } from '../invitation/invitation.module';
import { RegistrationController } from './registration.controller';

/** Sign-up (/users/sign_up posts to POST /users), accepting an invitation by its link. */
@Module({ imports: [AuthModule, InvitationModule], controllers: [RegistrationController] })
export class RegistrationModule {}
