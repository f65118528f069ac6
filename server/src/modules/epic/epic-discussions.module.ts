import { Module } from '@nestjs/common';
import { AwardModule } from '../award/award.module';
import { DiscussionsModule } from '../note/discussions.module';
import { NoteModule } from '../note/note.module';
import { IssueModule } from '../issue/issue.module';
import { EpicDescriptionVersionsController } from './discussions/epic-description-versions.controller';
import { EpicDiscussionsResolver } from './discussions/epic-discussions.resolver';
import { EpicNoteableAccess } from './discussions/epic-noteable-access';
import { EpicNotePageController } from './discussions/epic-note-page.controller';
import { EpicNoteTargets } from './discussions/epic-note-target';
import { EpicNotesRestController } from './discussions/epic-notes-rest.controller';
import { EpicModule } from './epic.module';

/**
 * Discussions on epics: the note actions on an epic target (EpicNoteTargets), the epic page's
 * and REST v4's note, discussion and award routes, and the epic stream's access port
 * (EpicNoteableAccess, given to RealtimeModule). Listed before the modules whose `*project`
 * page routes would also match `/groups/.../-/epics/...` paths.
 */
@Module({
  imports: [EpicModule, DiscussionsModule, NoteModule, AwardModule, IssueModule],
  controllers: [EpicNotesRestController, EpicNotePageController, EpicDescriptionVersionsController],
  providers: [EpicNoteTargets, EpicNoteableAccess, EpicDiscussionsResolver],
  exports: [EpicNoteTargets, EpicNoteableAccess],
})
export class EpicDiscussionsModule {}
