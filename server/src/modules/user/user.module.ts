import { Module } from '@nestjs/common';
import { ProjectModule } from '../project/project.module';
import { UserController } from './user.controller';

/** Users as the REST API shows them (GET /api/v4/users, /users/:id, /users/:id/projects). */
@Module({ imports: [ProjectModule], controllers: [UserController] })
export class UserModule {}
