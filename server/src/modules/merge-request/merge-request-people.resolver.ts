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
import { USER_COLUMNS, userFromRow, type UserRow } from '../user/user.row';
import { mergeRequestFacts } from './merge-request.loader';
import { MergeRequestType } from './merge-request.resolver';

/**
 * A merge request's participants (GitLab's `MergeRequest.participants`, read by the sidebar's
 * getMrParticipants): the author, the assignees, the reviewers, then whoever commented, in order
 * of first involvement; internal notes' authors only for viewers who may read internal notes.
 */
const PARTICIPANTS_SQL = `WITH involved AS (
    SELECT m.author_id AS id, 0 AS ord, 0 AS k FROM merge_requests m WHERE m.id = $1
    UNION ALL SELECT a.user_id, 1, a.position FROM merge_request_assignees a WHERE a.merge_request_id = $1
    UNION ALL SELECT r.user_id, 2, r.position FROM merge_request_reviewers r WHERE r.merge_request_id = $1
    UNION ALL SELECT n.author_id, 3, n.id FROM notes n
      WHERE n.noteable_type = 'MergeRequest' AND n.noteable_id = $1 AND NOT n.system AND (NOT n.internal OR $2::boolean))
  SELECT ${USER_COLUMNS}, min(v.ord * 2147483647::bigint + v.k) AS first FROM involved v JOIN users u ON u.id = v.id
  GROUP BY u.id ORDER BY first`;

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
    const rows = (await this.ds.query(PARTICIPANTS_SQL, [l.mr.id, internal])) as UserRow[];
    return connectionOf(rows.map((r) => toUserType(userFromRow(r), this.config.publicUrl)), args) as UserCoreConnection;
  }
}
