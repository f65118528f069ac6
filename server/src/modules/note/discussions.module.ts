import { Module } from '@nestjs/common';
import { HistoryModule } from '../history/history.module';
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
import { DiscussionFinder } from './discussion.finder';
import { ISSUE_NOTEABLE, IssueNoteTargets } from './issue-noteable';
import { noteableControllersFor } from './noteable-controllers';
import { NoteModule } from './note.module';
import { NoteResolver } from './note.resolver';
import { IssueDiscussionsResolver } from './issue-discussions.resolver';

/**
 * Writing and listing notes: one action per verb (actions/) for every noteable type, and on
 * issues the shared noteable routes (REST v4 notes, discussions and award_emoji, the page's
 * discussions.json, note, award and description-version calls: noteableControllersFor) and
 * GraphQL note mutations.
 */
@Module({
  imports: [NoteModule, HistoryModule, IssueModule, MarkdownModule, QuickActionsModule, AwardModule, IssueLinkModule, SpamModule, ServiceDeskModule, StatusPageModule],
  controllers: noteableControllersFor(ISSUE_NOTEABLE),
  providers: [IssueNoteTargets, RelateCommand, PublishCommand, CreateNoteAction, UpdateNoteAction, DestroyNoteAction, ResolveNoteAction, DiscussionFinder, NoteResolver, IssueDiscussionsResolver],
  exports: [CreateNoteAction, UpdateNoteAction, DestroyNoteAction, ResolveNoteAction, DiscussionFinder],
})
export class DiscussionsModule {}
