import { Module } from '@nestjs/common';
import { IssueModule } from '../issue/issue.module';
import { DiscussionsModule } from '../note/discussions.module';
import { ProjectModule } from '../project/project.module';
import { WebController } from './web.controller';

/** The client's pages with their embedded data; its `*path` route catches all, so the app lists it last. */
@Module({ imports: [IssueModule, ProjectModule, DiscussionsModule], controllers: [WebController] })
export class WebModule {}
