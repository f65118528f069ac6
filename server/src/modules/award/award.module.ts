import { Module } from '@nestjs/common';
import { IssueModule } from '../issue/issue.module';
import { NoteModule } from '../note/note.module';
import { AddAwardAction } from './actions/add-award';
import { RemoveAwardAction } from './actions/remove-award';
import { ToggleAwardAction } from './actions/toggle-award';
import { AwardRest } from './award-rest';
import { AwardWriter } from './award-writer';
import { AwardFinder } from './award.finder';
import { AwardResolver } from './award.resolver';
import { AwardableLoader } from './awardable.loader';

/**
 * Emoji awards on issues, epics and notes: finder, loader, one action per verb, GraphQL mutations.
 * Their REST and page routes are mounted per noteable type by noteableControllersFor.
 */
@Module({
  imports: [IssueModule, NoteModule],
  providers: [AwardRest, AwardFinder, AwardableLoader, AwardWriter, ToggleAwardAction, AddAwardAction, RemoveAwardAction, AwardResolver],
  exports: [AwardRest, AwardFinder, AwardableLoader, ToggleAwardAction, AddAwardAction, RemoveAwardAction],
})
export class AwardModule {}
