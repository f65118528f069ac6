import { Module } from '@nestjs/common';
import { MarkdownModule } from '../core/markdown/markdown.module';
import { IssueModule } from './issue/issue.module';
import { ProjectModule } from './project/project.module';
import { ProjectResolver } from './project/project.resolver';
import { UserResolver } from './user/user.resolver';

/** The GraphQL query roots (code-first, at /api/graphql); the issue resolver lives in IssueModule. */
@Module({ imports: [ProjectModule, IssueModule, MarkdownModule], providers: [UserResolver, ProjectResolver] })
export class GraphqlApiModule {}
