import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { NOTES_FILTER } from '@tandem/shared-types';
import { ConnectionArgs, connectionOf } from '../../core/graphql/connection';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import type { IssueContext } from '../issue/issue-context';
import type { Issue } from '../issue/issue.entity';
import { IssueType } from '../issue/issue.graphql-types';
import type { Project } from '../project/project.entity';
import { DiscussionFinder } from './discussion.finder';
import { DiscussionConnection, NoteConnection, toDiscussionType, toNoteType } from './note.graphql-types';

/** The issue's `Issue.discussions` / `Issue.notes` (GitLab's Noteable interface), read by the discussion finder. */
@Resolver(() => IssueType)
export class IssueDiscussionsResolver {
  constructor(private readonly finder: DiscussionFinder) {}

  /** Policy: read_issue (checked when the issue was loaded); internal notes for readers of internal notes. */
  @ResolveField(() => DiscussionConnection)
  async discussions(@CurrentActor() actor: Actor | null, @Parent() i: IssueType, @Args() args: ConnectionArgs) {
    const page = await this.finder.page(actor, contextOf(i), { filter: NOTES_FILTER.all });
    return connectionOf(page.discussions.map(toDiscussionType), args);
  }

  /** Policy: read_issue (checked when the issue was loaded); internal notes for readers of internal notes. */
  @ResolveField(() => NoteConnection)
  async notes(@CurrentActor() actor: Actor | null, @Parent() i: IssueType, @Args() args: ConnectionArgs) {
    const page = await this.finder.page(actor, contextOf(i), { filter: NOTES_FILTER.all });
    return connectionOf(page.discussions.flatMap((d) => d.notes.map(toNoteType)), args);
  }
}

/** What the finder reads of an issue, from the GraphQL object (its id is `gid://tandem/Issue/<id>`). */
function contextOf(i: IssueType): IssueContext {
  const id = Number(i.id.slice(i.id.lastIndexOf('/') + 1));
  return {
    project: { id: i.projectId, fullPath: i.projectFullPath, archived: i.projectFacts.archived } as Project,
    projectFacts: i.projectFacts,
    issue: { id, iid: Number(i.iid) } as Issue,
    assigneeIds: [...i.issueFacts.assigneeIds],
    facts: i.issueFacts,
  };
}
