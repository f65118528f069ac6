import { Module } from '@nestjs/common';
import { ProjectModule } from '../project/project.module';
import { UserStatusController } from './user-status.controller';
import { UserStatusResolver } from './user-status.resolver';
import { UserStatusStore } from './user-status.store';
import { UserController } from './user.controller';

/** Users as the REST API shows them (GET /api/v4/users, /users/:id, /users/:id/projects) and their status (busy). */
@Module({ imports: [ProjectModule], controllers: [UserController, UserStatusController], providers: [UserStatusStore, UserStatusResolver], exports: [UserStatusStore] })
export class UserModule {}
