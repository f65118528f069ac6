import { Module } from '@nestjs/common';
import { EpicModule } from '../epic/epic.module';
import { GroupModule } from '../group/group.module';
import { IssueModule } from '../issue/issue.module';
import { MergeRequestModule } from '../merge-request/merge-request.module';
import { ProjectModule } from '../project/project.module';
import { TodoModule } from '../todo/todo.module';
import { AutocompleteController } from './autocomplete.controller';
import { AutocompleteFinder } from './autocomplete.finder';
import { CommandSources } from './command-sources';
import { GroupAutocompleteController } from './group-autocomplete.controller';
import { GroupAutocompleteFinder } from './group-autocomplete.finder';

/**
 * Autocomplete sources of the comment form: a project's (members, issues, labels, milestones,
 * an issue's or a merge request's quick-action commands)
 * and a group's for its epics (the same and epics); the group's controller first, so the
 * project route's wildcard does not take its paths.
 */
@Module({
  imports: [ProjectModule, GroupModule, IssueModule, EpicModule, MergeRequestModule, TodoModule],
  controllers: [GroupAutocompleteController, AutocompleteController],
  providers: [AutocompleteFinder, GroupAutocompleteFinder, CommandSources],
})
export class AutocompleteModule {}
