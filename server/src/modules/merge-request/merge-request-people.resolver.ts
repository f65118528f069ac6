import { Inject } from '@nestjs/common';
import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { ConnectionArgs, connectionOf } from '../../core/graphql/connection';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { mergeRequestNoteableAbilities } from '../../core/policy/merge-request-permissions';
import type { Actor } from '../../core/policy/policy';
import { toUserType, UserCoreConnection } from '../user/user.graphql-types';
import { readParticipants } from '../user/participants';
import { userFromRow } from '../user/user.row';
import { mergeRequestFacts } from './merge-request.loader';
import { MergeRequestType } from './merge-request.resolver';

/**
 * A merge request's participants (read by the sidebar's getMrParticipants): the author, the
 * assignees, the reviewers, then whoever commented.
 */
export const MERGE_REQUEST_INVOLVED = [
  'SELECT author_id, 0 FROM merge_requests WHERE id = $1',
  'SELECT user_id, position FROM merge_request_assignees WHERE merge_request_id = $1',
  'SELECT user_id, position FROM merge_request_reviewers WHERE merge_request_id = $1',
];

@Resolver(() => MergeRequestType)
export class MergeRequestPeopleResolver {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_merge_request (checked when the merge request was loaded); internal notes' authors need read_internal_note. */
  @ResolveField(() => UserCoreConnection, { description: 'Participants in the merge request.' })
  async participants(@CurrentActor() actor: Actor | null, @Parent() m: MergeRequestType, @Args() args: ConnectionArgs): Promise<UserCoreConnection> {
    const l = m.loaded;
    const internal = mergeRequestNoteableAbilities(actor, l.facts, mergeRequestFacts(l.mr)).readInternalNote;
    const rows = await readParticipants(this.ds, { type: 'MergeRequest', id: l.mr.id }, MERGE_REQUEST_INVOLVED, internal);
    return connectionOf(rows.map((r) => toUserType(userFromRow(r), this.config.publicUrl)), args) as UserCoreConnection;
  }
}
