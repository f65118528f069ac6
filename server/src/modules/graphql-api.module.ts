import { Module } from '@nestjs/common';
import { UserResolver } from './user/user.resolver';

/** Every GraphQL resolver (code-first, at /api/graphql). */
@Module({ providers: [UserResolver] })
export class GraphqlApiModule {}
