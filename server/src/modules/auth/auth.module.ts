import { Module } from '@nestjs/common';
import { MailModule } from '../../core/mail/mail.module';
import { RealtimeCoreModule } from '../../core/realtime/realtime-core.module';
import { AuthController } from './auth.controller';
import { AuthMiddleware } from './auth.middleware';
import { AuthService } from './auth.service';
import { CredentialResolver } from './credential-resolver';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';

/** Sign-in, tokens, the forgotten-password flow, and the credential check HTTP requests and sockets share. */
@Module({
  // The bus: revoking a credential closes its sockets on every node; mail: the reset link
  imports: [RealtimeCoreModule, MailModule],
  controllers: [AuthController, PasswordResetController],
  providers: [AuthService, AuthMiddleware, CredentialResolver, PasswordResetService],
  exports: [AuthService, AuthMiddleware, CredentialResolver],
})
export class AuthModule {}
