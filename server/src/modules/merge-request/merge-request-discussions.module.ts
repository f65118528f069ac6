import { Module } from '@nestjs/common';
import { MarkdownModule } from '../../core/markdown/markdown.module';
import { RepositoryModule } from '../repository/repository.module';
import { AwardModule } from '../award/award.module';
import { IssueModule } from '../issue/issue.module';
import { HistoryModule } from '../history/history.module';
import { DiscussionsModule } from '../note/discussions.module';
import { NoteModule } from '../note/note.module';
import { TodoModule } from '../todo/todo.module';
import { noteableControllersFor } from '../note/noteable-controllers';
import { MergeRequestNoteableAccess } from './discussions/merge-request-noteable-access';
import { MergeRequestPageController } from './discussions/merge-request-page.controller';
import { MERGE_REQUEST_NOTEABLE, MergeRequestNoteTargets } from './discussions/merge-request-note-target';
import { MergeRequestModule } from './merge-request.module';
import { DraftNotesController } from './drafts/draft-notes.controller';
import { DraftNotesService } from './drafts/draft-notes.service';
import { ApplySuggestionsAction } from './suggestions/apply-suggestions';
import { SuggestionsController } from './suggestions/suggestions.controller';
import { MergeRequestQuickActions } from './quick-actions/merge-request-quick-actions';

/**
 * Discussions on merge requests, the third noteable: the shared noteable routes (REST v4 notes,
 * discussions, awards, description versions; the page's calls under the merge request) and the
 * merge request stream's access port (MergeRequestNoteableAccess, given to RealtimeModule).
 */
@Module({
  imports: [MergeRequestModule, DiscussionsModule, NoteModule, AwardModule, IssueModule, HistoryModule, MarkdownModule, RepositoryModule, TodoModule],
  controllers: [...noteableControllersFor(MERGE_REQUEST_NOTEABLE), MergeRequestPageController, DraftNotesController, SuggestionsController],
  providers: [MergeRequestNoteTargets, MergeRequestNoteableAccess, DraftNotesService, ApplySuggestionsAction, MergeRequestQuickActions],
  exports: [MergeRequestNoteTargets, MergeRequestNoteableAccess],
})
export class MergeRequestDiscussionsModule {}
