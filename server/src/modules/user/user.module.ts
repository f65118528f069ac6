import { Module } from '@nestjs/common';
import { UserController } from './user.controller';

/** Users as the REST API shows them (GET /api/v4/users, /users/:id). */
@Module({ controllers: [UserController] })
export class UserModule {}
