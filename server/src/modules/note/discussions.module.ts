import { Module } from '@nestjs/common';
import { SpamModule } from '../spam/spam.module';
import { ServiceDeskModule } from '../service-desk/service-desk.module';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { AwardModule } from '../award/award.module';
import { IssueModule } from '../issue/issue.module';
import { IssueLinkModule } from '../issue-link/issue-link.module';
import { StatusPageModule } from '../status-page/status-page.module';
import { PublishCommand } from './quick-actions/publish-command';
import { RelateCommand } from './quick-actions/relate-command';
import { QuickActionsModule } from './quick-actions/quick-actions.module';
import { CreateNoteAction } from './actions/create-note';
import { DestroyNoteAction } from './actions/destroy-note';
import { ResolveNoteAction } from './actions/resolve-note';
import { UpdateNoteAction } from './actions/update-note';
import { DiscussionController } from './discussion.controller';
import { DiscussionFinder } from './discussion.finder';
import { NotePageController } from './note-page.controller';
import { NoteController } from './note.controller';
import { NoteModule } from './note.module';
import { NoteResolver } from './note.resolver';
import { IssueDiscussionsResolver } from './issue-discussions.resolver';

/**
 * Writing and listing notes on issues: one action per verb (actions/), discussions.json and the
 * page's note endpoints, REST v4 notes and discussions, GraphQL note mutations. The REST
 * controllers come first: the page routes' `*project` wildcard would also match /api/v4 paths.
 */
@Module({
  imports: [NoteModule, IssueModule, MarkdownModule, QuickActionsModule, AwardModule, IssueLinkModule, SpamModule, ServiceDeskModule, StatusPageModule],
  controllers: [NoteController, DiscussionController, NotePageController],
  providers: [RelateCommand, PublishCommand, CreateNoteAction, UpdateNoteAction, DestroyNoteAction, ResolveNoteAction, DiscussionFinder, NoteResolver, IssueDiscussionsResolver],
  exports: [CreateNoteAction, UpdateNoteAction, DestroyNoteAction, ResolveNoteAction, DiscussionFinder],
})
export class DiscussionsModule {}
