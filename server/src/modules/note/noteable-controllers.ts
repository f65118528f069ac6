import type { Type } from '@nestjs/common';
import { awardPageControllerFor } from '../award/award-page.controller';
import { awardControllerFor } from '../award/award.controller';
import { historyControllerFor } from '../history/history.controller';
import { descriptionVersionsControllerFor } from './description-versions/description-versions.controller';
import { notePageControllerFor } from './note-page.controller';
import { noteControllerFor } from './note.controller';
import type { NoteableKind } from './noteable-kind';

/**
 * One noteable type's notes, discussions, awards, description versions and history (its
 * resource events too), REST v4 and the
 * page's JSON (GitLab's lib/api/notes.rb and discussions.rb loop over noteable types the same
 * way): the same classes for every type, each reading its noteable through `kind.targets`.
 * REST first: a page route's `*project` wildcard would also match an /api/v4 path. The module
 * that provides `kind.targets` mounts them, and needs the note actions, finders and award
 * services in scope (DiscussionsModule, AwardModule, IssueModule for the version store,
 * HistoryModule).
 */
export function noteableControllersFor(kind: NoteableKind): Array<Type<unknown>> {
  return [
    noteControllerFor(kind),
    awardControllerFor(kind),
    notePageControllerFor(kind),
    awardPageControllerFor(kind),
    descriptionVersionsControllerFor(kind),
    historyControllerFor(kind),
  ];
}
