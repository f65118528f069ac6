import { Module } from '@nestjs/common';
import { IssueModule } from '../issue/issue.module';
import { NoteModule } from '../note/note.module';
import { AddAwardAction } from './actions/add-award';
import { RemoveAwardAction } from './actions/remove-award';
import { ToggleAwardAction } from './actions/toggle-award';
import { AwardPageController } from './award-page.controller';
import { AwardRest } from './award-rest';
import { AwardWriter } from './award-writer';
import { AwardController } from './award.controller';
import { AwardFinder } from './award.finder';
import { AwardResolver } from './award.resolver';
import { AwardableLoader } from './awardable.loader';

/** Emoji awards on issues and notes: finder, one action per verb, page and REST endpoints, GraphQL mutations. */
@Module({
  imports: [IssueModule, NoteModule],
  controllers: [AwardController, AwardPageController],
  providers: [AwardRest, AwardFinder, AwardableLoader, AwardWriter, ToggleAwardAction, AddAwardAction, RemoveAwardAction, AwardResolver],
  exports: [AwardRest, AwardFinder, AwardableLoader, ToggleAwardAction, AddAwardAction, RemoveAwardAction],
})
export class AwardModule {}
