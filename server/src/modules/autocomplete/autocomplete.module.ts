import { Module } from '@nestjs/common';
import { ProjectModule } from '../project/project.module';
import { AutocompleteController } from './autocomplete.controller';
import { AutocompleteFinder } from './autocomplete.finder';

/** Autocomplete sources of the comment form: members, issues, labels, milestones. */
@Module({ imports: [ProjectModule], controllers: [AutocompleteController], providers: [AutocompleteFinder] })
export class AutocompleteModule {}
