import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { NOTES_FILTER } from '@tandem/shared-types';
import { ConnectionArgs, connectionOf } from '../../../core/graphql/connection';
import { parseGlobalId } from '../../../core/graphql/global-id';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import type { Actor } from '../../../core/policy/policy';
import { DiscussionFinder } from '../../note/discussion.finder';
import { DiscussionConnection, NoteConnection, toDiscussionType, toNoteType } from '../../note/note.graphql-types';
import { EpicType } from '../epic.graphql-types';
import { EpicNoteTargets } from './epic-note-target';

/** `Epic.discussions` / `Epic.notes` (GitLab's Noteable interface on epics), read by the discussion finder. */
@Resolver(() => EpicType)
export class EpicDiscussionsResolver {
  constructor(
    private readonly finder: DiscussionFinder,
    private readonly targets: EpicNoteTargets,
  ) {}

  /** Policy: read_epic (the epic is read again for this actor); internal notes for reporters and up. */
  @ResolveField(() => DiscussionConnection)
  async discussions(@CurrentActor() actor: Actor | null, @Parent() e: EpicType, @Args() args: ConnectionArgs) {
    const page = await this.finder.page(actor, await this.targets.byId(actor, parseGlobalId(e.id, ['Epic'])!), { filter: NOTES_FILTER.all });
    return connectionOf(page.discussions.map(toDiscussionType), args);
  }

  /** Policy: read_epic (the epic is read again for this actor); internal notes for reporters and up. */
  @ResolveField(() => NoteConnection)
  async notes(@CurrentActor() actor: Actor | null, @Parent() e: EpicType, @Args() args: ConnectionArgs) {
    const page = await this.finder.page(actor, await this.targets.byId(actor, parseGlobalId(e.id, ['Epic'])!), { filter: NOTES_FILTER.all });
    return connectionOf(page.discussions.flatMap((d) => d.notes.map(toNoteType)), args);
  }
}
