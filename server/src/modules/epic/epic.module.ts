import { Module } from '@nestjs/common';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { GroupModule } from '../group/group.module';
import { IssueModule } from '../issue/issue.module';
import { ChildEpicsAction } from './actions/child-epics';
import { PromoteToEpicAction } from './actions/promote-to-epic';
import { EpicLinksController } from './epic-links.controller';
import { EpicController } from './epic.controller';
import { EpicResolver, IssueEpicResolver } from './epic.resolver';
import { EpicService } from './epic.service';

/** Group epics: REST groups/:id/epics (and their issues), GraphQL group.epics, Issue.epic, issueSetEpic, promoteToEpic. */
@Module({
  imports: [GroupModule, IssueModule, MarkdownModule],
  controllers: [EpicController, EpicLinksController],
  providers: [EpicService, EpicResolver, IssueEpicResolver, PromoteToEpicAction, ChildEpicsAction],
  exports: [EpicService, PromoteToEpicAction],
})
export class EpicModule {}
