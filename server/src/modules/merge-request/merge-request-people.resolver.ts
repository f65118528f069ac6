import { Inject } from '@nestjs/common';
import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { ConnectionArgs, connectionOf } from '../../core/graphql/connection';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { toUserType, UserCoreConnection } from '../user/user.graphql-types';
import { userFromRow } from '../user/user.row';
import { MergeRequestPeople } from './merge-request-people';
import { MergeRequestType } from './merge-request.resolver';

/** A merge request's participants (GitLab's `MergeRequest.participants`, read by the sidebar's getMrParticipants). */
@Resolver(() => MergeRequestType)
export class MergeRequestPeopleResolver {
  constructor(
    private readonly people: MergeRequestPeople,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_merge_request (checked when the merge request was loaded); internal notes' authors need read_internal_note. */
  @ResolveField(() => UserCoreConnection, { description: 'Participants in the merge request.' })
  async participants(@CurrentActor() actor: Actor | null, @Parent() m: MergeRequestType, @Args() args: ConnectionArgs): Promise<UserCoreConnection> {
    const rows = await this.people.participants(actor, m.loaded);
    return connectionOf(rows.map((r) => toUserType(userFromRow(r), this.config.publicUrl)), args) as UserCoreConnection;
  }
}
