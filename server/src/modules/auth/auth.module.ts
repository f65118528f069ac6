import { Module } from '@nestjs/common';
import { RealtimeCoreModule } from '../../core/realtime/realtime-core.module';
import { AuthController } from './auth.controller';
import { AuthMiddleware } from './auth.middleware';
import { AuthService } from './auth.service';
import { CredentialResolver } from './credential-resolver';

/** Sign-in, tokens and the credential check HTTP requests and sockets share. */
@Module({
  // The bus: revoking a credential closes its sockets on every node
  imports: [RealtimeCoreModule],
  controllers: [AuthController],
  providers: [AuthService, AuthMiddleware, CredentialResolver],
  exports: [AuthService, AuthMiddleware, CredentialResolver],
})
export class AuthModule {}
