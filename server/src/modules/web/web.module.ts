import { Module } from '@nestjs/common';
import { ServiceDeskModule } from '../service-desk/service-desk.module';
import { AwardModule } from '../award/award.module';
import { GroupModule } from '../group/group.module';
import { IncomingEmailModule } from '../incoming-email/incoming-email.module';
import { IssueModule } from '../issue/issue.module';
import { DiscussionsModule } from '../note/discussions.module';
import { IssueLinkModule } from '../issue-link/issue-link.module';
import { ProjectModule } from '../project/project.module';
import { WebController } from './web.controller';

/** The client's pages with their embedded data; its `*path` route catches all, so the app lists it last. */
@Module({ imports: [IssueModule, IncomingEmailModule, ProjectModule, DiscussionsModule, AwardModule, IssueLinkModule, GroupModule, ServiceDeskModule], controllers: [WebController] })
export class WebModule {}
