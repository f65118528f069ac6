import { Module } from '@nestjs/common';
import { HistoryModule } from '../history/history.module';
import { AwardModule } from '../award/award.module';
import { DiscussionsModule } from '../note/discussions.module';
import { NoteModule } from '../note/note.module';
import { noteableControllersFor } from '../note/noteable-controllers';
import { IssueModule } from '../issue/issue.module';
import { EpicDiscussionsResolver } from './discussions/epic-discussions.resolver';
import { EpicNoteableAccess } from './discussions/epic-noteable-access';
import { EpicPageController } from './discussions/epic-page.controller';
import { EPIC_NOTEABLE, EpicNoteTargets } from './discussions/epic-note-target';
import { EpicModule } from './epic.module';

/**
 * Discussions on epics: the note actions on an epic target (EpicNoteTargets), the shared
 * noteable routes mounted for epics (REST v4 and the page's note, discussion, award and
 * description-version calls), the epic page's start and notes poll, and the epic stream's access
 * port (EpicNoteableAccess, given to RealtimeModule). Listed before the modules whose
 * `*project` page routes would also match `/groups/.../-/epics/...` paths.
 */
@Module({
  imports: [EpicModule, HistoryModule, DiscussionsModule, NoteModule, AwardModule, IssueModule],
  controllers: [...noteableControllersFor(EPIC_NOTEABLE), EpicPageController],
  providers: [EpicNoteTargets, EpicNoteableAccess, EpicDiscussionsResolver],
  exports: [EpicNoteTargets, EpicNoteableAccess],
})
export class EpicDiscussionsModule {}
