import { Inject } from '@nestjs/common';
import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { ConnectionArgs, connectionOf } from '../../core/graphql/connection';
import { parseGlobalId } from '../../core/graphql/global-id';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { canProject, type Actor } from '../../core/policy/policy';
import { toUserType, UserCoreConnection } from '../user/user.graphql-types';
import { USER_COLUMNS, userFromRow, type UserRow } from '../user/user.row';
import { IssueType } from './issue.graphql-types';

/**
 * An issue's participants (GitLab's `Issue.participants`): the author, the assignees, then
 * whoever commented, in order of first involvement; internal notes' authors only for viewers
 * who may read internal notes.
 */
const PARTICIPANTS_SQL = `WITH involved AS (
    SELECT i.author_id AS id, 0 AS ord, 0 AS k FROM issues i WHERE i.id = $1
    UNION ALL SELECT ia.user_id, 1, ia.position FROM issue_assignees ia WHERE ia.issue_id = $1
    UNION ALL SELECT n.author_id, 2, n.id FROM notes n
      WHERE n.noteable_type = 'Issue' AND n.noteable_id = $1 AND NOT n.system AND (NOT n.internal OR $2::boolean))
  SELECT ${USER_COLUMNS}, min(v.ord * 2147483647::bigint + v.k) AS first FROM involved v JOIN users u ON u.id = v.id
  GROUP BY u.id ORDER BY first`;

@Resolver(() => IssueType)
export class IssuePeopleResolver {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_issue (checked when the issue was loaded); internal notes' authors need read_confidential_issues. */
  @ResolveField(() => UserCoreConnection, { description: 'List of participants in the issue.' })
  async participants(@CurrentActor() actor: Actor | null, @Parent() i: IssueType, @Args() args: ConnectionArgs): Promise<UserCoreConnection> {
    const id = parseGlobalId(i.id, ['Issue']);
    const rows = id === null ? [] : ((await this.ds.query(PARTICIPANTS_SQL, [id, canProject(actor, 'read_confidential_issues', i.projectFacts)])) as UserRow[]);
    return connectionOf(rows.map((r) => toUserType(userFromRow(r), this.config.publicUrl)), args) as UserCoreConnection;
  }
}
