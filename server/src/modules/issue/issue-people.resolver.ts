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
import { readParticipants } from '../user/participants';
import { userFromRow } from '../user/user.row';
import { IssueType } from './issue.graphql-types';

/** An issue's participants: the author, the assignees, then whoever commented. */
const ISSUE_INVOLVED = ['SELECT author_id, 0 FROM issues WHERE id = $1', 'SELECT user_id, position FROM issue_assignees WHERE issue_id = $1'];

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
    const rows = id === null ? [] : await readParticipants(this.ds, { type: 'Issue', id }, ISSUE_INVOLVED, canProject(actor, 'read_confidential_issues', i.projectFacts));
    return connectionOf(rows.map((r) => toUserType(userFromRow(r), this.config.publicUrl)), args) as UserCoreConnection;
  }
}
