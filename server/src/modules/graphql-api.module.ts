import { Module } from '@nestjs/common';
import { IssueResolver } from './issue/issue.resolver';
import { ProjectResolver } from './project/project.resolver';
import { UserResolver } from './user/user.resolver';

/** Every GraphQL resolver (code-first, at /api/graphql). */
@Module({ providers: [UserResolver, ProjectResolver, IssueResolver] })
export class GraphqlApiModule {}
